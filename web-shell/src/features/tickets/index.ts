import './i18n/register.js';
import './tickets.css';
import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const TicketsPage = lazyPage(() => import('./components/TicketsPage.js').then((m) => ({ default: m.TicketsPage })));

/** The tickets screen (inbox.md §2): /tickets and /tickets/{uuid}. */
export const ticketsFeature: ShellFeature = {
  id: 'tickets',
  menuPaths: ['/tickets'],
  routes: [
    { path: '/tickets', Component: TicketsPage },
    { path: '/tickets/:ticketId', Component: TicketsPage },
  ],
};
