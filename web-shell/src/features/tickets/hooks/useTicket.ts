import { useQuery } from '@tanstack/react-query';
import { fetchTicket } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';

/** The ticket on screen (GET /tickets/u/:uuid), kept live by useTicketLiveEvents. */
export function useTicket(uuid: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.ticket(uuid ?? ''),
    queryFn: () => fetchTicket(uuid!),
    enabled: Boolean(uuid),
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
}
