import { api } from '@guiche/web-sdk';
import type { WebhookAttempt, WebhookCreate, WebhookEventType, WebhookSubscription, WebhookUpdate } from '@guiche/contracts';

export async function fetchWebhooks(): Promise<{ webhooks: WebhookSubscription[]; events: WebhookEventType[] }> {
  return (await api.get('/webhooks')).data;
}
export async function createWebhook(input: WebhookCreate): Promise<{ webhook: WebhookSubscription; secret: string }> {
  return (await api.post('/webhooks', input)).data;
}
export async function updateWebhook(id: number, input: WebhookUpdate): Promise<WebhookSubscription> {
  return (await api.put(`/webhooks/${id}`, input)).data;
}
export async function deleteWebhook(id: number): Promise<void> {
  await api.delete(`/webhooks/${id}`);
}
export async function revealSecret(id: number): Promise<string> {
  return (await api.get(`/webhooks/${id}/secret`)).data.secret;
}
export async function rotateSecret(id: number): Promise<string> {
  return (await api.post(`/webhooks/${id}/secret`)).data.secret;
}
export async function pingWebhook(id: number): Promise<number> {
  return (await api.post(`/webhooks/${id}/ping`)).data.deliveryId;
}
export async function fetchAttempts(id: number): Promise<WebhookAttempt[]> {
  return (await api.get(`/webhooks/${id}/attempts`)).data.attempts;
}
export async function redeliver(id: number, deliveryId: number): Promise<void> {
  await api.post(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
}
