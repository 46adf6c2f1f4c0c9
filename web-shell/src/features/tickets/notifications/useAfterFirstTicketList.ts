import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ticketKeys } from '../api/query-keys.js';

/** Longest the badge waits for a list that never answers (a slow or failing server). */
const FALLBACK_MS = 5000;

function listHasSettled(queryClient: ReturnType<typeof useQueryClient>): boolean {
  const lists = queryClient.getQueryCache().findAll({ queryKey: ticketKeys.lists() });
  // A disabled list (a tab not on screen) stays pending and idle: it is not waited for.
  const loading = lists.some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'fetching');
  return !loading && lists.some((query) => query.state.status !== 'pending');
}

/**
 * True a frame after the tickets screen's first lists have answered (issue #28: the first row's requests go
 * first; the top bar's unread badge fetches after them). Off the tickets screen it is true at once.
 */
export function useAfterFirstTicketList(onTicketsScreen: boolean): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(() => !onTicketsScreen || listHasSettled(queryClient));
  useEffect(() => {
    if (settled) return;
    const cache = queryClient.getQueryCache();
    let frame = 0;
    // One frame after the lists answer, so the rows are drawn before the badge's request starts.
    const check = () => {
      if (!frame && listHasSettled(queryClient)) frame = requestAnimationFrame(() => setSettled(true));
    };
    const unsubscribe = cache.subscribe(check);
    const fallback = setTimeout(() => setSettled(true), FALLBACK_MS);
    check();
    return () => {
      unsubscribe();
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
    };
  }, [settled, queryClient]);
  return settled;
}
