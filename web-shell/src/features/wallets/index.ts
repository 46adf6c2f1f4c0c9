import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const WalletsPage = lazyPage(() => import('./pages/WalletsPage.js'));

/** /wallets (issue #33): agents who own contacts, with counts and their contacts. */
export const walletsFeature: ShellFeature = {
  id: 'wallets',
  menuPaths: ['/wallets'],
  routes: [{ path: '/wallets', Component: WalletsPage }],
};
