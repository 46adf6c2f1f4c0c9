import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const OnCallPage = lazyPage(() => import('./pages/OnCallPage.js'));

/**
 * /plantao: the on-call rota (outreach-config.md: On-call duty schedules). Server: plugins/on-call
 * (no plan flag), so the page lives in the shell rather than in a plan-gated remote.
 */
export const onCallFeature: ShellFeature = {
  id: 'on-call',
  menuPaths: ['/plantao'],
  routes: [{ path: '/plantao', Component: OnCallPage }],
};
