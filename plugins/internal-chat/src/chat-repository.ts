import type { Knex } from 'knex';
import { AppError } from '@guiche/core';
import type { Chat, ChatMediaType, ChatMessage, ChatUser } from '@guiche/contracts';

/** Database access for chats. ctx.db maps camelCase names to snake_case columns. */

export const PAGE_SIZE = 20;
/** Largest value of a Postgres integer column; a bigger numeric id cannot exist. */
const MAX_INT = 2147483647;

export interface ChatRow {
  id: number;
  uuid: string;
  companyId: number;
  ownerId: number;
  title: string;
  lastMessage: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

interface MessageRow {
  id: number;
  chatId: number;
  senderId: number;
  senderName: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: ChatMediaType | null;
  createdAt: Date | string;
}

export interface Page<T> {
  records: T[];
  hasMore: boolean;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The chat (by numeric id or uuid) when the user is one of its members in that company. */
export async function findMemberChat(db: Knex, companyId: number, userId: number, idOrUuid: string): Promise<ChatRow | undefined> {
  const query = db<ChatRow>('chats')
    .select('chats.*')
    .join('chatUsers', 'chatUsers.chatId', 'chats.id')
    .where({ 'chats.companyId': companyId, 'chatUsers.userId': userId });
  if (/^\d+$/.test(idOrUuid)) {
    const id = Number(idOrUuid);
    if (id > MAX_INT) return undefined;
    query.andWhere('chats.id', id);
  } else {
    query.andWhere('chats.uuid', idOrUuid.toLowerCase());
  }
  return query.first();
}

async function membersOf(db: Knex, chatIds: number[]): Promise<Map<number, ChatUser[]>> {
  const rows: { chatId: number; userId: number; unreads: number; name: string }[] = chatIds.length
    ? await db('chatUsers')
        .join('users', 'users.id', 'chatUsers.userId')
        .whereIn('chatUsers.chatId', chatIds)
        .select('chatUsers.chatId', 'chatUsers.userId', 'chatUsers.unreads', 'users.name')
        .orderBy('users.name')
    : [];
  const byChat = new Map<number, ChatUser[]>();
  for (const row of rows) {
    const list = byChat.get(row.chatId) ?? [];
    list.push({ userId: row.userId, unreads: Number(row.unreads), user: { id: row.userId, name: row.name } });
    byChat.set(row.chatId, list);
  }
  return byChat;
}

function toChat(row: ChatRow, users: ChatUser[]): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    users,
  };
}

export async function loadChat(db: Knex, chatId: number): Promise<Chat> {
  const row = await db<ChatRow>('chats').where({ id: chatId }).first();
  // deleted between the membership check and now: for the caller it is simply gone
  if (!row) throw new AppError('ERR_NO_CHAT_FOUND', 404);
  const members = await membersOf(db, [chatId]);
  return toChat(row, members.get(chatId) ?? []);
}

export async function listMemberChats(
  db: Knex,
  params: { companyId: number; userId: number; search?: string; page: number },
): Promise<Page<Chat>> {
  const query = db<ChatRow>('chats')
    .select('chats.*')
    .join('chatUsers', 'chatUsers.chatId', 'chats.id')
    .where({ 'chats.companyId': params.companyId, 'chatUsers.userId': params.userId })
    .orderBy([
      { column: 'chats.updatedAt', order: 'desc' },
      { column: 'chats.id', order: 'desc' },
    ])
    .limit(PAGE_SIZE + 1)
    .offset((params.page - 1) * PAGE_SIZE);
  const search = params.search?.trim();
  if (search) query.andWhere('chats.title', 'ilike', `%${escapeLike(search)}%`);
  const rows = await query;
  const pageRows = rows.slice(0, PAGE_SIZE);
  const members = await membersOf(db, pageRows.map((r) => r.id));
  return { records: pageRows.map((r) => toChat(r, members.get(r.id) ?? [])), hasMore: rows.length > PAGE_SIZE };
}

