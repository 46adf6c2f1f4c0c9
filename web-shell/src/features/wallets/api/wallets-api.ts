import { api, type Page } from '@guiche/web-sdk';
import type { Contact, WalletOwner } from '@guiche/contracts';

export const walletKeys = {
  all: ['wallets'] as const,
  owners: () => ['wallets', 'owners'] as const,
  contacts: (userId: number) => ['wallets', 'contacts', userId] as const,
};

/** GET /wallets: owners with their counts (an agent gets only their own). */
export async function fetchWallets(): Promise<WalletOwner[]> {
  const { data } = await api.get<WalletOwner[]>('/wallets');
  return data;
}

/** GET /contacts?ownerUserId=: one page of a wallet's contacts, by name. */
export async function fetchWalletContacts(userId: number, pageNumber: number): Promise<Page<Contact>> {
  const { data } = await api.get<{ contacts: Contact[]; hasMore: boolean; count: number }>('/contacts', { params: { ownerUserId: userId, pageNumber } });
  return { items: data.contacts, hasMore: data.hasMore, count: data.count };
}
