import { api } from '@guiche/web-sdk';

export interface ApiConnectionOption {
  id: number;
  name: string;
  channel: string;
  status: string;
}

/** The company's connections that take API tokens: every one but the website chat (its key is public). */
export async function fetchApiConnections(): Promise<ApiConnectionOption[]> {
  const { data } = await api.get<ApiConnectionOption[]>('/whatsapp', { params: { session: 0 } });
  return data.filter((c) => c.channel !== 'webchat').map(({ id, name, channel, status }) => ({ id, name, channel, status }));
}

/** GET /messages-api/connections/{id}/token (admins only). */
export async function fetchConnectionToken(connectionId: number): Promise<string> {
  return (await api.get<{ token: string }>(`/messages-api/connections/${connectionId}/token`)).data.token;
}
