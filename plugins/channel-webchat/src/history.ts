import type { Knex } from 'knex';
import type { Storage } from '@guiche/core';
import type { WebchatMessage } from '@guiche/contracts';
import type { WebchatConnection } from './connections.js';
import { MESSAGE_COLUMNS, toWebchatMessage, type MessageRow } from './message-view.js';

export const HISTORY_PAGE = 50;

export interface History {
  connection: { name: string };
  messages: WebchatMessage[];
  hasMore: boolean;
  /** The visitor's latest conversation was resolved: the widget says so until they write again. */
  closed: boolean;
}

/**
 * One visitor's conversation on one connection, across its tickets: newest page first (before
 * `beforeId`), each page oldest first. Private notes never leave the inbox. A visitor's own
 * message is `read` unless it is among the newest `unreadMessages` inbound ones of its ticket.
 */
export async function visitorHistory(db: Knex, storage: Storage, connection: WebchatConnection, peerId: string, beforeId?: number): Promise<History> {
  const empty: History = { connection: { name: connection.name }, messages: [], hasMore: false, closed: false };
  const contact = await db('contacts').where({ companyId: connection.companyId, channel: 'webchat', remoteJid: peerId }).first('id');
  if (!contact) return empty;
  const tickets: { id: number; unreadMessages: number; status: string }[] = await db('tickets')
    .where({ companyId: connection.companyId, contactId: contact.id, whatsappId: connection.id })
    .orderBy('id')
    .select('id', 'unreadMessages', 'status');
  if (tickets.length === 0) return empty;

  const query = db('messages')
    .where({ companyId: connection.companyId, isPrivate: false })
    .whereIn('ticketId', tickets.map((t) => t.id))
    .orderBy('id', 'desc')
    .limit(HISTORY_PAGE + 1)
    .select(...MESSAGE_COLUMNS, 'ticketId');
  if (beforeId) query.where('id', '<', beforeId);
  const rows: (MessageRow & { ticketId: number })[] = await query;
  const hasMore = rows.length > HISTORY_PAGE;
  const page = rows.slice(0, HISTORY_PAGE).reverse();

  const unread = new Set<number>();
  for (const ticket of tickets.filter((t) => t.unreadMessages > 0)) {
    const ids: (number | string)[] = await db('messages')
      .where({ companyId: connection.companyId, ticketId: ticket.id, fromMe: false })
      .orderBy('id', 'desc')
      .limit(ticket.unreadMessages)
      .pluck('id');
    for (const id of ids) unread.add(Number(id));
  }
  const messages = page.map((row) => {
    const message = toWebchatMessage(row, storage);
    return message.fromVisitor ? { ...message, read: !unread.has(Number(row.id)) } : message;
  });
  const closed = tickets[tickets.length - 1]?.status === 'closed';
  return { connection: { name: connection.name }, messages, hasMore, closed };
}
