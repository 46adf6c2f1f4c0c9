import { AppError } from '@guiche/core';
import type { AuthUser, PluginContext } from '@guiche/core';
import type { Chat, ChatInput, ChatMessage } from '@guiche/contracts';
import * as repo from './chat-repository.js';
import type { ChatEvents } from './chat-events.js';
import type { MessageInput } from './message-input.js';

interface Deps {
  db: PluginContext['db'];
  users: PluginContext['users'];
  storage: PluginContext['storage'];
  log: PluginContext['log'];
  events: ChatEvents;
}

/** A row the request referred to vanished concurrently (foreign key violation): a client error, not a 500. */
function rethrowAs(code: 'ERR_NO_USER_FOUND' | 'ERR_NO_CHAT_FOUND', status: number) {
  return (error: unknown): never => {
    throw repo.isForeignKeyViolation(error) ? new AppError(code, status) : error;
  };
}

/** Internal chat rules: members only, owner-only edits, unread counting per member. */
export function createChatService({ db, users, storage, log, events }: Deps) {
  async function memberChat(caller: AuthUser, idOrUuid: string): Promise<repo.ChatRow> {
    const chat = await repo.findMemberChat(db, caller.companyId, caller.id, idOrUuid);
    if (!chat) throw new AppError('ERR_NO_CHAT_FOUND', 404);
    return chat;
  }

  async function ownedChat(caller: AuthUser, idOrUuid: string): Promise<repo.ChatRow> {
    const chat = await memberChat(caller, idOrUuid);
    if (chat.ownerId !== caller.id) throw new AppError('ERR_NO_PERMISSION', 403);
    return chat;
  }

  /** The member set: the listed users (all of the caller's company) plus the owner. */
  async function memberSet(companyId: number, ownerId: number, input: ChatInput): Promise<number[]> {
    const ids = [...new Set([ownerId, ...input.users.map((u) => u.id)])];
    const found = await users.findMany(companyId, ids);
    if (found.length !== ids.length) throw new AppError('ERR_NO_USER_FOUND', 400);
    return ids;
  }

  return {
    list(caller: AuthUser, query: { searchParam?: string; pageNumber: number }) {
      return repo.listMemberChats(db, {
        companyId: caller.companyId,
        userId: caller.id,
        search: query.searchParam,
        page: query.pageNumber,
      });
    },

    async show(caller: AuthUser, idOrUuid: string): Promise<Chat> {
      const chat = await memberChat(caller, idOrUuid);
      return repo.loadChat(db, chat.id);
    },

    async create(caller: AuthUser, input: ChatInput): Promise<Chat> {
      const userIds = await memberSet(caller.companyId, caller.id, input);
      const chatId = await db
        .transaction((trx) => repo.insertChat(trx, { companyId: caller.companyId, ownerId: caller.id, title: input.title, userIds }))
        .catch(rethrowAs('ERR_NO_USER_FOUND', 400));
      const chat = await repo.loadChat(db, chatId);
      events.saved(caller.companyId, 'create', chat);
      return chat;
    },

    async update(caller: AuthUser, idOrUuid: string, input: ChatInput): Promise<Chat> {
      const current = await ownedChat(caller, idOrUuid);
      const userIds = await memberSet(caller.companyId, current.ownerId, input);
      const removed = await db
        .transaction((trx) => repo.updateChat(trx, current, { title: input.title, userIds }))
        .catch(rethrowAs('ERR_NO_USER_FOUND', 400));
      const chat = await repo.loadChat(db, current.id);
      events.saved(caller.companyId, 'update', chat);
      events.removed(caller.companyId, chat.id, removed);
      return chat;
    },

    async remove(caller: AuthUser, idOrUuid: string): Promise<void> {
      const chat = await ownedChat(caller, idOrUuid);
      const formerMembers = await repo.memberIds(db, chat.id);
      const mediaPaths = await repo.deleteChat(db, chat.id);
      events.removed(caller.companyId, chat.id, formerMembers);
      for (const path of mediaPaths) {
        await storage.remove(path).catch((error: unknown) => log.warn({ err: error, path }, 'chat media not removed'));
      }
    },

    async markRead(caller: AuthUser, idOrUuid: string): Promise<void> {
      const current = await memberChat(caller, idOrUuid);
      await repo.markRead(db, current.id, caller.id);
      const chat = await repo.loadChat(db, current.id);
      events.read(caller.companyId, chat, caller.id);
    },

    async messages(caller: AuthUser, idOrUuid: string, pageNumber: number) {
      const chat = await memberChat(caller, idOrUuid);
      return repo.listMessages(db, { companyId: caller.companyId, chatId: chat.id, page: pageNumber });
    },

    /** Resolves the chat before the body is read, so a stranger's upload is never stored. */
    async send(caller: AuthUser, idOrUuid: string, readInput: () => Promise<MessageInput>): Promise<ChatMessage> {
      const current = await memberChat(caller, idOrUuid);
      const input = await readInput();
      let messageId: number;
      try {
        messageId = await repo.insertMessage(db, {
          companyId: caller.companyId,
          chatId: current.id,
          senderId: caller.id,
          message: input.message,
          mediaPath: input.media?.path ?? null,
          mediaName: input.media?.name ?? null,
          mediaType: input.media?.type ?? null,
        });
      } catch (error) {
        // e.g. the chat was deleted meanwhile: keep no orphan file
        if (input.media) await storage.remove(input.media.path).catch(() => undefined);
        return rethrowAs('ERR_NO_CHAT_FOUND', 404)(error);
      }
      const [newMessage, chat] = await Promise.all([repo.loadMessage(db, messageId), repo.loadChat(db, current.id)]);
      events.newMessage(caller.companyId, chat, newMessage);
      return newMessage;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
