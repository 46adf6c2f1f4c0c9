import { api } from '@guiche/web-sdk';
import type { TicketUpdateInput } from '@guiche/contracts';
import { ticketQueryParams, type ListFilter } from '../lib/ticket-filters.js';
import type { ConnectionOption, ContactOption, QueueOption, Ticket, TicketLogEntry, TicketPage, UserOption } from './types.js';

export async function fetchTicketPage(filter: ListFilter, cursor: string | null): Promise<TicketPage> {
  const { data } = await api.get<TicketPage>('/tickets', { params: ticketQueryParams(filter, cursor) });
  return data;
}

/** Tickets with unread messages the caller handles (the notifications popover). */
export async function fetchUnreadTickets(): Promise<Ticket[]> {
  const { data } = await api.get<TicketPage>('/tickets', { params: { withUnreadMessages: 'true', showAll: 'false' } });
  return data.tickets.filter((t) => t.status !== 'closed');
}

export async function fetchTicket(uuid: string): Promise<Ticket> {
  const { data } = await api.get<Ticket>(`/tickets/u/${uuid}`);
  return data;
}

export async function fetchTicketLog(ticketId: number): Promise<TicketLogEntry[]> {
  const { data } = await api.get<TicketLogEntry[]>(`/tickets-log/${ticketId}`);
  return data;
}

export async function createTicket(input: { contactId: number; queueId: number | null; whatsappId: number | null; userId: number; status: 'open' }): Promise<Ticket> {
  const { data } = await api.post<Ticket>('/tickets', input);
  return data;
}

export async function updateTicket(id: number, input: TicketUpdateInput & { requestRating?: boolean }): Promise<Ticket> {
  const { data } = await api.put<Ticket>(`/tickets/${id}`, input);
  return data;
}

export async function deleteTicket(id: number): Promise<void> {
  await api.delete(`/tickets/${id}`);
}

/** POST /tickets/closeAll (admins): every ticket of the status in the queues, whoever holds it; answers how many closed. */
export async function closeAllTickets(status: 'open' | 'pending' | 'group', queueIds: number[], closeReasonId: number | null = null): Promise<number> {
  const { data } = await api.post<{ closed: number }>('/tickets/closeAll', { status, queueIds, ...(closeReasonId ? { closeReasonId } : {}) });
  return data.closed;
}

export async function fetchQueues(): Promise<QueueOption[]> {
  const { data } = await api.get<QueueOption[]>('/queue');
  return data.map(({ id, name, color }) => ({ id, name, color }));
}

export async function fetchConnections(): Promise<ConnectionOption[]> {
  const { data } = await api.get<ConnectionOption[]>('/whatsapp', { params: { session: '0' } });
  return data.map(({ id, name, channel, isDefault, status }) => ({ id, name, channel, isDefault, status }));
}

export async function searchUsers(searchParam: string): Promise<UserOption[]> {
  const { data } = await api.get<{ users: UserOption[] }>('/users', { params: { searchParam } });
  return data.users;
}

export async function fetchUserList(): Promise<UserOption[]> {
  const { data } = await api.get<UserOption[]>('/users/list');
  return data;
}

export async function searchContacts(searchParam: string): Promise<ContactOption[]> {
  const { data } = await api.get<{ contacts: ContactOption[] }>('/contacts', { params: { searchParam } });
  return data.contacts;
}
