import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';
import './schedules.css';

const SchedulesPage = lazy(() => import('./pages/SchedulesPage'));

function SchedulesRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <SchedulesPage />
    </Suspense>
  );
}

/** Scheduled messages (outreach-config.md, "Schedules"); the shell's menu lists /schedules. */
export default defineWebModule({
  id: 'schedules',
  planFlag: 'useSchedules',
  routes: [{ path: '/schedules', Component: SchedulesRoute }],
  menu: [{ to: '/schedules', labelKey: 'schedules:menu', icon: 'calendar' }],
});
