import { definePlugin, type PluginDefinition } from '@guiche/core';
import { registerRoutes } from './routes.js';
import { registerTokenRoutes } from './connection-tokens.js';
import type { RateLimit } from './token-auth.js';
import { webhookConfigFromEnv, type WebhookConfig } from './webhooks/config.js';
import { createDeliveries } from './webhooks/deliveries.js';
import { captureEvents, createFiling } from './webhooks/capture.js';
import { createOutboxFiling } from './webhooks/outbox-filing.js';
import { startOutboxRelay } from './webhooks/outbox-relay.js';
import { createSubscriberCache } from './webhooks/subscriber-cache.js';
import { registerWebhookRoutes } from './webhooks/routes.js';

/** Calls per token per minute: EXTERNAL_API_RATE_LIMIT (default 60). */
export function defaultRateLimit(env: NodeJS.ProcessEnv = process.env): RateLimit {
  const max = Number(env.EXTERNAL_API_RATE_LIMIT);
  return { max: Number.isInteger(max) && max > 0 ? max : 60, windowMs: 60_000 };
}

/** The plugin with its own rate and webhook settings (tests use small ones). */
export function createExternalApiPlugin(options: { rateLimit?: RateLimit; webhooks?: Partial<WebhookConfig> } = {}): PluginDefinition {
  return definePlugin({
    id: 'external-api',
    kind: 'module',
    planFlag: 'useExternalApi',
    migrations: 'migrations',
    webModule: 'external-api',
    async register(ctx) {
      registerRoutes(ctx, options.rateLimit ?? defaultRateLimit());
      registerTokenRoutes(ctx);
      const webhooks = { ...webhookConfigFromEnv(), ...options.webhooks };
      const deliveries = createDeliveries(ctx, webhooks);
      const subscribers = createSubscriberCache(ctx);
      const outbox = createOutboxFiling(createFiling(ctx, deliveries));
      captureEvents(ctx, deliveries, subscribers, outbox);
      await startOutboxRelay(ctx, outbox, webhooks).start();
      registerWebhookRoutes(ctx, deliveries, subscribers, webhooks);
    },
  });
}

export default createExternalApiPlugin();
