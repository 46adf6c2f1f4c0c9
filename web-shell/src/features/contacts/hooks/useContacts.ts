import { Events, type Contact } from '@guiche/contracts';
import { usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { fetchContacts, type ContactsQuery } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { contactMatches } from '../lib/contact-filter.js';

/** The contacts of the current search and tag filter, 20 per page (inbox.md §9). */
export function useContacts(query: ContactsQuery) {
  return usePagedList(contactKeys.list(query), (pageNumber) => fetchContacts(query, pageNumber));
}

type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/**
 * company-{id}-contact keeps every cached contact list live: a changed contact is replaced (or
 * leaves a list it no longer matches), a new one joins the lists it matches, a deleted one leaves.
 */
export function useContactEvents(): void {
  usePagedListEvents<ContactEvent, Contact, ContactsQuery>({
    eventOf: Events.contact,
    listsKey: contactKeys.lists(),
    changeOf: (event) =>
      event.action === 'delete' ? { removedId: event.contactId } : { record: event.contact, matches: (filters) => contactMatches(event.contact, filters ?? { search: '', tagIds: [] }) },
    also: (event, queryClient) => {
      if (event.action === 'delete') queryClient.removeQueries({ queryKey: contactKeys.detail(event.contactId) });
      else queryClient.setQueryData(contactKeys.detail(event.contact.id), (old: Contact | undefined) => (old ? { ...old, ...event.contact } : old));
    },
  });
}
