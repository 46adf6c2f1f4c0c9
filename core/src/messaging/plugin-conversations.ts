import { ContactChannels, normalizeContactNumber, PhoneChannels, type ContactChannel } from '@guiche/contracts';
import { findContact } from '../contacts/contact-repository.js';
import { emitContact } from '../contacts/contact-events.js';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { Knex } from 'knex';
import { upsertContact } from './ingest-contact.js';
import { findOrCreateTicket } from './ingest-ticket.js';
import type { TicketRow } from './ticket-access.js';
import type { Conversations } from '../plugin-sdk/tickets.js';

export type { Conversations, OpenConversationRequest, OpenedConversation } from '../plugin-sdk/tickets.js';
import { addTicketLog } from './ticket-logs.js';
import { emitTicket } from './ticket-events.js';


export function createConversations(core: CoreServices): Conversations {
  const { db } = core;
  return {
    async open(request, within) {
      const connection = await core.connectionCache.get(request.connectionId);
      if (!connection || connection.companyId !== request.companyId) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      const known = (ContactChannels as readonly string[]).includes(connection.channel) || core.channels.capabilities(connection.channel) !== null;
      if (!known) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
      const channel = connection.channel as ContactChannel;
      const number = normalizeContactNumber(channel, request.number);
      if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
      const { companyId } = request;
      const reader: Knex | Knex.Transaction = within?.trx ?? db;
      if (request.userId && !(await reader('users').where({ id: request.userId, companyId }).first('id'))) throw new AppError('ERR_NO_USER_FOUND', 404);
      if (request.queueId && !(await reader('queues').where({ id: request.queueId, companyId }).first('id'))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
      const acceptAudioMessage = (await core.settings.get(companyId, 'acceptAudioMessageContact')) === 'enabled';

      const write = async (trx: Knex.Transaction) => {
        // On a channel without phone numbers the id is the person's address, never their number (issue #32).
        const peer = PhoneChannels.includes(channel) ? { id: number, number } : { id: number };
        const contact = await upsertContact(trx, companyId, channel, peer, { connectionId: connection.id, updateProfile: false, acceptAudioMessage });
        const found = await findOrCreateTicket(trx, connection, contact.id, false);
        let ticket: TicketRow = found.ticket;
        const changes: Partial<TicketRow> = {};
        if (request.queueId && request.queueId !== ticket.queueId) changes.queueId = request.queueId;
        if (request.userId && request.userId !== ticket.userId) {
          changes.userId = request.userId;
          if (ticket.status === 'pending') changes.status = 'open';
          changes.acceptedAt = new Date();
        }
        if (Object.keys(changes).length) {
          [ticket] = await trx('tickets').where({ id: ticket.id }).update({ ...changes, updatedAt: trx.fn.now() }).returning('*');
          await addTicketLog(trx, {
            companyId,
            ticketId: ticket.id,
            type: changes.userId ? 'open' : 'queue',
            userId: ticket.userId,
            queueId: ticket.queueId,
            data: { via: 'api' },
          });
        }
        return { contact, found, ticket };
      };
      const outcome = within ? await write(within.trx) : await db.transaction(write);

      const announce = async () => {
        try {
          if (outcome.contact.change) {
            const record = await findContact(db, companyId, outcome.contact.id);
            if (record) await emitContact(core, companyId, outcome.contact.change, record);
          }
          await emitTicket(core, outcome.ticket, 'update', outcome.found.previous ?? outcome.found.ticket);
        } catch (err) {
          core.log.warn({ err, ticketId: outcome.ticket.id }, 'conversation: live events failed');
        }
      };
      if (within) within.afterCommit(announce);
      else await announce();
      return { ticketId: outcome.ticket.id, contactId: outcome.contact.id, change: outcome.found.change };
    },

    async lastInbound(ref, people, within) {
      const reader: Knex | Knex.Transaction = within?.trx ?? db;
      const out = new Map<string, Date | null>();
      for (const number of people.numbers ?? []) out.set(number, null);
      if (people.tagId) {
        const tagged: string[] = await reader('contacts').join('contactTags', 'contactTags.contactId', 'contacts.id').where({ 'contactTags.tagId': people.tagId, 'contacts.companyId': ref.companyId }).whereNot({ 'contacts.number': '' }).pluck('contacts.number');
        for (const number of tagged) out.set(number, null);
      }
      if (people.contactIds?.length) {
        const chosen: string[] = await reader('contacts').whereIn('id', people.contactIds).where({ companyId: ref.companyId }).whereNot({ number: '' }).pluck('number');
        for (const number of chosen) out.set(number, null);
      }
      const numbers = [...out.keys()];
      for (let i = 0; i < numbers.length; i += 1000) {
        const rows: { number: string; at: Date | string }[] = await reader('messages')
          .join('contacts', 'contacts.id', 'messages.contactId')
          .where({ 'messages.whatsappId': ref.connectionId, 'messages.companyId': ref.companyId, 'messages.fromMe': false, 'contacts.companyId': ref.companyId })
          .whereNot({ 'messages.mediaType': 'reactionMessage' })
          .whereIn('contacts.number', numbers.slice(i, i + 1000))
          .groupBy('contacts.number')
          .select('contacts.number', reader.raw('max(messages.created_at) AS at'));
        for (const row of rows) out.set(row.number, new Date(row.at));
      }
      return out;
    },
  };
}
