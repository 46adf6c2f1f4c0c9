import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@guiche/contracts';
import { chatKeys } from '../api/query-keys';
import { appendMessage, type MessagePages } from './chat-cache';

/**
 * Shows a message the server has stored — the answer to my send, or a live `new-message` event —
 * in the cached pages of its chat.
 *
 * Setting the cache is not enough on its own: a fetch of those pages may be in flight (the first
 * load of a chat just opened or just created, a refetch), and it may have read the table before
 * this message was stored. When it lands, its answer replaces the cache and the message would be
 * gone from the screen for good — or, when the pages were not loaded yet, there was nothing to
 * add it to. So the message is added now and again once that fetch has settled. Adding is
 * idempotent (by id). With no fetch in flight and no pages cached, the next fetch starts after the
 * message was stored, so it includes it.
 */
export function addStoredMessage(queryClient: QueryClient, chatId: number, message: ChatMessage): void {
  const queryKey = chatKeys.messages(chatId);
  const add = () => queryClient.setQueryData<MessagePages>(queryKey, (data) => appendMessage(data, message));
  add();
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus === 'idle') return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') {
      unsubscribe();
    } else if (event.type === 'updated' && query.state.fetchStatus === 'idle') {
      unsubscribe();
      add();
    }
  });
}
