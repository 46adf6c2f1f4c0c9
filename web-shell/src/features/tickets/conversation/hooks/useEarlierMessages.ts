import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EarlierTicket } from '@guiche/contracts';
import { conversationKeys, fetchEarlier } from '../api.js';
import { mergePages } from '../lib/messages.js';

/**
 * The contact's earlier conversations above this ticket (issue 18), fetched only once `wanted`
 * (the agent scrolled past the ticket's first message or asked for them), page by page upwards.
 */
export function useEarlierMessages(ticketId: number, wanted: boolean) {
  const query = useInfiniteQuery({
    queryKey: conversationKeys.earlier(ticketId),
    queryFn: ({ pageParam }) => fetchEarlier(ticketId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : undefined),
    enabled: wanted,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const pages = query.data?.pages;
  const messages = useMemo(() => mergePages(pages ?? []), [pages]);
  const tickets = useMemo(() => new Map<number, EarlierTicket>((pages ?? []).flatMap((p) => p.tickets.map((t) => [t.id, t] as const))), [pages]);
  /** Whether more may lie above: unknown (true) until asked, then what the last page said. */
  const more = !wanted || query.isPending || Boolean(query.hasNextPage);
  return { messages, tickets, more, loading: query.isFetching, fetchNextPage: query.fetchNextPage, isSuccess: query.isSuccess };
}
