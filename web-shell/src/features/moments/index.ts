import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const MomentsPage = lazyPage(() => import('./pages/MomentsPage.js'));

/** /moments: live cards of the agents' open tickets and the pending ones (inbox.md §2 Real-time moments). */
export const momentsFeature: ShellFeature = {
  id: 'moments',
  menuPaths: ['/moments'],
  routes: [{ path: '/moments', Component: MomentsPage }],
};
