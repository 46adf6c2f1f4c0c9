import { useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSocketEvent } from '@guiche/web-sdk';
import { applyChatEvent } from '../lib/apply-chat-event';
import type { ChatEvent } from '../lib/chat-event';
import { useMe } from './useMe';

/**
 * Keeps the cached chat list and message pages live. Both the top-bar popover and the page
 * mount it; the cache updates are idempotent, so a second listener changes nothing.
 * `onEvent` runs after the cache has been updated.
 */
export function useChatEvents(onEvent?: (event: ChatEvent) => void): void {
  const queryClient = useQueryClient();
  const me = useMe();
  const handle = (event: ChatEvent) => {
    if (!me || !event || typeof event !== 'object') return;
    applyChatEvent(queryClient, event, me.id);
    onEvent?.(event);
  };
  useSocketEvent<ChatEvent>(me ? Events.chat(me.companyId) : null, handle);
  useSocketEvent<ChatEvent>(me ? Events.chatUser(me.id) : null, handle);
}

/** The room of one open chat (`chat-{chatId}`): same payloads, for the conversation on screen. */
export function useOpenChatEvents(chatId: number | undefined, onEvent: (event: ChatEvent) => void): void {
  const queryClient = useQueryClient();
  const me = useMe();
  useSocketEvent<ChatEvent>(chatId === undefined ? null : Events.chatRoom(chatId), (event) => {
    if (!me || !event || typeof event !== 'object') return;
    applyChatEvent(queryClient, event, me.id);
    onEvent(event);
  });
}
