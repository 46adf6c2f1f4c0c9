import { api } from '@guiche/web-sdk';
import type { Contact, EarlierTicket, MessageMediaTab, MessageRecord, Tag, TicketNote } from '@guiche/contracts';

/** Calls of the contact drawer (inbox.md §7 Contacts, tags, notes; Messages getmedia). */

export const drawerKeys = {
  contact: (id: number) => ['contactDrawer', 'contact', id] as const,
  notes: (ticketId: number, contactId: number) => ['contactDrawer', 'notes', ticketId, contactId] as const,
  media: (ticketId: number, tab: MessageMediaTab) => ['contactDrawer', 'media', ticketId, tab] as const,
  earlier: (ticketId: number) => ['contactDrawer', 'earlier', ticketId] as const,
};

/** GET /tickets/:id/earlier: the contact's earlier tickets the user reads as history, newest first. */
export async function fetchEarlierTickets(ticketId: number): Promise<EarlierTicket[]> {
  const { data } = await api.get<{ tickets: EarlierTicket[] }>(`/tickets/${ticketId}/earlier`);
  return data.tickets;
}

export async function fetchContact(id: number): Promise<Contact> {
  const { data } = await api.get<Contact>(`/contacts/${id}`);
  return data;
}

export async function toggleDisableBot(id: number): Promise<Contact> {
  const { data } = await api.put<Contact>(`/contacts/toggleDisableBot/${id}`);
  return data;
}

export async function setContactActive(id: number, active: boolean): Promise<Contact> {
  const { data } = await api.put<Contact>(`/contacts/block/${id}`, { active });
  return data;
}

export interface ContactChanges {
  name?: string;
  number?: string;
  email?: string;
  extraInfo?: { name: string; value: string }[];
}

export async function updateContact(id: number, changes: ContactChanges): Promise<Contact> {
  const { data } = await api.put<Contact>(`/contacts/${id}`, changes);
  return data;
}

export async function fetchNotes(ticketId: number, contactId: number): Promise<TicketNote[]> {
  const { data } = await api.get<TicketNote[]>('/ticket-notes/list', { params: { ticketId, contactId } });
  return data;
}

export async function addNote(input: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
  const { data } = await api.post<TicketNote>('/ticket-notes', input);
  return data;
}

export async function deleteNote(id: number): Promise<void> {
  await api.delete(`/ticket-notes/${id}`);
}

export type MediaRecord = MessageRecord & { links?: string[] };

export async function fetchMediaTab(ticketId: number, type: MessageMediaTab, pageNumber: number): Promise<{ records: MediaRecord[]; hasMore: boolean }> {
  const { data } = await api.get<{ records: MediaRecord[]; hasMore: boolean }>(`/messages/getmedia/${ticketId}`, { params: { type, pageNumber } });
  return data;
}

export async function syncContactTags(contactId: number, ticketId: number, tagIds: number[]): Promise<Pick<Tag, 'id' | 'name' | 'color'>[]> {
  const { data } = await api.post<{ tags: Pick<Tag, 'id' | 'name' | 'color'>[] }>('/tags/sync', { contactId, ticketId, tags: tagIds.map((id) => ({ id })) });
  return data.tags;
}

/** PUT /ticket-tags/:ticketId: the ticket's plain tags (its row shows them); answers all its tags, its kanban lane included. */
export async function setTicketTags(ticketId: number, tagIds: number[]): Promise<(Pick<Tag, 'id' | 'name' | 'color'> & { kanban: boolean })[]> {
  const { data } = await api.put<{ tags: (Pick<Tag, 'id' | 'name' | 'color'> & { kanban: boolean })[] }>(`/ticket-tags/${ticketId}`, { tagIds });
  return data.tags;
}
