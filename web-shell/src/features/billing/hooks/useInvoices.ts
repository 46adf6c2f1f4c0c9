import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { paymentEventName, type PaymentEventPayload } from '@guiche/contracts';
import { formatDate, navigateTo, toastSuccess, usePagedList, useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { fetchInvoices, invoiceKeys } from '../api/billing-api.js';
import { NS } from '../i18n/register.js';

/** After a confirmed payment the user goes to /tickets (account-admin.md §9). */
export const PAYMENT_REDIRECT_MS = 5000;

export function useInvoices(search: string) {
  return usePagedList(invoiceKeys.list(search), (pageNumber) => fetchInvoices(search, pageNumber));
}

/**
 * company-{id}-payment CONCLUIDA: the licence was renewed — say so with the new due date, reload
 * the session (the expired flag clears) and the invoices, then go to /tickets after 5 s.
 */
export function usePaymentConfirmation(onConfirmed?: () => void): void {
  const { t } = useTranslation(NS);
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useSocketEvent<PaymentEventPayload>(user ? paymentEventName(user.companyId) : null, (payload) => {
    if (payload.action !== 'CONCLUIDA') return;
    toastSuccess(t('payment.renewed', { date: formatDate(payload.company.dueDate) }));
    onConfirmed?.();
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
    void refresh().catch(() => undefined);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigateTo('/tickets'), PAYMENT_REDIRECT_MS);
  });
}
