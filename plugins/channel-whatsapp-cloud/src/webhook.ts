import { z } from 'zod';
import { text } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import { RetryLater, applyAckIfKnown, defineWebhookQueue, isGraphError, registerMetaWebhook, type WebhookJob } from '@guiche/meta-graph';
import { accountByConnectionToken, clientOf, loadAccount, recentAccount, type CloudAccount } from './accounts.js';
import { connectionOfWebhookId, LEGACY_TOKEN, legacyUrlAccepted, LEGACY_WEBHOOK_URL_UNTIL, markLegacyUse, WEBHOOK_ID } from './webhook-ids.js';

import { parseInbound } from './inbound.js';
import { downloadMedia, scheduleMedia } from './media.js';
import { confirmAttempt } from './send-attempts.js';
import { applyStandingChange, STANDING_FIELDS } from './standing-webhooks.js';

export const WEBHOOK_QUEUE = 'whatsappapi-webhook';
const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3 };
/** How many times a status for a message id not stored yet is tried again (our send may be finishing). */
const ACK_ATTEMPTS = 5;

async function ingestMessage(ctx: PluginContext, account: CloudAccount, raw: Record<string, any>, names: Map<string, string>): Promise<void> {
  const parsed = parseInbound(raw, names);
  if (!parsed) return;
  const { message, media } = parsed;
  if (await ctx.db('messages').where({ whatsappId: account.connectionId, wid: message.wid }).first('id')) return; // a resent webhook
  if (!media) {
    await ctx.ingest.ingest(account.connectionId, message);
    return;
  }
  // One try inline; on a transient failure the message is stored at once and its file follows.
  try {
    const file = await downloadMedia(clientOf(account), media);
    await ctx.ingest.ingest(account.connectionId, { ...message, media: file });
  } catch (err) {
    if (isGraphError(err, 'permanent')) {
      await ctx.ingest.ingest(account.connectionId, { ...message, data: { ...message.data, mediaError: err.message } });
      return;
    }
    ctx.log.warn({ err, wid: message.wid }, 'whatsappapi: media download failed, retrying in the background');
    await scheduleMedia(ctx, account.companyId, { connectionId: account.connectionId, wid: message.wid, media });
    await ctx.ingest.ingest(account.connectionId, { ...message, data: { ...message.data, mediaPending: true, mediaRef: media } });
  }
}

async function applyStatus(ctx: PluginContext, account: CloudAccount, status: Record<string, any>, attempt: number): Promise<void> {
  const wid = String(status.id ?? '');
  if (!wid) return;
  // Our attempt id, echoed: a node recovering from a crash learns Meta took the message (send-once.ts).
  const attemptId = status.biz_opaque_callback_data;
  if (typeof attemptId === 'string' && attemptId && status.status !== 'failed') await confirmAttempt(ctx.db, account.connectionId, attemptId, wid);
  if (status.status === 'failed') {
    const error = (status.errors ?? [])[0] ?? {};
    await ctx.ingest.applyFailure(account.connectionId, wid, `Graph error ${error.code ?? '?'}: ${error.title ?? error.message ?? 'failed'}${error.error_data?.details ? ` — ${error.error_data.details}` : ''}`);
    return;
  }
  const ack = ACKS[String(status.status)];
  if (!ack) return;
  const applied = await applyAckIfKnown(ctx, account.connectionId, wid, ack);
  if (!applied && attempt < ACK_ATTEMPTS) throw new RetryLater(`status for ${wid} before its message was stored`);
}

/** One delivery: every change for this connection's number (others are ignored). */
export async function processDelivery(ctx: PluginContext, job: WebhookJob, attempt: number): Promise<void> {
  const account = await recentAccount(ctx.db, job.connectionId);
  if (!account) return;
  const payload = job.payload as { object?: string; entry?: { id?: unknown; time?: unknown; changes?: { field?: string; value?: Record<string, any> }[] }[] };
  if (payload?.object !== 'whatsapp_business_account') return;
  let retry: unknown = null;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (change.field && STANDING_FIELDS.includes(change.field) && value && typeof value === 'object') {
        // Rare, and compared with the stored standing: read as it is now, not as recently read.
        const current = await loadAccount(ctx.db, job.connectionId);
        if (current) await applyStandingChange(ctx, current, entry, change.field, value);
        continue;
      }
      if (change.field !== 'messages' || !value || value.metadata?.phone_number_id !== account.phoneNumberId) continue;
      const names = new Map<string, string>();
      for (const c of value.contacts ?? []) if (c?.wa_id && c.profile?.name) names.set(String(c.wa_id), String(c.profile.name));
      for (const raw of value.messages ?? []) await ingestMessage(ctx, account, raw, names);
      for (const status of value.statuses ?? []) {
        try {
          await applyStatus(ctx, account, status, attempt);
        } catch (err) {
          retry = err;
        }
      }
    }
  }
  if (retry) throw retry;
}

/** A webhook's account, and whether the URL was the old one (the connection token). */
export type WebhookTarget = CloudAccount & { viaLegacyUrl: boolean };

/**
 * The account a webhook URL's last segment names: the connection's public webhook id, or (until
 * legacyUntil) its API token, as URLs pasted in Meta's apps before the webhook ids did.
 */
export async function resolveWebhookTarget(db: PluginContext['db'], segment: string, legacyUntil: Date = LEGACY_WEBHOOK_URL_UNTIL): Promise<WebhookTarget | null> {
  if (WEBHOOK_ID.test(segment)) {
    const connectionId = await connectionOfWebhookId(db, segment);
    const account = connectionId === null ? null : await loadAccount(db, connectionId);
    return account && { ...account, viaLegacyUrl: false };
  }
  if (!LEGACY_TOKEN.test(segment) || !legacyUrlAccepted(legacyUntil)) return null;
  const account = await accountByConnectionToken(db, segment);
  return account && { ...account, viaLegacyUrl: true };
}

/**
 * Once Meta proved a call on the old URL authentic: noted for the connection, and a deprecation
 * warning logged the first time only (across every node: legacy_used_at is set once).
 */
export async function noteLegacyCall(ctx: Pick<PluginContext, 'db' | 'log'>, target: WebhookTarget, legacyUntil: Date = LEGACY_WEBHOOK_URL_UNTIL): Promise<void> {
  if (!target.viaLegacyUrl || !(await markLegacyUse(ctx.db, target.companyId, target.connectionId))) return;
  ctx.log.warn(
    { connectionId: target.connectionId, companyId: target.companyId, until: legacyUntil.toISOString() },
    'whatsappapi: Meta calls the old webhook URL (with the connection token); paste the URL the connection dialog shows into the Meta app',
  );
}

/** GET/POST /whatsappapi/webhook/:webhookId — the URL the connection dialog shows to paste in Meta's app. */
export async function registerWebhook(ctx: PluginContext, legacyUntil: Date = LEGACY_WEBHOOK_URL_UNTIL): Promise<void> {
  const enqueue = defineWebhookQueue(ctx, WEBHOOK_QUEUE, (job, attempt) => processDelivery(ctx, job, attempt));
  registerMetaWebhook(ctx.publicRoutes, {
    path: '/whatsappapi/webhook/:webhookId',
    params: z.object({ webhookId: text(64) }),
    resolve: (request) => resolveWebhookTarget(ctx.db, (request.params as { webhookId: string }).webhookId, legacyUntil),
    verified: (target) => noteLegacyCall(ctx, target, legacyUntil),
    accept: (payload, account) => enqueue({ companyId: account.companyId, connectionId: account.connectionId, payload }),
  });
}
