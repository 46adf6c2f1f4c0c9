import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const AuditPage = lazyPage(() => import('./pages/AuditPage.js'));

/** /audit: who changed what in the configuration, sign-ins and exports (issue #33). Admins: their company; super users: all. */
export const auditFeature: ShellFeature = {
  id: 'audit',
  menuPaths: ['/audit'],
  routes: [{ path: '/audit', Component: AuditPage }],
};
