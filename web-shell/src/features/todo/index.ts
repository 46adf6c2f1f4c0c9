import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const TodoPage = lazyPage(() => import('./pages/TodoPage.js'));

/** /todolist: the user's local to-do list (outreach-config.md: To-do list). Browser-only storage. */
export const todoFeature: ShellFeature = {
  id: 'todo',
  menuPaths: ['/todolist'],
  routes: [{ path: '/todolist', Component: TodoPage }],
};
