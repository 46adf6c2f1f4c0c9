import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const UsersPage = lazyPage(() => import('./pages/UsersPage.js'));

/** /users: the company's users (account-admin.md §2 Users list and user dialog, §5, §6). */
export const usersFeature: ShellFeature = {
  id: 'users',
  menuPaths: ['/users'],
  routes: [{ path: '/users', Component: UsersPage }],
};
