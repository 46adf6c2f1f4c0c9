import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { createExternalApiPlugin } from '../src/plugin.js';
import type { WebhookConfig } from '../src/webhooks/config.js';
import { fakeWhatsapp, type FakeWorld } from './support.js';

/** Fast retries for tests: attempts 20 ms apart (doubling), and local receivers allowed. */
export const FAST_WEBHOOKS: Partial<WebhookConfig> = { allowPrivate: true, retryBaseMs: 20, timeoutMs: 2000, maxAttempts: 8, disableAfterFailures: 5 };

export async function startWebhookKernel(world: FakeWorld, webhooks: Partial<WebhookConfig> = FAST_WEBHOOKS): Promise<TestKernel> {
  return createTestKernel({ plugins: [fakeWhatsapp(world), createExternalApiPlugin({ webhooks })] });
}

/** Creates a subscription through the API; answers its id and the secret shown once. */
export async function subscribe(k: TestKernel, token: string, url: string, events: string[]): Promise<{ id: number; secret: string }> {
  const res = await k.api('POST', '/webhooks', { token, body: { url, events } });
  if (res.status !== 201) throw new Error(`subscription not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.webhook.id, secret: res.body.secret };
}
