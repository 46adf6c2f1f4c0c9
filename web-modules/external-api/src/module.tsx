import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';
import './external-api.css';

const MessagesApiPage = lazy(() => import('./pages/MessagesApiPage'));
const WebhooksPage = lazy(() => import('./webhooks/WebhooksPage'));

function MessagesApiRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <MessagesApiPage />
    </Suspense>
  );
}

function WebhooksRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <WebhooksPage />
    </Suspense>
  );
}

/** The external messages API page (outreach-config.md, "Messages API page"). */
export default defineWebModule({
  id: 'external-api',
  planFlag: 'useExternalApi',
  routes: [
    { path: '/messages-api', Component: MessagesApiRoute },
    { path: '/messages-api/webhooks', Component: WebhooksRoute },
  ],
  menu: [
    { to: '/messages-api', labelKey: 'messagesApi:menu', icon: 'code' },
    { to: '/messages-api/webhooks', labelKey: 'messagesApi:webhooks.menu', icon: 'send-to', section: 'admin' },
  ],
});
