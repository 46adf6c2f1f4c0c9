import type { PluginContext, TimedJob } from '@guiche/core';
import type { WebhookConfig } from './config.js';
import { OUTBOX, type OutboxFiling, type OutboxRow } from './outbox-filing.js';

export const RELAY_TIMER = 'external-api.webhook-outbox';
const RELAY_KEY = 'relay';
const BATCH = 500;

/**
 * The outbox relay: triggers write a `webhook_outbox` row in the transaction of every message,
 * ticket and contact change of a company with an enabled subscription. One timer (claimed once,
 * whatever the number of nodes) files the rows older than the grace period with the same event keys
 * the bus path uses, so an event the bus carried is not filed twice and one it never carried (the
 * node died between commit and publish) is filed now; the rows go in the same transaction.
 */
export function startOutboxRelay(ctx: PluginContext, outbox: OutboxFiling, config: Pick<WebhookConfig, 'outboxGraceMs'>) {
  const periodMs = Math.max(100, Math.min(5_000, Math.floor(config.outboxGraceMs / 2)));

  async function relay(job: TimedJob<Record<string, never>>) {
    const rows: OutboxRow[] = await job
      .trx(OUTBOX)
      .where('createdAt', '<', new Date(job.now.getTime() - config.outboxGraceMs))
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    await outbox.fileRows(job.trx, rows);
    return { rescheduleAt: new Date(job.now.getTime() + (rows.length === BATCH ? 0 : periodMs)) };
  }

  ctx.timedWork.define(RELAY_TIMER, relay, { maxAttempts: 1_000_000, backoffMs: periodMs });
  return {
    /** Sets the relay's timer (one row for the whole deployment; each node's start only moves it nearer). */
    start: () => ctx.timedWork.schedule({ kind: RELAY_TIMER, key: RELAY_KEY, companyId: null, dueAt: new Date(), payload: {} }),
  };
}
