import type { Knex } from 'knex';
import type { NormalizedMessage } from '../channels/types.js';
import { MESSAGE_COLUMNS, type MessageRow } from './messages-repository.js';
import type { TicketRow } from './ticket-access.js';

export interface PersistInput {
  companyId: number;
  connectionId: number;
  contactId: number;
  ticket: TicketRow;
  message: NormalizedMessage;
  mediaUrl: string | null;
}

/** Counts for the unread badge and becomes the ticket's last message (reactions do neither). */
export function isConversationMessage(message: NormalizedMessage): boolean {
  return message.mediaType !== 'reactionMessage';
}

function ackOf(message: NormalizedMessage): number {
  // A message the company sent from the phone arrives already sent; the channel may say more.
  const reported = Number(message.data?.ack);
  if (Number.isInteger(reported) && reported >= 0 && reported <= 4) return reported;
  return message.fromMe ? 1 : 0;
}

function dataOf(message: NormalizedMessage): Record<string, unknown> | null {
  const data: Record<string, unknown> = { ...(message.data ?? {}) };
  if (message.reaction) Object.assign(data, { targetWid: message.reaction.targetWid, emoji: message.reaction.emoji });
  if (message.participant?.name) data.participantName = message.participant.name;
  return Object.keys(data).length ? data : null;
}

/**
 * Stores the message once per (connection, wid) and answers the stored row (what the live event
 * carries): null when that wid is already stored (a replay that raced past the early check), so
 * the caller rolls its transaction back.
 */
export async function persistMessage(trx: Knex.Transaction, input: PersistInput): Promise<MessageRow | null> {
  const { message } = input;
  const quoted = message.quotedWid
    ? await trx('messages').where({ whatsappId: input.connectionId, wid: message.quotedWid }).first('id')
    : undefined;
  const body = message.reaction ? message.reaction.emoji : message.body;
  const [row] = await trx('messages')
    .insert({
      companyId: input.companyId,
      ticketId: input.ticket.id,
      contactId: input.contactId,
      whatsappId: input.connectionId,
      wid: message.wid,
      fromMe: message.fromMe,
      body,
      ack: ackOf(message),
      mediaType: message.mediaType,
      mediaUrl: input.mediaUrl,
      mediaName: message.media?.fileName ?? null,
      quotedMsgId: quoted?.id ?? null,
      isForwarded: Boolean(message.isForwarded),
      remoteJid: message.peer.id,
      participant: message.participant?.id ?? null,
      data: (() => {
        const data = dataOf(message);
        return data ? JSON.stringify(data) : null;
      })(),
      createdAt: message.timestamp,
      updatedAt: message.timestamp,
    })
    .onConflict()
    .ignore()
    .returning(MESSAGE_COLUMNS);
  return (row as MessageRow | undefined) ?? null;
}

/** Unread counter (inbound only), last message and activity of the ticket and its contact. */
export async function touchTicket(trx: Knex.Transaction, input: PersistInput): Promise<TicketRow> {
  const { message, ticket } = input;
  const changes: Record<string, unknown> = { updatedAt: trx.fn.now() };
  if (isConversationMessage(message)) {
    changes.lastMessage = message.body || message.media?.fileName || '';
    changes.lastMessageAt = message.timestamp;
    // History is not news: imported messages never raise the unread badge.
    if (!message.fromMe && !message.imported) changes.unreadMessages = trx.raw('unread_messages + 1');
  }
  const query = trx('tickets').where({ id: ticket.id });
  // The contact's activity rides along in one round trip. PostgreSQL runs an unreferenced data-modifying
  // WITH after the main statement, so the ticket row is still locked before the contact row, as before.
  if (isConversationMessage(message)) query.with('touchedContact', trx('contacts').where({ id: input.contactId }).update({ lastMessageAt: message.timestamp }));
  const [updated] = await query.update(changes).returning('*');
  return updated;
}
