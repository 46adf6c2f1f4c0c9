import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNumber } from '@guiche/web-sdk';
import { fetchMessages } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';
import { flattenMessages } from '../lib/chat-cache';

/**
 * Messages of one chat; page 1 is the newest 20, later pages are older.
 * `enabled` stays false until the chat has been marked read (outreach-config.md §4).
 */
export function useChatMessages(chatId: number, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => fetchMessages(chatId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    enabled,
    meta: { silent: true },
  });
  return { ...query, messages: flattenMessages(query.data) };
}
