import { useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages, nextPageNumber } from '@guiche/web-sdk';
import { fetchChats } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';

/** The caller's chats, newest activity first, page by page (pages start at 1, with hasMore). */
export function useChatList() {
  const query = useInfiniteQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ pageParam }) => fetchChats(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    meta: { silent: true },
  });
  return { ...query, chats: flattenPages(query.data) };
}
