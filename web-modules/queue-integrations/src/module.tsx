import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';
import './queue-integrations.css';

const IntegrationsPage = lazy(() => import('./pages/IntegrationsPage'));

function IntegrationsRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <IntegrationsPage />
    </Suspense>
  );
}

/** Queue integrations (outreach-config.md, "Queue integrations"); the shell's menu lists /queue-integration. */
export default defineWebModule({
  id: 'queue-integrations',
  planFlag: 'useIntegrations',
  routes: [{ path: '/queue-integration', Component: IntegrationsRoute }],
  menu: [{ to: '/queue-integration', labelKey: 'queueIntegrations:menu', icon: 'data-connection', section: 'admin' }],
});
