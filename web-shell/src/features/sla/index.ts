import './i18n/register.js';
import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const SlaTargetsPage = lazyPage(() => import('./pages/SlaTargetsPage.js'));

export { SlaCountdown } from './components/SlaCountdown.js';
export { SlaBreachNotices } from './components/SlaBreachNotices.js';

/** /sla: the company's SLA targets (issue #33), admins only. */
export const slaFeature: ShellFeature = {
  id: 'sla',
  menuPaths: ['/sla'],
  routes: [{ path: '/sla', Component: SlaTargetsPage }],
};
