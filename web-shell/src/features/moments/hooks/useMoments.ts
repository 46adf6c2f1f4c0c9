import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReportEvents, TicketEvents } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { fetchMoments } from '../api/moments-api.js';

const REFETCH_DEBOUNCE_MS = 500;

/** The moments of the chosen queues, refetched (debounced) whenever a ticket or a user's presence changes. */
export function useMoments(queueIds: number[]) {
  const { user } = useSession();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['moments', queueIds], queryFn: () => fetchMoments(queueIds) });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void client.invalidateQueries({ queryKey: ['moments'] }), REFETCH_DEBOUNCE_MS);
  };
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  useSocketEvent(user ? TicketEvents.ticket(user.companyId) : null, refetch);
  useSocketEvent(user ? ReportEvents.userOnline(user.companyId) : null, refetch);
  return query;
}
