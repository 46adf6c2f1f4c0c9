import type { Knex } from 'knex';
import type { Storage } from '../ports/types.js';
import { maskContactNumber, MESSAGES_PAGE_SIZE, type MessageRecord, type QuotedMessage } from '@guiche/contracts';
import type { TicketRow } from './ticket-access.js';

/** A messages row as knex returns it (camelCase). */
export type MessageRow = Omit<MessageRecord, 'quotedMsg' | 'contact' | 'id' | 'quotedMsgId'> & { id: number | string; quotedMsgId: number | string | null };

const MESSAGE_COLUMNS = [
  'id', 'ticketId', 'contactId', 'whatsappId', 'userId', 'companyId', 'wid', 'fromMe', 'body', 'ack', 'mediaType', 'mediaUrl', 'mediaName',
  'quotedMsgId', 'isDeleted', 'isEdited', 'isPrivate', 'isForwarded', 'remoteJid', 'participant', 'sendStatus', 'data', 'transcript', 'createdAt', 'updatedAt',
].map((c) => `messages.${c}`);

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/**
 * The browser URL of a stored file (/public/<path>), which is what the API and the live events
 * carry as mediaUrl; a value already a URL (absolute path or http) is kept as it is.
 */
export function mediaUrlOf(storage: Pick<Storage, 'url'>, stored: string | null): string | null {
  if (!stored) return null;
  if (stored.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(stored)) return stored;
  try {
    return storage.url(stored);
  } catch {
    return null;
  }
}

/** jsonb comes back parsed from pg, but as text from some drivers: the API always answers an object. */
function parsedData(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

export async function findMessage(db: Knex, companyId: number, id: number): Promise<MessageRow | undefined> {
  return db('messages').where({ 'messages.companyId': companyId, 'messages.id': id }).first(MESSAGE_COLUMNS);
}

/**
 * Messages as the API and the live events answer them: with their contact (number masked when
 * `hideNumbers`), the quoted message (id, body, fromMe, mediaType, its contact's name) and the
 * media's browser URL, in one query per table.
 */
interface MessageContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string | null;
  isGroup: boolean;
}

export async function toRecords(
  db: Knex,
  storage: Pick<Storage, 'url'>,
  companyId: number,
  rows: MessageRow[],
  hideNumbers: boolean,
  /** Contacts the caller has already read (a live event's ticket details): not read again. */
  known: MessageContact[] = [],
): Promise<MessageRecord[]> {
  if (!rows.length) return [];
  const quotedIds = [...new Set(rows.map((r) => num(r.quotedMsgId)).filter((v): v is number => v !== null))];
  const quoted: MessageRow[] = quotedIds.length ? await db('messages').where({ companyId }).whereIn('id', quotedIds).select(MESSAGE_COLUMNS) : [];
  const knownIds = new Set(known.map((c) => c.id));
  const contactIds = [...new Set([...rows, ...quoted].map((r) => r.contactId).filter((v): v is number => v !== null && !knownIds.has(v)))];
  const read: MessageContact[] = contactIds.length
    ? await db('contacts').where({ companyId }).whereIn('id', contactIds).select('id', 'name', 'number', 'profilePicUrl', 'isGroup')
    : [];
  const contacts = [...read, ...known.map(({ id, name, number, profilePicUrl, isGroup }) => ({ id, name, number, profilePicUrl, isGroup }))];
  const contactById = new Map(contacts.map((c) => [c.id, hideNumbers ? { ...c, number: maskContactNumber(c.number, c.isGroup) } : c]));
  const quotedById = new Map<number, QuotedMessage>(
    quoted.map((q) => {
      const contact = q.contactId !== null ? contactById.get(q.contactId) : undefined;
      return [
        Number(q.id),
        {
          id: Number(q.id),
          body: q.isDeleted ? '' : q.body,
          fromMe: q.fromMe,
          mediaType: q.mediaType,
          mediaUrl: q.isDeleted ? null : mediaUrlOf(storage, q.mediaUrl),
          isDeleted: q.isDeleted,
          contact: contact ? { id: contact.id, name: contact.name } : null,
        },
      ];
    }),
  );
  return rows.map((r) => {
    const quotedMsgId = num(r.quotedMsgId);
    return {
      ...r,
      id: Number(r.id),
      mediaUrl: mediaUrlOf(storage, r.mediaUrl),
      data: parsedData(r.data),
      quotedMsgId,
      quotedMsg: quotedMsgId !== null ? (quotedById.get(quotedMsgId) ?? null) : null,
      contact: r.contactId !== null ? (contactById.get(r.contactId) ?? null) : null,
    } as MessageRecord;
  });
}

/**
 * One page of a ticket's conversation: page 1 is the newest MESSAGES_PAGE_SIZE messages, each
 * page in chronological order. Served by the (company_id, ticket_id, id) index, read backwards.
 */
export async function ticketMessagesPage(db: Knex, ticket: TicketRow, pageNumber: number): Promise<{ rows: MessageRow[]; count: number; hasMore: boolean }> {
  const base = db('messages').where({ 'messages.companyId': ticket.companyId, 'messages.ticketId': ticket.id });
  const [rows, total] = await Promise.all([
    base
      .clone()
      .orderBy('messages.id', 'desc')
      .limit(MESSAGES_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * MESSAGES_PAGE_SIZE)
      .select(MESSAGE_COLUMNS),
    base.clone().count({ count: '*' }).first(),
  ]);
  const page = (rows as MessageRow[]).slice(0, MESSAGES_PAGE_SIZE).reverse();
  return { rows: page, count: Number(total?.count ?? 0), hasMore: rows.length > MESSAGES_PAGE_SIZE };
}

export { MESSAGE_COLUMNS };
