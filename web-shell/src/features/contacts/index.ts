import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const ContactsPage = lazyPage(() => import('./pages/ContactsPage.js'));

/** /contacts: the company's contacts (inbox.md §2 Contacts, §5, §6, §7). */
export const contactsFeature: ShellFeature = {
  id: 'contacts',
  menuPaths: ['/contacts'],
  routes: [{ path: '/contacts', Component: ContactsPage }],
};
