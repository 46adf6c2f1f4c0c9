import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import { ChatPopover } from './components/ChatPopover';
import './i18n/register';
import './internal-chat.css';

const ChatsPage = lazy(() => import('./pages/ChatsPage'));

function ChatsRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <ChatsPage />
    </Suspense>
  );
}

/** Internal chat between the users of a company (outreach-config.md, "Internal chat"). */
export default defineWebModule({
  id: 'internal-chat',
  planFlag: 'useInternalChat',
  routes: [
    { path: '/chats', Component: ChatsRoute },
    { path: '/chats/:uuid', Component: ChatsRoute },
  ],
  menu: [{ to: '/chats', labelKey: 'internalChat:menu', icon: 'chat' }],
  topBar: [ChatPopover],
});
