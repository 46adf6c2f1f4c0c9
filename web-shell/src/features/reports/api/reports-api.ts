import { api, i18n } from '@guiche/web-sdk';
import type { ReportAnswer } from '@guiche/contracts';

export interface Option { id: number; name: string; color?: string | null }

export async function fetchReport(params: Record<string, string | number>): Promise<ReportAnswer> {
  return (await api.get<ReportAnswer>('/ticket/reports', { params })).data;
}

/** The xlsx of every row the filters select (streamed by the server); onBytes as it arrives. */
export async function downloadReport(params: Record<string, string | number>, exportId: string): Promise<Blob> {
  // The file speaks the user's language, as the screen does.
  const lang = ['pt', 'en', 'es', 'tr'].find((code) => i18n.language?.startsWith(code)) ?? 'pt';
  const { data } = await api.get<Blob>('/ticket/reports/export', { params: { ...params, exportId, lang }, responseType: 'blob', timeout: 0 });
  return data;
}

export async function fetchConnections(): Promise<Option[]> {
  const { data } = await api.get<Option[]>('/whatsapp', { params: { session: '0' } });
  return data.map(({ id, name }) => ({ id, name }));
}
export async function fetchUsers(): Promise<Option[]> {
  const { data } = await api.get<Option[]>('/users/list');
  return data.map(({ id, name }) => ({ id, name }));
}
export async function fetchQueues(): Promise<Option[]> {
  const { data } = await api.get<Option[]>('/queue');
  return data.map(({ id, name, color }) => ({ id, name, color }));
}
export async function searchContacts(searchParam: string): Promise<Option[]> {
  const { data } = await api.get<{ contacts: Option[] }>('/contacts', { params: { searchParam } });
  return data.contacts.map(({ id, name }) => ({ id, name }));
}
