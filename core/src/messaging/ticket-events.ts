import { Rooms, TicketEvents, TicketRooms } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { currentTicketDetails, maskTicket, ticketDetails, type TicketDetails } from './ticket-details.js';
import { findMessage, toRecords, type MessageRow } from './messages-repository.js';

type Audience = Pick<TicketRow, 'companyId' | 'userId' | 'queueId'> & Partial<Pick<TicketRow, 'status'>>;

/**
 * Bus topic of every ticket event (any node, any plugin): what changed, without the details read.
 * Plugins react to it (on-call reminders stop on accept, the website widget shows a closed
 * conversation, boards move cards) instead of polling tickets.
 */
export const TICKET_CHANGED = 'core.ticket.changed';
export interface TicketChange {
  action: 'update' | 'delete' | 'updateUnread';
  companyId: number;
  ticketId: number;
  uuid: string;
  contactId: number;
  whatsappId: number | null;
  channel: string;
  status: string;
  userId: number | null;
  queueId: number | null;
  /** The status before this change, when the caller knew it (transitions do). */
  previousStatus: string | null;
}

async function publishChange(core: CoreServices, ticket: TicketRow, action: TicketChange['action'], previous?: Audience): Promise<void> {
  const change: TicketChange = {
    action,
    companyId: ticket.companyId,
    ticketId: ticket.id,
    uuid: ticket.uuid,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    channel: ticket.channel,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    previousStatus: previous?.status ?? null,
  };
  await core.bus.publish(TICKET_CHANGED, change, { companyId: ticket.companyId }).catch((err: unknown) => core.log.warn({ err, ticketId: ticket.id }, 'ticket change not published'));
}

/**
 * Bus topic of every message event (created, or updated: ack, edit, media, deletion), published
 * with the live event. Ids, the ack and the kind only: a subscriber reads the record when it needs it.
 */
export const MESSAGE_CHANGED = 'core.message.changed';
export interface MessageChange {
  action: 'create' | 'update';
  companyId: number;
  ticketId: number;
  messageId: number;
  fromMe: boolean;
  ack: number;
  /** The message's kind ('chat', 'audio', 'image'…): a subscriber for one kind skips the rest without a query. */
  mediaType: string;
}

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
 * full payload, every other allowed room (except admins) the payload built with `hide` when the
 * company masks numbers for plain users (lgpdHideNumber).
 */
async function fanOut(
  core: CoreServices,
  ticket: TicketRow,
  event: string,
  payload: (hide: boolean) => Record<string, unknown> | Promise<Record<string, unknown>>,
): Promise<void> {
  const admins = Rooms.companyAdmins(ticket.companyId);
  const hide = await hidesNumbersForUsers(core, ticket.companyId);
  const full = await payload(false);
  const forUsers = hide ? await payload(true) : full;
  core.io.to(admins).emit(event, full);
  core.io.to(roomsOf(ticket)).except(admins).emit(event, forUsers);
}

/**
 * company-{id}-ticket. When `previous` (the ticket's assignee/queue before this change) reached
 * other users, they get a delete with reason 'moved' so the ticket leaves their lists, and their sockets leave the
 * ticket's room: they may no longer see it. `details`: the ticket's details when the caller has
 * already read them for this very row (ingest reuses them for the message event).
 */
export async function emitTicket(
  core: CoreServices,
  ticket: TicketRow,
  action: 'update' | 'delete' | 'updateUnread',
  previous?: Audience,
  details?: TicketDetails,
): Promise<void> {
  const event = TicketEvents.ticket(ticket.companyId);
  await publishChange(core, ticket, action, previous);
  if (action !== 'update') {
    await fanOut(core, ticket, event, () => ({ action, ticketId: ticket.id }));
    if (action === 'delete') core.io.in(Rooms.ticket(ticket.uuid)).socketsLeave(Rooms.ticket(ticket.uuid));
    return;
  }
  if (previous && audienceRoom(previous) !== audienceRoom(ticket)) {
    const stillAllowed = [Rooms.companyAdmins(ticket.companyId), audienceRoom(ticket)];
    // reason 'moved': the ticket still exists (transferred, requeued); only a real deletion has no reason.
    core.io.to(audienceRoom(previous)).except(stillAllowed).emit(event, { action: 'delete', ticketId: ticket.id, reason: 'moved' });
    core.io.in(Rooms.ticket(ticket.uuid)).except(stillAllowed).socketsLeave(Rooms.ticket(ticket.uuid));
  }
  const shown = details ?? (await ticketDetails(core.db, ticket));
  await fanOut(core, ticket, event, (hide) => ({ action, ticket: hide ? maskTicket(shown) : shown }));
}

/**
 * company-{id}-appMessage { action, message, ticket, contact } to the ticket's allowed rooms. The
 * message is the record GET /messages/{ticketId} answers for it, masked per audience like the ticket.
 * `message` is its id, or the stored row when the caller has it (ingest: the row its insert returned);
 * `details` as for emitTicket.
 */
export async function emitMessage(
  core: CoreServices,
  ticket: TicketRow,
  message: number | MessageRow,
  action: 'create' | 'update',
  details?: TicketDetails,
): Promise<void> {
  const row = typeof message === 'number' ? await findMessage(core.db, ticket.companyId, message) : message;
  if (!row) return;
  const change: MessageChange = { action, companyId: ticket.companyId, ticketId: ticket.id, messageId: Number(row.id), fromMe: Boolean(row.fromMe), ack: Number(row.ack ?? 0), mediaType: String(row.mediaType ?? 'chat') };
  await core.bus.publish(MESSAGE_CHANGED, change, { companyId: ticket.companyId }).catch((err: unknown) => core.log.warn({ err, messageId: row.id }, 'message change not published'));
  const full = details ?? (await ticketDetails(core.db, ticket));
  await fanOut(core, ticket, TicketEvents.appMessage(ticket.companyId), async (hide) => {
    // The ticket's contact is usually the message's: read with the details, not once more.
    const [record] = await toRecords(core.db, core.storage, ticket.companyId, [row], hide, [full.contact]);
    const shown = hide ? maskTicket(full) : full;
    return { action, message: record, ticket: shown, contact: shown.contact };
  });
}

/**
 * emitMessage with the ticket as committed now, read with its details in one statement: for
 * events after a commit, when the ticket may have changed since the caller's copy (the bot routed
 * it inside the same transaction, an agent moved it while the send was out).
 */
export async function emitMessageAsCommitted(core: CoreServices, ticketId: number, message: MessageRow, action: 'create' | 'update'): Promise<void> {
  const details = await currentTicketDetails(core.db, ticketId);
  if (details) await emitMessage(core, details, message, action, details);
}

/** company-{id}-presence { action: 'update', ticketId, presence } (composing, recording, ...). */
export async function emitPresence(core: CoreServices, ticket: TicketRow, presence: string): Promise<void> {
  await fanOut(core, ticket, TicketEvents.presence(ticket.companyId), () => ({ action: 'update', ticketId: ticket.id, presence }));
}
