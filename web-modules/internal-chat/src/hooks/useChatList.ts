import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchChats } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';
import { flattenChats } from '../lib/chat-cache';

/** The caller's chats, newest activity first, page by page (pages start at 1, with hasMore). */
export function useChatList() {
  const query = useInfiniteQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ pageParam }) => fetchChats(pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    meta: { silent: true },
  });
  return { ...query, chats: flattenChats(query.data) };
}
