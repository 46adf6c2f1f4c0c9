import './i18n/register.js';
import './tickets.css';
import type { ShellFeature } from '../feature.js';
import { TicketsPage } from './components/TicketsPage.js';

/** The tickets screen (inbox.md §2): /tickets and /tickets/{uuid}. */
export const ticketsFeature: ShellFeature = {
  id: 'tickets',
  menuPaths: ['/tickets'],
  routes: [
    { path: '/tickets', Component: TicketsPage },
    { path: '/tickets/:ticketId', Component: TicketsPage },
  ],
};
