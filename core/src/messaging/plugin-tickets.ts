import type { Knex } from 'knex';
import type { TicketsQuery } from '@guiche/contracts';
import type { CachedConnection } from '../connections/connection-cache.js';
import { hidesNumbers } from '../contacts/lgpd.js';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { findOrCreateTicket } from './ingest-ticket.js';
import { setTicketTag, ticketFacts } from './plugin-ticket-steps.js';
import { loadViewer, loadVisibleTicket, type TicketRow } from './ticket-access.js';
import { maskTicket, ticketDetails } from './ticket-details.js';
import { emitTicket } from './ticket-events.js';
import { listTickets } from './tickets-list.js';
import type { OutboundTicket, PluginTickets } from './types.js';

/**
 * ctx.tickets: what plan modules (kanban, schedules) need of tickets without re-implementing the
 * visibility rule, the ticket events or the find-or-create/reopen rule of ingest.
 */
export function createPluginTickets(core: CoreServices): PluginTickets {
  const { db } = core;
  return {
    async list(auth: AuthUser, filter: TicketsQuery, narrow?: (query: Knex.QueryBuilder) => void) {
      const viewer = await loadViewer(db, auth);
      return listTickets(db, viewer, filter, await hidesNumbers(core, auth), narrow);
    },

    async loadVisible(auth: AuthUser, idOrUuid: number | string) {
      const ticket = await loadVisibleTicket(core, auth, idOrUuid);
      const details = await ticketDetails(db, ticket);
      return (await hidesNumbers(core, auth)) ? maskTicket(details) : details;
    },

    async announce(ticketId: number, previous?: Pick<TicketRow, 'companyId' | 'userId' | 'queueId'>) {
      const ticket: TicketRow | undefined = await db('tickets').where({ id: ticketId }).first();
      if (ticket) await emitTicket(core, ticket, 'update', previous);
    },

    async forOutbound(trx: Knex.Transaction, companyId: number, connectionId: number, contactId: number): Promise<OutboundTicket> {
      // Read through trx, not the connection cache: on the embedded default a query outside the
      // caller's transaction (a timed job's claim) would wait for it.
      const connection: CachedConnection | undefined = await trx('whatsapps')
        .where({ id: connectionId, companyId })
        .first('id', 'companyId', 'channel', 'allowGroup', 'groupAsTicket', 'timeCreateNewTicket');
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      const contact = await trx('contacts').where({ id: contactId, companyId }).first('id', 'isGroup');
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      const found = await findOrCreateTicket(trx, connection, contact.id, Boolean(contact.isGroup));
      return { ticketId: found.ticket.id, change: found.change, previous: found.previous };
    },

    facts: (trx, ref) => ticketFacts(core, trx, ref),
    setTag: (within, ref, tagId, on) => setTicketTag(core, within, ref, tagId, on),
  };
}
