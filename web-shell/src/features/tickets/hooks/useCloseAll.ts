import { useMutation, useQuery } from '@tanstack/react-query';
import { toastSuccess, useTranslation } from '@guiche/web-sdk';
import { closeAllTickets, fetchTicketPage } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';
import { closeAllFilter, countTicketsToClose, type CloseAllStatus } from '../lib/close-all.js';
import { TICKETS_NS } from '../i18n/register.js';
import { reportTicketError } from './useTicketActions.js';

/**
 * Close-all of the list header (admins, tickets-manager:closeAll): how many tickets it would close,
 * counted fresh each time the dialog opens, and the call. The lists follow through the live
 * ticket events the server emits for each closed ticket.
 */
export function useCloseAll(status: CloseAllStatus, queueIds: number[], counting: boolean) {
  const { t } = useTranslation(TICKETS_NS);
  const filter = closeAllFilter(status, queueIds);
  const count = useQuery({
    queryKey: ticketKeys.closeAllCount(filter),
    queryFn: () => countTicketsToClose(filter, fetchTicketPage),
    enabled: counting && filter.queueIds.length > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  const close = useMutation({
    mutationFn: (closeReasonId: number | null) => closeAllTickets(status, filter.queueIds, closeReasonId),
    onSuccess: (closed) => toastSuccess(t('closeAll.done', { count: closed })),
    onError: reportTicketError,
  });
  return { count, close };
}
