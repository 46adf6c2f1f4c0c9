import type { Chat, ChatMessage } from '@guiche/contracts';

/**
 * Payload of `company-{id}-chat`, `chat-user-{userId}` and `chat-{chatId}` (outreach-config.md §7).
 * The same event may arrive on more than one of them, so every handler is idempotent.
 */
export interface ChatEvent {
  action: 'new-message' | 'update' | 'create' | 'delete';
  chat?: Chat;
  newMessage?: ChatMessage;
  chatId?: number;
}

export function chatIdOf(event: ChatEvent): number | undefined {
  return event.chatId ?? event.chat?.id ?? event.newMessage?.chatId;
}