/** Postgres foreign_key_violation: a referenced chat or user was deleted concurrently. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function memberIds(db: Knex, chatId: number): Promise<number[]> {
  const rows: { userId: number }[] = await db('chatUsers').where({ chatId }).select('userId');
  return rows.map((r) => r.userId);
}

export async function insertChat(
  trx: Knex.Transaction,
  input: { companyId: number; ownerId: number; title: string; userIds: number[] },
): Promise<number> {
  const [row] = await trx<ChatRow>('chats')
    .insert({ companyId: input.companyId, ownerId: input.ownerId, title: input.title })
    .returning('id');
  const chatId = typeof row === 'object' ? row.id : Number(row);
  await trx('chatUsers').insert(input.userIds.map((userId) => ({ companyId: input.companyId, chatId, userId })));
  return chatId;
}

/** Sets title and the exact member set; returns the ids of members that were removed. */
export async function updateChat(
  trx: Knex.Transaction,
  chat: ChatRow,
  input: { title: string; userIds: number[] },
): Promise<number[]> {
  await trx('chats').where({ id: chat.id }).update({ title: input.title, updatedAt: trx.fn.now() });
  const removed: { userId: number }[] = await trx('chatUsers')
    .where({ chatId: chat.id })
    .whereNotIn('userId', input.userIds)
    .delete()
    .returning('userId');
  await trx('chatUsers')
    .insert(input.userIds.map((userId) => ({ companyId: chat.companyId, chatId: chat.id, userId })))
    .onConflict(['chatId', 'userId'])
    .ignore();
  return removed.map((r) => r.userId);
}

export async function deleteChat(db: Knex, chatId: number): Promise<string[]> {
  return db.transaction(async (trx) => {
    const media: { mediaPath: string }[] = await trx('chatMessages').where({ chatId }).whereNotNull('mediaPath').select('mediaPath');
    await trx('chats').where({ id: chatId }).delete();
    return media.map((m) => m.mediaPath);
  });
}

export async function markRead(db: Knex, chatId: number, userId: number): Promise<void> {
  await db('chatUsers').where({ chatId, userId }).update({ unreads: 0 });
}

export interface NewMessage {
  companyId: number;
  chatId: number;
  senderId: number;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: ChatMediaType | null;
}

/** Inserts the message, moves the chat to the top and counts it unread for every other member: one transaction. */
export async function insertMessage(db: Knex, input: NewMessage): Promise<number> {
  return db.transaction(async (trx) => {
    const [row] = await trx('chatMessages').insert(input).returning('id');
    await trx('chats').where({ id: input.chatId }).update({ lastMessage: input.message, updatedAt: trx.fn.now() });
    await trx('chatUsers')
      .where({ chatId: input.chatId })
      .whereNot({ userId: input.senderId })
      .increment('unreads', 1);
    return typeof row === 'object' ? (row as { id: number }).id : Number(row);
  });
}

const messageColumns = [
  'chatMessages.id',
  'chatMessages.chatId',
  'chatMessages.senderId',
  'users.name as senderName',
  'chatMessages.message',
  'chatMessages.mediaPath',
  'chatMessages.mediaName',
  'chatMessages.mediaType',
  'chatMessages.createdAt',
];

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: { id: row.senderId, name: row.senderName },
    message: row.message,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaType: row.mediaType,
    createdAt: iso(row.createdAt),
  };
}

export async function loadMessage(db: Knex, messageId: number): Promise<ChatMessage> {
  const row: MessageRow | undefined = await db('chatMessages')
    .join('users', 'users.id', 'chatMessages.senderId')
    .where('chatMessages.id', messageId)
    .first(messageColumns);
  if (!row) throw new AppError('ERR_NO_CHAT_FOUND', 404);
  return toMessage(row);
}

/** Page 1 holds the newest messages; each page is returned oldest first. */
export async function listMessages(db: Knex, params: { companyId: number; chatId: number; page: number }): Promise<Page<ChatMessage>> {
  const rows: MessageRow[] = await db('chatMessages')
    .join('users', 'users.id', 'chatMessages.senderId')
    .where({ 'chatMessages.companyId': params.companyId, 'chatMessages.chatId': params.chatId })
    .orderBy('chatMessages.id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((params.page - 1) * PAGE_SIZE)
    .select(messageColumns);
  const pageRows = rows.slice(0, PAGE_SIZE).reverse();
  return { records: pageRows.map(toMessage), hasMore: rows.length > PAGE_SIZE };
}
