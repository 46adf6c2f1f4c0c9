import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@guiche/contracts';
import { createContact, deleteContact, setContactActive, updateContact, type ContactFormInput } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { removeFromPages, upsertInPages, type Paged } from '../shared/paged-cache.js';

/**
 * Writes of the contacts page. The answer is applied to the cached lists at once (the live event
 * that follows changes nothing more); a new contact makes the lists refetch, as only the server
 * knows where it sorts.
 */
export function useContactMutations() {
  const queryClient = useQueryClient();
  const replace = (contact: Contact) => {
    queryClient.setQueriesData<Paged<Contact>>({ queryKey: contactKeys.lists() }, (data) =>
      data && data.pages.some((p) => p.items.some((c) => c.id === contact.id)) ? upsertInPages(data, contact, true) : data,
    );
    queryClient.setQueryData(contactKeys.detail(contact.id), contact);
  };

  return {
    create: useMutation({
      mutationFn: (input: Required<ContactFormInput>) => createContact(input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ContactFormInput }) => updateContact(id, input),
      onSuccess: replace,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: number; active: boolean }) => setContactActive(id, active),
      onSuccess: replace,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteContact(id),
      onSuccess: (_data, id) => {
        queryClient.setQueriesData<Paged<Contact>>({ queryKey: contactKeys.lists() }, (data) => removeFromPages(data, id));
      },
    }),
  };
}
