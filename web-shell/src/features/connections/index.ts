import './i18n/register.js';
import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const ConnectionsPage = lazyPage(() => import('./pages/ConnectionsPage.js'));

/** /connections: channel connections and their sessions (account-admin.md §2, §4; issue 5). */
export const connectionsFeature: ShellFeature = {
  id: 'connections',
  menuPaths: ['/connections'],
  routes: [{ path: '/connections', Component: ConnectionsPage }],
};
