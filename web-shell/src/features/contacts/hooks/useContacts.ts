import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type Contact } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { fetchAllTags, fetchContacts, type ContactsQuery } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { contactMatches } from '../lib/contact-filter.js';
import { flattenPages, nextPageNumber, removeFromPages, totalCount, upsertInPages, type Paged } from '../shared/paged-cache.js';

/** The contacts of the current search and tag filter, 20 per page (inbox.md §9). */
export function useContacts(query: ContactsQuery) {
  const result = useInfiniteQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ pageParam }) => fetchContacts(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
  return { ...result, contacts: flattenPages(result.data), count: totalCount(result.data) };
}

export function useTagOptions() {
  return useQuery({ queryKey: contactKeys.tagOptions(), queryFn: fetchAllTags, staleTime: 30_000 });
}

type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/**
 * company-{id}-contact keeps every cached contact list live: a changed contact is replaced (or
 * leaves a list it no longer matches), a new one joins the lists it matches, a deleted one leaves.
 */
export function useContactEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<ContactEvent>(user ? Events.contact(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    const lists = queryClient.getQueriesData<Paged<Contact>>({ queryKey: contactKeys.lists() });
    for (const [key] of lists) {
      const filters = (key[2] ?? { search: '', tagIds: [] }) as ContactsQuery;
      queryClient.setQueryData<Paged<Contact>>(key, (data) =>
        event.action === 'delete' ? removeFromPages(data, event.contactId) : upsertInPages(data, event.contact, contactMatches(event.contact, filters)),
      );
    }
    if (event.action === 'delete') queryClient.removeQueries({ queryKey: contactKeys.detail(event.contactId) });
    else queryClient.setQueryData(contactKeys.detail(event.contact.id), (old: Contact | undefined) => (old ? { ...old, ...event.contact } : old));
  });
}

/** Tag names and colours shown in the filter follow company-{id}-tag too. */
export function useTagOptionEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? Events.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: contactKeys.tagOptions() });
  });
}
