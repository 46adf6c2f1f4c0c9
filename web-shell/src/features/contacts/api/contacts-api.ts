import { api, type Page } from '@guiche/web-sdk';
import type { Connection, Contact, ContactImportResult, ContactImportSource, ContactMergePreview, Queue } from '@guiche/contracts';
import { contactTagParam } from '../lib/contact-filter.js';
import type { RowOutcome } from '../lib/row-import.js';
import type { ContactSheetRow } from '../lib/sheet-rows.js';

export interface ContactsQuery {
  search: string;
  tagIds: number[];
}

export interface ContactFormInput {
  name: string;
  number?: string;
  email: string;
  extraInfo: { name: string; value: string }[];
  ownerUserId?: number | null;
  birthday?: string | null;
}

/** GET /users/list: the company's users, for the owner (wallet) select. */
export async function fetchOwnerOptions(): Promise<{ id: number; name: string }[]> {
  const { data } = await api.get<{ id: number; name: string }[]>('/users/list');
  return data;
}

/** PUT /contacts/owner: the selected contacts into one agent's wallet (null: out of any). */
export async function setContactsOwner(contactIds: number[], ownerUserId: number | null): Promise<{ updated: number }> {
  const { data } = await api.put<{ updated: number }>('/contacts/owner', { contactIds, ownerUserId });
  return data;
}

/** GET /contacts: 20 per page, ordered by name (inbox.md §7, §9). */
export async function fetchContacts(query: ContactsQuery, pageNumber: number): Promise<Page<Contact>> {
  const { data } = await api.get<{ contacts: Contact[]; hasMore: boolean; count: number }>('/contacts', {
    params: { searchParam: query.search.trim() || undefined, pageNumber, contactTag: contactTagParam(query.tagIds) },
  });
  return { items: data.contacts, hasMore: data.hasMore, count: data.count };
}

/** GET /contacts/{id}: with the extra info fields the list leaves out. */
export async function fetchContact(id: number): Promise<Contact> {
  const { data } = await api.get<Contact>(`/contacts/${id}`);
  return data;
}

export async function createContact(input: ContactFormInput & { number: string }): Promise<Contact> {
  const { data } = await api.post<Contact>('/contacts', { ...input, channel: 'whatsapp' });
  return data;
}

export async function updateContact(id: number, input: ContactFormInput): Promise<Contact> {
  const { data } = await api.put<Contact>(`/contacts/${id}`, input);
  return data;
}

export async function deleteContact(id: number): Promise<void> {
  await api.delete(`/contacts/${id}`);
}

/** PUT /contacts/block/{id}: active false blocks, true unblocks. */
export async function setContactActive(id: number, active: boolean): Promise<Contact> {
  const { data } = await api.put<Contact>(`/contacts/block/${id}`, { active });
  return data;
}

/** POST /contactsImport: one spreadsheet row; 201 when it created the contact, 200 when it updated the one with that number. */
export async function importContactRow(values: ContactSheetRow['values']): Promise<RowOutcome> {
  const { status } = await api.post<Contact>('/contactsImport', values);
  return status === 201 ? 'created' : 'updated';
}

/** A failed blob request carries its JSON error as a Blob: read it so toastError sees the code. */
async function withJsonError<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    const response = (err as { response?: { data?: unknown } }).response;
    if (response && response.data instanceof Blob) {
      try {
        response.data = JSON.parse(await response.data.text());
      } catch {
        /* not JSON: leave it */
      }
    }
    throw err;
  }
}

/** GET /contacts/export: backup_contatos.xlsx, of the contacts with any of the tags (all without); the server masks numbers for LGPD. */
export async function exportContacts(tagIds: number[]): Promise<Blob> {
  const { data } = await withJsonError(api.get<Blob>('/contacts/export', { params: { contactTag: contactTagParam(tagIds) }, responseType: 'blob' }));
  return data;
}

/** GET /whatsapp?session=0: the company's connections (without session secrets). */
export async function fetchConnections(): Promise<Connection[]> {
  const { data } = await api.get<Connection[]>('/whatsapp', { params: { session: 0 } });
  return data;
}

/** GET /queue: every queue of the company. */
export async function fetchQueues(): Promise<Queue[]> {
  const { data } = await api.get<Queue[]>('/queue');
  return data;
}

export interface CreatedTicket {
  id: number;
  uuid: string;
}

/** POST /tickets: an open ticket for the caller (a 409 carries the contact's active ticket). */
export async function createTicket(input: { contactId: number; queueId: number | null; whatsappId: number; userId: number }): Promise<CreatedTicket> {
  const { data } = await api.post<CreatedTicket>('/tickets', { ...input, status: 'open' });
  return data;
}

/** POST /contacts/import (the phone's address book) or /contacts/import/chats (the people it has chats with). */
export async function importFromPhone(source: ContactImportSource): Promise<ContactImportResult> {
  const { data } = await api.post<ContactImportResult>(source === 'chats' ? '/contacts/import/chats' : '/contacts/import');
  return data;
}

/** GET /contacts/list: up to 500 contacts matching a name or number (the merge dialog's search). */
export async function searchContacts(search: string, channel: Contact['channel']): Promise<Pick<Contact, 'id' | 'name' | 'number' | 'channel' | 'isGroup'>[]> {
  const { data } = await api.get<Pick<Contact, 'id' | 'name' | 'number' | 'channel' | 'isGroup'>[]>('/contacts/list', { params: { searchParam: search.trim() || undefined, channel } });
  return data;
}

/** GET /contacts/{id}/merge?otherId: what merging `otherId` into `id` would move (admins). */
export async function fetchMergePreview(id: number, otherId: number): Promise<ContactMergePreview> {
  const { data } = await api.get<ContactMergePreview>(`/contacts/${id}/merge`, { params: { otherId } });
  return data;
}

/** POST /contacts/{id}/merge: `id` keeps everything of `otherId`, which is removed (admins). */
export async function mergeContacts(id: number, otherId: number): Promise<Contact> {
  const { data } = await api.post<Contact>(`/contacts/${id}/merge`, { otherId });
  return data;
}
