import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const ReportsPage = lazyPage(() => import('./pages/ReportsPage.js'));

/** /reports: the tickets report with its Excel export (outreach-config.md Tickets report). */
export const reportsFeature: ShellFeature = {
  id: 'reports',
  menuPaths: ['/reports'],
  routes: [{ path: '/reports', Component: ReportsPage }],
};
