import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';

/** The inbound messages the counter counted: the newest `unread` ones. */
function countedWids(trx: Knex.Transaction, ticket: TicketRow, unread: number): Promise<string[]> {
  return trx('messages')
    .where({ companyId: ticket.companyId, ticketId: ticket.id, fromMe: false, isPrivate: false })
    .whereNot('mediaType', 'reactionMessage')
    .whereNotNull('wid')
    .orderBy('id', 'desc')
    .limit(unread)
    .pluck('wid');
}

/**
 * The unread counter zeroed under the ticket's row lock (so two readers never both see it), with
 * the wids it counted read in the same transaction: a message ingested meanwhile waits on that
 * lock (its counter update), so it can never take the place of a counted one in the receipts.
 */
async function resetUnread(core: CoreServices, ticket: TicketRow): Promise<string[] | null> {
  return core.db.transaction(async (trx) => {
    const row = await trx('tickets').where({ id: ticket.id, companyId: ticket.companyId }).forUpdate().first('unreadMessages');
    if (!row || row.unreadMessages <= 0) return null;
    await trx('tickets').where({ id: ticket.id }).update({ unreadMessages: 0 });
    return countedWids(trx, ticket, Number(row.unreadMessages));
  });
}

/**
 * An agent opened the conversation: its unread counter goes back to 0, the viewers' badges follow
 * (company-{id}-ticket updateUnread) and the channel is told which inbound messages were read
 * (those the counter counted). Nothing happens when it was already 0.
 */
export async function markTicketRead(core: CoreServices, ticket: TicketRow): Promise<void> {
  const wids = await resetUnread(core, ticket);
  if (!wids) return;
  await emitTicket(core, { ...ticket, unreadMessages: 0 }, 'updateUnread');
  try {
    await core.channels.markRead(ticket, wids.reverse());
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, 'read receipts not queued');
  }
}
