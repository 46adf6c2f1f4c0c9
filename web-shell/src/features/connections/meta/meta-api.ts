import { api } from '@guiche/web-sdk';

export interface CloudCredentials {
  webhookUrl: string;
  configured: boolean;
  phoneNumberId: string | null;
  wabaId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  lastError: string | null;
}

export interface CloudCredentialsInput {
  phoneNumberId: string;
  wabaId: string;
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
}

export async function fetchCloudCredentials(id: number): Promise<CloudCredentials> {
  const { data } = await api.get<CloudCredentials>(`/whatsappapi/${id}/credentials`);
  return data;
}

export async function saveCloudCredentials(id: number, input: CloudCredentialsInput): Promise<void> {
  await api.put(`/whatsappapi/${id}/credentials`, input);
}

export interface LoginConfig {
  appId: string | null;
  scopes: string[];
  sdkUrl: string;
  configured: boolean;
}

export async function fetchLoginConfig(): Promise<LoginConfig> {
  const { data } = await api.get<LoginConfig>('/facebook/login-config');
  return data;
}

export async function linkFacebook(input: { facebookUserId: string; facebookUserToken: string; addInstagram: boolean }): Promise<{ connections: { id: number; channel: string; name: string }[] }> {
  const { data } = await api.post<{ connections: { id: number; channel: string; name: string }[] }>('/facebook', input);
  return data;
}

/** What GET /whatsappapi/{id}/templates?all=true answers (as much as the dialog shows). */
export interface CloudTemplatesState {
  templates: { status: string }[];
  syncedAt: string | null;
}

export async function fetchCloudTemplatesState(id: number): Promise<CloudTemplatesState> {
  const { data } = await api.get<CloudTemplatesState>(`/whatsappapi/${id}/templates`, { params: { all: 'true' } });
  return data;
}

/** POST /whatsappapi/{id}/templates/sync (admins): Graph read now. */
export async function syncCloudTemplates(id: number): Promise<{ templates: number; approved: number; syncedAt: string }> {
  const { data } = await api.post<{ templates: number; approved: number; syncedAt: string }>(`/whatsappapi/${id}/templates/sync`);
  return data;
}
