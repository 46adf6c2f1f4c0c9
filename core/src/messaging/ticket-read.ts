import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';

/** The unread counter as it was, zeroed under a row lock (so two readers never both see it). */
async function resetUnread(core: CoreServices, ticket: TicketRow): Promise<number> {
  return core.db.transaction(async (trx) => {
    const row = await trx('tickets').where({ id: ticket.id, companyId: ticket.companyId }).forUpdate().first('unreadMessages');
    if (!row || row.unreadMessages <= 0) return 0;
    await trx('tickets').where({ id: ticket.id }).update({ unreadMessages: 0 });
    return Number(row.unreadMessages);
  });
}

/**
 * An agent opened the conversation: its unread counter goes back to 0, the viewers' badges follow
 * (company-{id}-ticket updateUnread) and the channel is told which inbound messages were read (the
 * newest `unread` ones, those the counter counted). Nothing happens when it was already 0.
 */
export async function markTicketRead(core: CoreServices, ticket: TicketRow): Promise<void> {
  const unread = await resetUnread(core, ticket);
  if (!unread) return;
  await emitTicket(core, { ...ticket, unreadMessages: 0 }, 'updateUnread');
  try {
    const wids: string[] = await core
      .db('messages')
      .where({ companyId: ticket.companyId, ticketId: ticket.id, fromMe: false, isPrivate: false })
      .whereNot('mediaType', 'reactionMessage')
      .whereNotNull('wid')
      .orderBy('id', 'desc')
      .limit(unread)
      .pluck('wid');
    await core.channels.markRead(ticket, wids.reverse());
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, 'read receipts not queued');
  }
}
