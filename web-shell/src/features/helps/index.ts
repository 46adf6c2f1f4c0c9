import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const HelpsPage = lazyPage(() => import('./pages/HelpsPage.js'));

/** /helps: the platform's help videos, for everyone (account-admin.md §2 Help page). */
export const helpsFeature: ShellFeature = {
  id: 'helps',
  menuPaths: ['/helps'],
  routes: [{ path: '/helps', Component: HelpsPage }],
};
