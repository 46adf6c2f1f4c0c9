import type { Knex } from 'knex';
import { MESSAGES_PAGE_SIZE, type EarlierTicket } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';
import { MESSAGE_COLUMNS, type MessageRow } from './messages-repository.js';
import { historyVisibleTo } from './history-visibility.js';
import { loadViewer, type TicketRow } from './ticket-access.js';

/**
 * One page of the messages of the contact's tickets before this one on the same connection,
 * newest first from `beforeId` (each page in chronological order), with the tickets they belong to.
 * Outside groups every message of a ticket carries the ticket's contact, so the page is a backward
 * walk of messages_by_contact that stops at the page's end; a group's messages carry their
 * participants, so a group ticket reads its earlier tickets' messages instead.
 */
export async function earlierMessagesPage(db: Knex, auth: AuthUser, ticket: TicketRow, beforeId?: number): Promise<{ rows: MessageRow[]; tickets: EarlierTicket[]; hasMore: boolean }> {
  if (!ticket.whatsappId) return { rows: [], tickets: [], hasMore: false };
  const viewer = await loadViewer(db, auth);
  const earlierTicketsOn = (q: Knex.QueryBuilder) =>
    q.where({ 'tickets.companyId': ticket.companyId, 'tickets.whatsappId': ticket.whatsappId })
      .where('tickets.id', '<', ticket.id)
      .modify(historyVisibleTo(viewer));
  const query = ticket.isGroup
    ? db('messages').join('tickets', 'tickets.id', 'messages.ticketId').where({ 'messages.companyId': ticket.companyId, 'tickets.contactId': ticket.contactId }).modify(earlierTicketsOn)
    : db('messages')
        .where({ 'messages.companyId': ticket.companyId, 'messages.contactId': ticket.contactId })
        // OFFSET 0 keeps the EXISTS a per-message check: the planner cannot turn it into a join that
        // starts from the viewer's tickets and sorts every earlier message of the contact.
        .whereRaw('exists (? offset 0)', [
          db('tickets').select(db.raw('1')).where('tickets.id', db.ref('messages.ticketId')).where('tickets.isGroup', false).modify(earlierTicketsOn),
        ]);
  query.orderBy('messages.id', 'desc').limit(MESSAGES_PAGE_SIZE + 1).select(MESSAGE_COLUMNS);
  if (beforeId) query.where('messages.id', '<', beforeId);
  const found = (await query) as MessageRow[];
  const rows = found.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const ticketIds = [...new Set(rows.map((row) => Number(row.ticketId)))];
  const tickets = ticketIds.length ? await namedTickets(db, ticket.companyId).whereIn('tickets.id', ticketIds) : [];
  return { rows, hasMore: found.length > MESSAGES_PAGE_SIZE, tickets: tickets.map(toEarlierTicket) };
}

/** The contact's earlier tickets the user reads as history (any connection), newest first: the drawer's list. */
export async function earlierTickets(db: Knex, auth: AuthUser, ticket: TicketRow, limit = 50): Promise<EarlierTicket[]> {
  const viewer = await loadViewer(db, auth);
  const rows = await namedTickets(db, ticket.companyId)
    .where('tickets.contactId', ticket.contactId)
    .where('tickets.id', '<', ticket.id)
    .modify(historyVisibleTo(viewer))
    .orderBy('tickets.id', 'desc')
    .limit(limit);
  return rows.map(toEarlierTicket);
}

function namedTickets(db: Knex, companyId: number): Knex.QueryBuilder {
  return db('tickets')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .where('tickets.companyId', companyId)
    .select(
      'tickets.id', 'tickets.uuid', 'tickets.status', 'tickets.createdAt', 'tickets.updatedAt', 'queues.id as queueId', 'queues.name as queueName',
      'queues.color as queueColor', 'users.id as userId', 'users.name as userName', 'whatsapps.name as connectionName',
    );
}

function toEarlierTicket(t: Record<string, any>): EarlierTicket {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    createdAt: new Date(t.createdAt).toISOString(),
    updatedAt: new Date(t.updatedAt).toISOString(),
    queue: t.queueId ? { id: t.queueId, name: t.queueName, color: t.queueColor } : null,
    user: t.userId ? { id: t.userId, name: t.userName } : null,
    connection: t.connectionName ?? null,
  };
}
