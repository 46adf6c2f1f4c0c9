import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';
import './external-api.css';

const MessagesApiPage = lazy(() => import('./pages/MessagesApiPage'));

function MessagesApiRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <MessagesApiPage />
    </Suspense>
  );
}

/** The external messages API page (outreach-config.md, "Messages API page"). */
export default defineWebModule({
  id: 'external-api',
  planFlag: 'useExternalApi',
  routes: [{ path: '/messages-api', Component: MessagesApiRoute }],
  menu: [{ to: '/messages-api', labelKey: 'messagesApi:menu', icon: 'code' }],
});
