import type { Schedule, ScheduleInput } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

export interface ContactOption {
  id: number;
  name: string;
  number: string;
  channel?: string;
  email?: string | null;
}

export interface ConnectionOption {
  id: number;
  name: string;
  isDefault: boolean;
  channel: string;
}

export async function fetchSchedules(search: string, pageNumber: number): Promise<Page<Schedule>> {
  const { data } = await api.get<{ schedules: Schedule[]; hasMore: boolean }>('/schedules', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.schedules, hasMore: data.hasMore };
}

export async function createSchedule(input: ScheduleInput): Promise<Schedule> {
  const { data } = await api.post<Schedule>('/schedules', input);
  return data;
}

export async function updateSchedule(id: number, input: ScheduleInput): Promise<Schedule> {
  const { data } = await api.put<Schedule>(`/schedules/${id}`, input);
  return data;
}

export async function deleteSchedule(id: number): Promise<void> {
  await api.delete(`/schedules/${id}`);
}

export async function attachMedia(id: number, file: File): Promise<Schedule> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<Schedule>(`/schedules/${id}/media`, form);
  return data;
}

export async function removeMedia(id: number): Promise<Schedule> {
  const { data } = await api.delete<Schedule>(`/schedules/${id}/media`);
  return data;
}

/** GET /contacts/list?searchParam: the contact picker's choices. */
export async function searchContacts(search: string): Promise<ContactOption[]> {
  const { data } = await api.get<ContactOption[]>('/contacts/list', { params: { searchParam: search.trim() || undefined } });
  return data;
}

export async function fetchContact(id: number): Promise<ContactOption> {
  const { data } = await api.get<ContactOption>(`/contacts/${id}`);
  return data;
}

/** GET /whatsapp: the connection choice. */
export async function fetchConnections(): Promise<ConnectionOption[]> {
  const { data } = await api.get<ConnectionOption[]>('/whatsapp', { params: { session: 0 } });
  return data;
}
