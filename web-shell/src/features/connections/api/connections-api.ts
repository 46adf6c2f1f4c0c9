import { api } from '@guiche/web-sdk';
import type { Connection, ConnectionChannel, ConnectionUpdate, PairingCodeAnswer } from '@guiche/contracts';

/** GET /whatsapp with the QR codes (managers only see them). */
export async function fetchConnections(): Promise<Connection[]> {
  const { data } = await api.get<Connection[]>('/whatsapp', { params: { session: '1' } });
  return data;
}

export async function fetchQueueOptions(): Promise<{ id: number; name: string; color: string }[]> {
  const { data } = await api.get<{ id: number; name: string; color: string }[]>('/queue');
  return data.map(({ id, name, color }) => ({ id, name, color }));
}

export async function createConnection(channel: ConnectionChannel, input: ConnectionUpdate): Promise<Connection> {
  const { data } = await api.post<Connection>('/whatsapp', { ...input, channel });
  return data;
}

export async function updateConnection(id: number, input: ConnectionUpdate): Promise<Connection> {
  const { data } = await api.put<Connection>(`/whatsapp/${id}`, input);
  return data;
}

export async function deleteConnection(id: number): Promise<void> {
  await api.delete(`/whatsapp/${id}`);
}

/** "Try again". */
export async function startSession(id: number): Promise<Connection> {
  const { data } = await api.post<Connection>(`/whatsappsession/${id}`);
  return data;
}

/** "New QR code". */
export async function requestNewQr(id: number): Promise<Connection> {
  const { data } = await api.put<Connection>(`/whatsappsession/${id}`);
  return data;
}

/** "Disconnect" (and the session reset before an import). */
export async function disconnectSession(id: number): Promise<Connection> {
  const { data } = await api.delete<Connection>(`/whatsappsession/${id}`);
  return data;
}

/** The pairing-code alternative to the QR: the code to type on the phone with this number. */
export async function requestPairingCode(id: number, number: string): Promise<PairingCodeAnswer> {
  const { data } = await api.post<PairingCodeAnswer>(`/whatsappsession/${id}/pairing-code`, { number });
  return data;
}

/** "Close imported tickets" once the history import finished. */
export async function closeImportedTickets(id: number): Promise<{ closed: number }> {
  const { data } = await api.post<{ closed: number }>(`/closedimported/${id}`);
  return data;
}

export async function restartConnections(): Promise<void> {
  await api.post('/whatsapp-restart/');
}

export async function uploadGreetingMedia(id: number, file: File): Promise<Connection> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<Connection>(`/whatsapp/${id}/media-upload`, body);
  return data;
}

export async function removeGreetingMedia(id: number): Promise<Connection> {
  const { data } = await api.delete<Connection>(`/whatsapp/${id}/media-upload`);
  return data;
}
