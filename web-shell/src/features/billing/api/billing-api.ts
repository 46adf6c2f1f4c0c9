import type { Invoice, SubscriptionInput, SubscriptionResponse } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

export const invoiceKeys = {
  lists: () => ['invoices', 'list'] as const,
  list: (search: string) => ['invoices', 'list', { search: search.trim() }] as const,
};

/** GET /invoices/all (searchParam, pageNumber): a page with hasMore. */
export async function fetchInvoices(search: string, pageNumber: number): Promise<Page<Invoice>> {
  const { data } = await api.get<{ invoices: Invoice[]; hasMore: boolean; count: number }>('/invoices/all', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.invoices, hasMore: data.hasMore, count: data.count };
}

/** POST /subscription: the Pix charge of the invoice. */
export async function subscribe(payload: SubscriptionInput): Promise<SubscriptionResponse> {
  const { data } = await api.post<SubscriptionResponse>('/subscription', payload);
  return data;
}
