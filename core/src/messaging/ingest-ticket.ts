import type { Knex } from 'knex';
import { ActiveTicketStatuses } from '@guiche/contracts';
import type { CachedConnection } from '../connections/connection-cache.js';
import { AppError } from '../plugin-sdk/types.js';
import type { TicketRow } from './ticket-access.js';
import { addTicketLog } from './ticket-logs.js';

export type IngestConnection = CachedConnection;

export interface FoundTicket {
  ticket: TicketRow;
  /** 'create' for a new ticket, 'reopen' for a closed one brought back within timeCreateNewTicket. */
  change: 'create' | 'reopen' | null;
  /** For a reopen: the closed row as it was (its assignee loses the ticket). */
  previous?: TicketRow;
}

function activeTicket(trx: Knex.Transaction, companyId: number, contactId: number, whatsappId: number) {
  return trx('tickets').where({ companyId, contactId, whatsappId }).whereIn('status', ActiveTicketStatuses).first<TicketRow | undefined>();
}

/** A closed ticket of this contact and connection updated within the connection's window. */
async function recentClosed(trx: Knex.Transaction, connection: IngestConnection, contactId: number): Promise<TicketRow | undefined> {
  if (connection.timeCreateNewTicket <= 0) return undefined;
  return trx('tickets')
    .where({ companyId: connection.companyId, contactId, whatsappId: connection.id, status: 'closed' })
    .where('updatedAt', '>=', trx.raw("now() - make_interval(mins => ?)", [connection.timeCreateNewTicket]))
    .orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first<TicketRow | undefined>();
}

/**
 * The contact's one active ticket on this connection, reopening or creating it when needed.
 * Concurrent ingests race on the partial unique index tickets_one_active_per_contact: the losing
 * insert (ON CONFLICT DO NOTHING) waits for the winner's commit and then reads its ticket.
 */
export async function findOrCreateTicket(
  trx: Knex.Transaction,
  connection: IngestConnection,
  contactId: number,
  isGroup: boolean,
  imported = false,
): Promise<FoundTicket> {
  const { companyId } = connection;
  const active = await activeTicket(trx, companyId, contactId, connection.id);
  if (active) return { ticket: active, change: null };

  // History never brings a closed conversation back: it gets a ticket of its own, marked imported.
  const closed = imported ? undefined : await recentClosed(trx, connection, contactId);
  if (closed) {
    // The update re-checks status, so of two concurrent reopeners only one changes the row.
    const [reopened] = await trx('tickets')
      .where({ id: closed.id, status: 'closed' })
      .whereNotExists(
        trx('tickets as other')
          .select(trx.raw('1'))
          .where({ 'other.companyId': companyId, 'other.contactId': contactId, 'other.whatsappId': connection.id })
          .whereIn('other.status', ActiveTicketStatuses),
      )
      .update({ status: 'pending', userId: null, closedAt: null, updatedAt: trx.fn.now() })
      .returning('*');
    if (reopened) {
      await addTicketLog(trx, { companyId, ticketId: reopened.id, type: 'reopen', queueId: reopened.queueId });
      return { ticket: reopened, change: 'reopen', previous: closed };
    }
  } else {
    const status = isGroup && connection.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    const [created] = await trx('tickets')
      .insert({ companyId, contactId, whatsappId: connection.id, status, isGroup, channel: connection.channel, imported })
      .onConflict()
      .ignore()
      .returning('*');
    if (created) {
      await addTicketLog(trx, { companyId, ticketId: created.id, type: 'create' });
      return { ticket: created, change: 'create' };
    }
  }
  const winner = await activeTicket(trx, companyId, contactId, connection.id);
  if (!winner) throw new AppError('ERR_CREATING_TICKET', 409);
  return { ticket: winner, change: null };
}
