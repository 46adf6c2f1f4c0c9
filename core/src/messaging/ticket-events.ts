import { Rooms, TicketEvents, TicketRooms } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { maskTicket, ticketDetails, type TicketDetails } from './ticket-details.js';

type Audience = Pick<TicketRow, 'companyId' | 'userId' | 'queueId'>;

/**
 * The plain users' room allowed to see a ticket (ARCHITECTURE §7): its assignee, else the members
 * of its queue, else the users with allTicket. Admins are always reached through their own room.
 */
export function audienceRoom(ticket: Audience): string {
  if (ticket.userId !== null) return Rooms.user(ticket.userId);
  if (ticket.queueId !== null) return TicketRooms.queue(ticket.companyId, ticket.queueId);
  return TicketRooms.noQueue(ticket.companyId);
}

function roomsOf(ticket: Audience & Pick<TicketRow, 'uuid'>): string[] {
  return [audienceRoom(ticket), Rooms.ticket(ticket.uuid)];
}

async function hidesNumbersForUsers(core: CoreServices, companyId: number): Promise<boolean> {
  return (await core.settings.get(companyId, 'lgpdHideNumber')) === 'enabled';
}

/**
 * One emit per audience so a socket in several rooms gets the event once: the admins' room the
 * full record, every other allowed room (except admins) the record masked under lgpdHideNumber.
 */
async function fanOut(
  core: CoreServices,
  ticket: TicketRow,
  event: string,
  payload: (details: TicketDetails | null) => Record<string, unknown>,
  details: TicketDetails | null,
): Promise<void> {
  const admins = Rooms.companyAdmins(ticket.companyId);
  core.io.to(admins).emit(event, payload(details));
  const masked = details && (await hidesNumbersForUsers(core, ticket.companyId)) ? maskTicket(details) : details;
  core.io.to(roomsOf(ticket)).except(admins).emit(event, payload(masked));
}

/**
 * company-{id}-ticket. When `previous` (the ticket's assignee/queue before this change) reached
 * other users, they get a delete so the ticket leaves their lists, and their sockets leave the
 * ticket's room: they may no longer see it.
 */
export async function emitTicket(
  core: CoreServices,
  ticket: TicketRow,
  action: 'update' | 'delete' | 'updateUnread',
  previous?: Audience,
): Promise<void> {
  const event = TicketEvents.ticket(ticket.companyId);
  if (action !== 'update') {
    await fanOut(core, ticket, event, () => ({ action, ticketId: ticket.id }), null);
    if (action === 'delete') core.io.in(Rooms.ticket(ticket.uuid)).socketsLeave(Rooms.ticket(ticket.uuid));
    return;
  }
  if (previous && audienceRoom(previous) !== audienceRoom(ticket)) {
    const stillAllowed = [Rooms.companyAdmins(ticket.companyId), audienceRoom(ticket)];
    core.io.to(audienceRoom(previous)).except(stillAllowed).emit(event, { action: 'delete', ticketId: ticket.id });
    core.io.in(Rooms.ticket(ticket.uuid)).except(stillAllowed).socketsLeave(Rooms.ticket(ticket.uuid));
  }
  const details = await ticketDetails(core.db, ticket);
  await fanOut(core, ticket, event, (t) => ({ action, ticket: t }), details);
}

/** company-{id}-appMessage { action, message, ticket, contact } to the ticket's allowed rooms. */
export async function emitMessage(core: CoreServices, ticket: TicketRow, message: unknown, action: 'create' | 'update'): Promise<void> {
  const details = await ticketDetails(core.db, ticket);
  await fanOut(core, ticket, TicketEvents.appMessage(ticket.companyId), (t) => ({ action, message, ticket: t, contact: t?.contact }), details);
}

/** company-{id}-presence { action: 'update', ticketId, presence } (composing, recording, ...). */
export async function emitPresence(core: CoreServices, ticket: TicketRow, presence: string): Promise<void> {
  await fanOut(core, ticket, TicketEvents.presence(ticket.companyId), () => ({ action: 'update', ticketId: ticket.id, presence }), null);
}
