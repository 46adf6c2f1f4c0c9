import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const SettingsPage = lazyPage(() => import('./pages/SettingsPage.js'));

/** /settings: the company's routing, ticket and LGPD options and its service hours (account-admin.md §2, §3). */
export const settingsFeature: ShellFeature = {
  id: 'settings',
  menuPaths: ['/settings'],
  routes: [{ path: '/settings', Component: SettingsPage }],
};
