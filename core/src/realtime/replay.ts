import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { MESSAGE_COLUMNS, type MessageRow } from '../messaging/messages-repository.js';
import { emitMessage } from '../messaging/ticket-events.js';
import { ticketDetails } from '../messaging/ticket-details.js';

/** At most this many messages are announced again per take-over (the newest ones). */
const REPLAY_LIMIT = 2_000;

/**
 * The window a node's last live events may have been lost in when it died: it stops renewing its
 * leases at death, a lapsed lease is taken within one watch period, and a margin covers the gap
 * between a commit and its publish under load.
 */
export function replayWindowMs(config: Pick<CoreServices['config'], 'CHANNEL_LEASE_TTL_MS' | 'CHANNEL_LEASE_WATCH_MS'>): number {
  return config.CHANNEL_LEASE_TTL_MS + config.CHANNEL_LEASE_WATCH_MS + 10_000;
}

/**
 * The highest message id created before the window: ids grow with time, so the window's messages
 * are the ids above it, read through the primary key (a walk back over the window's rows only,
 * whatever the table's size; no index on timestamps needed).
 */
async function floorId(core: CoreServices, windowMs: number): Promise<number> {
  const row = await core.db('messages')
    .where('createdAt', '<', core.db.raw("now() - (? * interval '1 millisecond')", [windowMs]))
    .orderBy('id', 'desc')
    .first('id');
  return row ? Number(row.id) : 0;
}

/**
 * Each message again as a 'create' (clients dedupe by id), carrying its ticket as it is now (the
 * lists take the ticket from the message event). No ticket event: its bus topic would make
 * plugins react to a change that did not happen again.
 */
async function announce(core: CoreServices, rows: MessageRow[]): Promise<void> {
  // A ticket goes up the agents' lists with each new message: the one with the newest message last, so it ends on top.
  const newest = new Map<number, number>();
  for (const row of rows) newest.set(Number(row.ticketId), Math.max(newest.get(Number(row.ticketId)) ?? 0, Number(row.id)));
  const ticketIds = [...newest.keys()].sort((a, b) => newest.get(a)! - newest.get(b)!);
  const tickets = new Map<number, TicketRow>();
  for (const ticket of (await core.db('tickets').whereIn('id', ticketIds)) as TicketRow[]) tickets.set(ticket.id, ticket);
  for (const id of ticketIds) {
    const ticket = tickets.get(id);
    if (!ticket) continue;
    const details = await ticketDetails(core.db, ticket);
    for (const row of rows) if (Number(row.ticketId) === id) await emitMessage(core, ticket, row, 'create', details);
  }
}

/**
 * Announces again the messages of a connection created in the last window (inbound, and outbound
 * with their current send state), with their tickets as they are now. Called by the node that
 * takes a connection's lease: if the previous holder died between a commit and its live event,
 * agents connected to other nodes — who never disconnected, so never refetched — get it now.
 */
export async function replayConnection(core: CoreServices, connectionId: number): Promise<number> {
  const floor = await floorId(core, replayWindowMs(core.config));
  const rows: MessageRow[] = await core.db('messages')
    .where('messages.id', '>', floor)
    .andWhere('messages.whatsappId', connectionId)
    .orderBy('messages.id', 'desc')
    .limit(REPLAY_LIMIT)
    .select(MESSAGE_COLUMNS);
  rows.reverse();
  await announce(core, rows);
  return rows.length;
}

/**
 * A message received again (a channel's redelivery, a visitor's resend after a lost
 * acknowledgement) that was stored within the window is announced again: the node that stored it
 * may have died before its live event.
 */
export async function replayIfRecent(core: CoreServices, companyId: number, messageId: number): Promise<void> {
  const row: MessageRow | undefined = await core.db('messages')
    .where({ 'messages.id': messageId, 'messages.companyId': companyId })
    .andWhere('messages.createdAt', '>=', core.db.raw("now() - (? * interval '1 millisecond')", [replayWindowMs(core.config)]))
    .first(MESSAGE_COLUMNS);
  if (row) await announce(core, [row]);
}
