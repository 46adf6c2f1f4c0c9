import type { IntegrationFields, QueueIntegration, TestSessionInput, TestSessionResult } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

/** The shapes, choices and rules are the plugin's own: @guiche/contracts queue-integrations.ts. */
export async function fetchIntegrations(search: string, pageNumber: number): Promise<Page<QueueIntegration>> {
  const { data } = await api.get<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }>('/queueIntegration/', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.queueIntegrations, hasMore: data.hasMore };
}

export async function saveIntegration(id: number | null, input: IntegrationFields): Promise<QueueIntegration> {
  const { data } = id ? await api.put<QueueIntegration>(`/queueIntegration/${id}`, input) : await api.post<QueueIntegration>('/queueIntegration', input);
  return data;
}

export async function deleteIntegration(id: number): Promise<void> {
  await api.delete(`/queueIntegration/${id}`);
}

export async function testSession(input: TestSessionInput): Promise<TestSessionResult> {
  const { data } = await api.post<TestSessionResult>('/queueIntegration/testSession', input);
  return data;
}
