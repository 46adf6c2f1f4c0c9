import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const FilesPage = lazyPage(() => import('./pages/FilesPage.js'));

/** /files: file lists the chatbot and the queues send (outreach-config.md §2 File lists, §5, §7). */
export const filesFeature: ShellFeature = {
  id: 'files',
  menuPaths: ['/files'],
  routes: [{ path: '/files', Component: FilesPage }],
};
