import { api, type Page } from '@guiche/web-sdk';

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** A queue integration as GET /queueIntegration and company-{id}-queueIntegration give it (the DialogFlow key masked). */
export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotUnknownMessage: string | null;
  typebotRestartMessage: string | null;
}
export type IntegrationInput = Omit<QueueIntegration, 'id'>;

export async function fetchIntegrations(search: string, pageNumber: number): Promise<Page<QueueIntegration>> {
  const { data } = await api.get<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }>('/queueIntegration/', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.queueIntegrations, hasMore: data.hasMore };
}

export async function saveIntegration(id: number | null, input: IntegrationInput): Promise<QueueIntegration> {
  const { data } = id ? await api.put<QueueIntegration>(`/queueIntegration/${id}`, input) : await api.post<QueueIntegration>('/queueIntegration', input);
  return data;
}

export async function deleteIntegration(id: number): Promise<void> {
  await api.delete(`/queueIntegration/${id}`);
}

export async function testSession(input: { projectName: string; jsonContent: string; language: string; id?: number }): Promise<{ ok: boolean; message?: string; reason?: string }> {
  const { data } = await api.post('/queueIntegration/testSession', input);
  return data;
}
