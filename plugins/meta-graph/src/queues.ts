import type { PluginContext } from '@guiche/core';

/** Base of the retries' backoff for webhook processing and media downloads (META_RETRY_BACKOFF_MS lowers it in tests). */
export function retryBackoffMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.META_RETRY_BACKOFF_MS);
  return Number.isFinite(value) && value > 0 ? value : 2_000;
}

export interface WebhookJob {
  companyId: number;
  connectionId: number;
  payload: unknown;
}

/**
 * Deliveries are queued (a Redis write in production) right after the signature check and
 * processed by the queue's workers, with retries: the webhook answers 200 at once, and a database
 * hiccup during processing is retried instead of lost or answered with a 5xx that makes Meta resend.
 */
export function defineWebhookQueue(ctx: PluginContext, queue: string, process: (job: WebhookJob, attempt: number) => Promise<void>): (job: WebhookJob) => Promise<void> {
  ctx.jobs.define<WebhookJob>(queue, { concurrency: 8, handler: (job, meta) => process(job, meta.attempt) });
  return (job) => ctx.jobs.enqueue(queue, job, { attempts: 8, backoffMs: retryBackoffMs() });
}

/** Thrown to have a queued job tried again later (e.g. an ack for a message whose id is not stored yet). */
export class RetryLater extends Error {}

/** Applies an ack; false when the message is not stored (yet). */
export async function applyAckIfKnown(ctx: PluginContext, connectionId: number, wid: string, ack: number): Promise<boolean> {
  const row = await ctx.db('messages').where({ whatsappId: connectionId, wid }).first('id');
  if (!row) return false;
  await ctx.ingest.applyAck(connectionId, wid, ack);
  return true;
}
