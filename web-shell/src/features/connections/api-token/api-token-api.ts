import { api } from '@guiche/web-sdk';

/** GET/POST /messages-api/connections/{id}/token (plugins/external-api): admins only. */
export async function fetchApiToken(connectionId: number): Promise<string> {
  return (await api.get<{ token: string }>(`/messages-api/connections/${connectionId}/token`)).data.token;
}

export async function regenerateApiToken(connectionId: number): Promise<string> {
  return (await api.post<{ token: string }>(`/messages-api/connections/${connectionId}/token`)).data.token;
}
