import './i18n/register.js';
import './dashboard.css';
import type { ShellFeature } from '../feature.js';
import DashboardPage from './pages/DashboardPage.js';

/** / : the dashboard (inbox.md §2 Dashboard, §3 counters, §7 Dashboard calls). */
export const dashboardFeature: ShellFeature = {
  id: 'dashboard',
  menuPaths: ['/'],
  routes: [{ path: '/', Component: DashboardPage }],
};
