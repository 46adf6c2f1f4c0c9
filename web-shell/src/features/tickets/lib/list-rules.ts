import type { Contact } from '@guiche/contracts';
import type { Ticket, TicketPage } from '../api/types.js';
import { NO_QUEUE_ID, type ListFilter } from './ticket-filters.js';

export interface ListViewer {
  id: number;
}

/**
 * Whether a ticket belongs in a list (inbox.md §4 live behaviour): its status, its queue among the
 * selected ones ('Sem fila' for none), someone else's ticket only with show-all, and the search
 * filters. A text search cannot be judged here (the server also matches message bodies):
 * 'unknown' keeps a row that is there without adding a new one.
 */
export function matchesFilter(ticket: Ticket, filter: ListFilter, viewer: ListViewer): boolean | 'unknown' {
  if (filter.status.length && !filter.status.includes(ticket.status)) return false;
  if (!filter.queueIds.includes(ticket.queueId ?? NO_QUEUE_ID)) return false;
  if (!filter.showAll && ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (filter.tags.length && !(ticket.tags ?? []).some((tag) => filter.tags.includes(tag.id))) return false;
  if (filter.whatsapps.length && (ticket.whatsappId === null || !filter.whatsapps.includes(ticket.whatsappId))) return false;
  if (filter.users.length && (ticket.userId === null || !filter.users.includes(ticket.userId))) return false;
  if (filter.myWallet) {
    const owner = (ticket.contact as { ownerUserId?: number | null } | undefined)?.ownerUserId;
    if (owner === undefined) return 'unknown';
    if (owner !== viewer.id) return false;
  }
  return filter.searchParam ? 'unknown' : true;
}

/** A live change, as the list understands it. */
export type ListChange =
  | { kind: 'ticket'; ticket: Ticket }
  | { kind: 'message'; ticket: Ticket }
  | { kind: 'delete'; ticketId: number }
  | { kind: 'unreadReset'; ticketId: number }
  | { kind: 'contact'; contact: Contact }
  | { kind: 'contactDelete'; contactId: number };

/**
 * The list after one change:
 * - a ticket update replaces the row where it is, or adds it on top when it now belongs;
 * - a new message moves the row to the top (and adds it when it belongs);
 * - a ticket that no longer belongs (status, queue not selected, now someone else's) leaves;
 * - delete removes it, unread reset zeroes its badge, a contact update refreshes every row of that contact.
 */
export function applyChange(tickets: readonly Ticket[], change: ListChange, filter: ListFilter, viewer: ListViewer): Ticket[] {
  switch (change.kind) {
    case 'delete':
      return tickets.filter((t) => t.id !== change.ticketId);
    case 'unreadReset':
      return tickets.map((t) => (t.id === change.ticketId && t.unreadMessages ? { ...t, unreadMessages: 0 } : t));
    case 'contact':
      return tickets.map((t) => (t.contactId === change.contact.id ? { ...t, contact: { ...t.contact, ...change.contact } } : t));
    case 'contactDelete':
      return tickets.filter((t) => t.contactId !== change.contactId);
    case 'ticket':
    case 'message': {
      const { ticket } = change;
      const match = matchesFilter(ticket, filter, viewer);
      const index = tickets.findIndex((t) => t.id === ticket.id);
      if (match === false) return index === -1 ? [...tickets] : tickets.filter((t) => t.id !== ticket.id);
      if (change.kind === 'ticket' && index !== -1) return tickets.map((t, i) => (i === index ? ticket : t));
      if (index === -1 && match === 'unknown') return [...tickets];
      return [ticket, ...tickets.filter((t) => t.id !== ticket.id)];
    }
  }
}

/** Every row of the loaded pages once, in order (a row that moved between two fetches is shown once). */
export function flattenPages(pages: readonly TicketPage[] | undefined): Ticket[] {
  const seen = new Set<number>();
  const out: Ticket[] = [];
  for (const page of pages ?? []) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

/**
 * Applies a change to react-query's pages without losing their cursors: rows removed where they
 * are, a row moved or added on top goes to the first page.
 */
export function applyChangeToPages(pages: readonly TicketPage[], change: ListChange, filter: ListFilter, viewer: ListViewer): TicketPage[] {
  const before = flattenPages(pages);
  const after = applyChange(before, change, filter, viewer);
  const afterById = new Map(after.map((t) => [t.id, t]));
  const firstAfter = after[0];
  const movedToTop = firstAfter !== undefined && before[0]?.id !== firstAfter.id ? firstAfter : null;
  return pages.map((page, pageIndex) => {
    const kept = page.tickets.flatMap((t) => {
      if (movedToTop && t.id === movedToTop.id) return [];
      const now = afterById.get(t.id);
      return now ? [now] : [];
    });
    return { ...page, tickets: pageIndex === 0 && movedToTop ? [movedToTop, ...kept] : kept };
  });
}

/** Open-view tab badges: how many tickets of a list have unread messages. */
export function unreadTickets(tickets: readonly Ticket[]): number {
  return tickets.reduce((n, t) => n + ((t.unreadMessages ?? 0) > 0 ? 1 : 0), 0);
}
