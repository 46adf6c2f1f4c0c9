import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const QueuesPage = lazyPage(() => import('./pages/QueuesPage.js'));

/** /queues: the company's queues (outreach-config.md §2 Queues, §5, §7). */
export const queuesFeature: ShellFeature = {
  id: 'queues',
  menuPaths: ['/queues'],
  routes: [{ path: '/queues', Component: QueuesPage }],
};
