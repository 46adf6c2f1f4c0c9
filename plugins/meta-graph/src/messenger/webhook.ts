import type { PluginContext } from '@guiche/core';
import { defineWebhookQueue } from '../queues.js';
import { registerMetaWebhook } from '../webhook-routes.js';
import { metaApp } from './app.js';
import { defineAttachmentRetries, processEntry, webhookQueueOf } from './inbound.js';
import { pagesByMetaId, type MessengerKind } from './pages.js';

const OBJECT: Record<MessengerKind, string> = { facebook: 'page', instagram: 'instagram' };

/**
 * GET/POST /facebook/webhook or /instagram/webhook: one URL per Meta app (its secret and verify
 * token come from the environment: META_APP_SECRET, META_VERIFY_TOKEN). Each entry is queued for
 * every connection linked to its page/account id; entries for nobody are dropped.
 */
export function registerMessengerWebhook(ctx: PluginContext, kind: MessengerKind): void {
  defineAttachmentRetries(ctx, kind);
  const enqueue = defineWebhookQueue(ctx, webhookQueueOf(kind), (job, attempt) => processEntry(ctx, kind, job, attempt));
  registerMetaWebhook(ctx.publicRoutes, {
    path: `/${kind}/webhook`,
    resolve: async () => metaApp(),
    async accept(payload) {
      const body = payload as { object?: string; entry?: { id?: string; messaging?: unknown[] }[] };
      if (body.object !== OBJECT[kind]) return;
      for (const entry of body.entry ?? []) {
        if (!entry?.id || !Array.isArray(entry.messaging)) continue;
        for (const page of await pagesByMetaId(ctx.db, kind, String(entry.id))) {
          await enqueue({ companyId: page.companyId, connectionId: page.connectionId, payload: entry });
        }
      }
    },
  });
}
