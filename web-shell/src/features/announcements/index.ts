import './i18n/register.js';
import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const AnnouncementsPage = lazyPage(() => import('./pages/AnnouncementsPage.js'));

/** /announcements: the platform's announcements, for super users (outreach-config.md Announcements). */
export const announcementsFeature: ShellFeature = {
  id: 'announcements',
  menuPaths: ['/announcements'],
  routes: [{ path: '/announcements', Component: AnnouncementsPage }],
};

export { AnnouncementsPopover } from './components/AnnouncementsPopover.js';
