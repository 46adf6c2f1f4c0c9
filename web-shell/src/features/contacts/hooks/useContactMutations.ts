import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@guiche/contracts';
import { applyToPagedLists, replaceInPagedLists } from '@guiche/web-sdk';
import { createContact, deleteContact, setContactActive, updateContact, type ContactFormInput } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';

/**
 * Writes of the contacts page. The answer is applied to the cached lists at once (the live event
 * that follows changes nothing more); a new contact makes the lists refetch, as only the server
 * knows where it sorts.
 */
export function useContactMutations() {
  const queryClient = useQueryClient();
  const replace = (contact: Contact) => {
    replaceInPagedLists(queryClient, contactKeys.lists(), contact);
    queryClient.setQueryData(contactKeys.detail(contact.id), contact);
  };

  return {
    create: useMutation({
      mutationFn: (input: ContactFormInput & { number: string }) => createContact(input),
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
      onSuccess: (_data, id) => applyToPagedLists<Contact>(queryClient, contactKeys.lists(), { removedId: id }),
    }),
  };
}
