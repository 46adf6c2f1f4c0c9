import type { Chat } from '@guiche/contracts';

/** Each user sees only their own unread count (outreach-config.md §6). */
export function myUnreads(chat: Chat, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

export function totalUnreads(chats: readonly Chat[], userId: number): number {
  return chats.reduce((sum, chat) => sum + myUnreads(chat, userId), 0);
}

export function isMember(chat: Chat, userId: number): boolean {
  return chat.users.some((member) => member.userId === userId);
}

export function withMyUnreadsCleared(chat: Chat, userId: number): Chat {
  return {
    ...chat,
    users: chat.users.map((member) => (member.userId === userId ? { ...member, unreads: 0 } : member)),
  };
}
