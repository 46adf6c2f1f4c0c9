import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const ClosingReasonsPage = lazyPage(() => import('./pages/ClosingReasonsPage.js'));

/** /closing-reasons: the company's closing reasons (issue #33), admins only. */
export const closingReasonsFeature: ShellFeature = {
  id: 'closing-reasons',
  menuPaths: ['/closing-reasons'],
  routes: [{ path: '/closing-reasons', Component: ClosingReasonsPage }],
};
