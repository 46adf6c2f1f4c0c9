import { z } from 'zod';
import { V } from './messages.js';

export const chatInputSchema = z.object({
  title: z.string({ error: V.chatTitle }).trim().min(1, V.chatTitle).max(120, V.tooLong),
  users: z.array(z.object({ id: z.number().int().positive() })).min(1, V.chatUsers),
});
export type ChatInput = z.infer<typeof chatInputSchema>;

export const chatMessageInputSchema = z.object({
  message: z.string().trim().min(1, V.required).max(10000, V.tooLong),
});

export const pageQuerySchema = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
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
/** Recorded audio below this size is discarded unsent (outreach-config.md §5). */
export const MIN_AUDIO_BYTES = 10000;
