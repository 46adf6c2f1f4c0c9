import type { IntegrationFields, QueueIntegration, SavedQueueIntegration, TestSessionInput, TestSessionResult } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

/** The shapes, choices and rules are the plugin's own: @guiche/contracts queue-integrations.ts. */
export async function fetchIntegrations(search: string, pageNumber: number): Promise<Page<QueueIntegration>> {
  const { data } = await api.get<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }>('/queueIntegration/', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.queueIntegrations, hasMore: data.hasMore };
}

/** The answer carries `signingSecret` when one was just made (shown once). */
export async function saveIntegration(id: number | null, input: IntegrationFields): Promise<SavedQueueIntegration> {
  const { data } = id ? await api.put<SavedQueueIntegration>(`/queueIntegration/${id}`, input) : await api.post<SavedQueueIntegration>('/queueIntegration', input);
  return data;
}

/** A new signing secret; the old one stops signing at once. */
export async function rotateSecret(id: number): Promise<string> {
  const { data } = await api.post<{ secret: string }>(`/queueIntegration/${id}/secret`);
  return data.secret;
}

export async function deleteIntegration(id: number): Promise<void> {
  await api.delete(`/queueIntegration/${id}`);
}

export async function testSession(input: TestSessionInput): Promise<TestSessionResult> {
  const { data } = await api.post<TestSessionResult>('/queueIntegration/testSession', input);
  return data;
}
