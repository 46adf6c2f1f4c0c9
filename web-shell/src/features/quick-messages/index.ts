import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const QuickMessagesPage = lazyPage(() => import('./pages/QuickMessagesPage.js'));

/** /quick-messages: the '/' shortcuts of the message input (outreach-config.md §2, §5, §6, §7). */
export const quickMessagesFeature: ShellFeature = {
  id: 'quick-messages',
  menuPaths: ['/quick-messages'],
  routes: [{ path: '/quick-messages', Component: QuickMessagesPage }],
};
