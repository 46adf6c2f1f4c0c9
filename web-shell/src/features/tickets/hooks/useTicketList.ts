import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchTicketPage } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';
import { flattenPages } from '../lib/list-rules.js';
import type { ListFilter } from '../lib/ticket-filters.js';

/**
 * One list of tickets, page by page (keyset cursor). The filter is the key: a new filter is a new,
 * empty list. Live events edit the cached pages (useTicketLiveEvents), so nothing refetches on focus.
 */
export function useTicketList(filter: ListFilter, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: ticketKeys.list(filter),
    queryFn: ({ pageParam }) => fetchTicketPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  const tickets = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, tickets };
}
