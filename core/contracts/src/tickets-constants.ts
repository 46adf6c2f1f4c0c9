/**
 * Tickets (inbox.md §3, §4, §7 Tickets): statuses, live events, rooms. No zod here: the web's first
 * screen reads these without loading the schemas (tickets.ts, issue #28).
 */

export const TicketStatuses = ['pending', 'open', 'closed', 'group'] as const;
export type TicketStatus = (typeof TicketStatuses)[number];
/** Statuses of the one active ticket a contact may have per connection. */
export const ActiveTicketStatuses: readonly TicketStatus[] = ['pending', 'open', 'group'];

export const TicketLogTypes = [
  'create', 'chatBot', 'queue', 'open', 'access', 'transfered', 'receivedTransfer', 'closed', 'reopen', 'pending', 'delete',
  // "toggle integration" (inbox.md §4): handed to the queue's integration or prompt, taken back.
  'integrationOn', 'integrationOff',
] as const;
export type TicketLogType = (typeof TicketLogTypes)[number];

export const TICKETS_PAGE_SIZE = 40;

/** Live events of tickets and their messages; they reach only the rooms of users allowed to see the ticket. */
export const TicketEvents = {
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  presence: (companyId: number) => `company-${companyId}-presence`,
} as const;

/**
 * Rooms of the ticket room policy: a plain user's sockets join one room per queue of theirs, and
 * the no-queue room when their allTicket is 'enable'; a ticket's viewers join Rooms.ticket(uuid).
 */
export const TicketRooms = {
  queue: (companyId: number, queueId: number) => `company:${companyId}:queue:${queueId}`,
  queuePrefix: (companyId: number) => `company:${companyId}:queue:`,
  noQueue: (companyId: number) => `company:${companyId}:noqueue`,
} as const;

/** Client → server socket events joining a ticket's room (payload: the ticket uuid). */
export const TicketSocketJoins = ['joinChatBox', 'joinTickets'] as const;

/** Validation keys of the tickets API (the web translates them). */
export const TicketV = {
  idList: 'validation.ticketIdList',
  queueRequired: 'validation.ticketQueueRequired',
  cursor: 'validation.ticketCursor',
  date: 'validation.ticketDate',
} as const;
