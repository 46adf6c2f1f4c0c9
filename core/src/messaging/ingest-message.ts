import type { Knex } from 'knex';
import type { NormalizedMessage } from '../channels/types.js';
import { MESSAGE_COLUMNS, type MessageRow } from './messages-repository.js';
import type { TicketRow } from './ticket-access.js';

export interface PersistInput {
  companyId: number;
  connectionId: number;
  contactId: number;
  ticketId: number;
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

/** messages.ticketId → storedTicketId: the stored message's columns beside the ticket's in one returned row. */
const storedAlias = (column: string) => `stored${column[0]!.toUpperCase()}${column.slice(1)}`;
const MESSAGE_FIELDS = MESSAGE_COLUMNS.map((c) => c.slice('messages.'.length));

/**
 * Stores the message once per (connection, wid), then touches its ticket (unread counter for
 * inbound, last message and activity) and the contact's activity, in one statement; answers the
 * stored row and the touched ticket (what the live events carry), or null when that wid is
 * already stored (a replay that raced past the lookup), so the caller rolls its transaction back.
 */
export async function storeMessage(trx: Knex.Transaction, input: PersistInput): Promise<{ message: MessageRow; ticket: TicketRow } | null> {
  const { message } = input;
  const body = message.reaction ? message.reaction.emoji : message.body;
  const data = dataOf(message);
  const insert = trx('messages')
    .insert({
      companyId: input.companyId,
      ticketId: input.ticketId,
      contactId: input.contactId,
      whatsappId: input.connectionId,
      wid: message.wid,
      fromMe: message.fromMe,
      body,
      ack: ackOf(message),
      mediaType: message.mediaType,
      mediaUrl: input.mediaUrl,
      mediaName: message.media?.fileName ?? null,
      quotedMsgId: message.quotedWid
        ? trx.raw('(select q.id from messages q where q.whatsapp_id = ? and q.wid = ? limit 1)', [input.connectionId, message.quotedWid])
        : null,
      isForwarded: Boolean(message.isForwarded),
      remoteJid: message.peer.id,
      participant: message.participant?.id ?? null,
      data: data ? JSON.stringify(data) : null,
      createdAt: message.timestamp,
      updatedAt: message.timestamp,
    })
    .onConflict()
    .ignore()
    .returning(MESSAGE_COLUMNS);

  const changes: Record<string, unknown> = { updatedAt: trx.fn.now() };
  if (isConversationMessage(message)) {
    changes.lastMessage = message.body || message.media?.fileName || '';
    changes.lastMessageAt = message.timestamp;
    // History is not news: imported messages never raise the unread badge.
    if (!message.fromMe && !message.imported) changes.unreadMessages = trx.raw('tickets.unread_messages + 1');
  }
  // The ticket is touched only when the insert stored a row (UPDATE … FROM stored). The contact's
  // activity rides along: PostgreSQL runs an unreferenced data-modifying WITH after the main
  // statement, so the ticket row is still locked before the contact row, as before.
  const query = trx('tickets').with('stored', insert);
  if (isConversationMessage(message)) {
    query.with(
      'touchedContact',
      trx('contacts')
        .where({ id: input.contactId })
        .whereExists(trx.select(trx.raw('1')).from('stored'))
        .update({ lastMessageAt: message.timestamp }),
    );
  }
  const [row] = await query
    .updateFrom('stored')
    .where('tickets.id', input.ticketId)
    .update(changes)
    .returning(['tickets.*', ...MESSAGE_FIELDS.map((c) => `stored.${c} as ${storedAlias(c)}`)]);
  if (!row) return null;
  const ticket: Record<string, unknown> = { ...row };
  const stored: Record<string, unknown> = {};
  for (const c of MESSAGE_FIELDS) {
    stored[c] = ticket[storedAlias(c)];
    delete ticket[storedAlias(c)];
  }
  return { message: stored as unknown as MessageRow, ticket: ticket as unknown as TicketRow };
}
