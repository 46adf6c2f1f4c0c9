import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { flattenPages, nextPageNumber, totalCount, type Page } from '../lib/paged-cache.js';

/**
 * A list the server pages (pageNumber from 1, hasMore): every loaded row once, the total when the
 * API gives one, and `paging` for ListPage (the next page as the list scrolls down).
 */
export function usePagedList<T extends { id: number }>(queryKey: QueryKey, fetchPage: (pageNumber: number) => Promise<Page<T>>) {
  const result = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber<T>,
  });
  return {
    ...result,
    items: flattenPages(result.data),
    count: totalCount(result.data),
    paging: { hasMore: !!result.hasNextPage, loadingMore: result.isFetchingNextPage, loadMore: () => void result.fetchNextPage() },
  };
}
