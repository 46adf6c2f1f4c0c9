import type { Ticket } from '../api/types.js';

export interface NotifiedUser {
  id: number;
  queueIds: readonly number[];
  /** allTicket 'enable': also unassigned tickets without a queue (inbox.md §6). */
  allTicket: boolean;
}

/** Whose notifications a ticket belongs in: its assignee's, or, unassigned, the members of its queue. */
export function concernsUser(ticket: Pick<Ticket, 'userId' | 'queueId'>, user: NotifiedUser): boolean {
  if (ticket.userId !== null) return ticket.userId === user.id;
  if (ticket.queueId === null) return user.allTicket;
  return user.queueIds.includes(ticket.queueId);
}

/**
 * The notifications list after a ticket changed: a ticket with unread messages that concerns the
 * user comes first, anything else leaves.
 */
export function updateNotifications(list: readonly Ticket[], ticket: Ticket, user: NotifiedUser): Ticket[] {
  const rest = list.filter((t) => t.id !== ticket.id);
  const unread = (ticket.unreadMessages ?? 0) > 0 && ticket.status !== 'closed';
  return unread && concernsUser(ticket, user) ? [ticket, ...rest] : rest;
}

/**
 * A sound (and a desktop notice) for a contact's message, unless the agent is already looking at
 * that conversation in a visible tab.
 */
export function shouldAlert(fromMe: boolean, ticket: Pick<Ticket, 'uuid'>, openTicketUuid: string | null, pageVisible: boolean): boolean {
  if (fromMe) return false;
  return !(pageVisible && openTicketUuid === ticket.uuid);
}
