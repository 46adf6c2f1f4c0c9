import { z } from 'zod';
import { IDS_MAX, id, pageNumber, text } from './primitives.js';
import { V } from './messages.js';

export * from './chats-constants.js';

export const chatInputSchema = z.object({
  title: text(120, { trim: true, error: V.chatTitle }).min(1, V.chatTitle),
  users: z.array(z.object({ id })).min(1, V.chatUsers).max(IDS_MAX, V.tooLong),
});
export type ChatInput = z.infer<typeof chatInputSchema>;

export const chatMessageInputSchema = z.object({
  message: text(10000, { trim: true }).min(1, V.required),
});

export const pageQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
});

export type ChatMediaType = 'image' | 'audio' | 'video' | 'other';

export interface ChatUser {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}
export interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string | null;
  updatedAt: string;
  createdAt: string;
  users: ChatUser[];
}
export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: ChatMediaType | null;
  createdAt: string;
}
