import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const DashboardPage = lazyPage(() => import('./pages/DashboardPage.js'));

/** / : the dashboard (inbox.md §2 Dashboard, §3 counters, §7 Dashboard calls). */
export const dashboardFeature: ShellFeature = {
  id: 'dashboard',
  menuPaths: ['/'],
  routes: [{ path: '/', Component: DashboardPage }],
};
