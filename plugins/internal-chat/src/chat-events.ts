import { Events, Rooms } from '@guiche/contracts';
import type { Chat, ChatMessage } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';

/**
 * Realtime events of the internal chat. Every event goes to the user rooms of the chat's
 * members only: a chat is private to its members, never broadcast to the company room.
 */
export function createChatEvents(realtime: PluginContext['realtime']) {
  const userRooms = (userIds: number[]) => userIds.map((id) => Rooms.user(id));
  const membersOf = (chat: Chat) => chat.users.map((u) => u.userId);

  return {
    saved(companyId: number, action: 'create' | 'update', chat: Chat): void {
      const members = membersOf(chat);
      if (members.length === 0) return;
      realtime.emit(userRooms(members), Events.chat(companyId), { action, chat });
      for (const userId of members) realtime.emit(Rooms.user(userId), Events.chatUser(userId), { action, chat });
    },

    removed(companyId: number, chatId: number, formerMembers: number[]): void {
      if (formerMembers.length === 0) return;
      realtime.emit(userRooms(formerMembers), Events.chat(companyId), { action: 'delete', chatId });
    },

    newMessage(companyId: number, chat: Chat, newMessage: ChatMessage): void {
      const rooms = userRooms(membersOf(chat));
      if (rooms.length === 0) return;
      realtime.emit(rooms, Events.chat(companyId), { action: 'new-message', newMessage, chat });
      realtime.emit(rooms, Events.chatRoom(chat.id), { action: 'new-message', newMessage, chat });
    },

    read(companyId: number, chat: Chat, readerId: number): void {
      realtime.emit(Rooms.user(readerId), Events.chat(companyId), { action: 'update', chat });
    },
  };
}

export type ChatEvents = ReturnType<typeof createChatEvents>;
