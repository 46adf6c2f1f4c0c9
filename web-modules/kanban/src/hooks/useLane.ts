import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchLane } from '../api/kanban-api';
import { kanbanKeys } from '../api/query-keys';

/** One lane's cards, a page (40) at a time by the server's cursor. */
export function useLane(lane: number) {
  const query = useInfiniteQuery({
    queryKey: kanbanKeys.lane(lane),
    queryFn: ({ pageParam }) => fetchLane(lane, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });
  return { ...query, tickets: query.data?.pages.flatMap((p) => p.tickets) ?? [] };
}
