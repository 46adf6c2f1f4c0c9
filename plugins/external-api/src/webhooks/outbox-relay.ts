import type { Knex } from 'knex';
import { findContact, type PluginContext, type TimedJob } from '@guiche/core';
import type { SubscribableWebhookEvent } from '@guiche/contracts';
import type { WebhookConfig } from './config.js';
import type { createFiling } from './capture.js';
import { SUBSCRIPTIONS, eventsOf, type SubscriptionRow } from './subscriptions.js';

export const OUTBOX = 'webhookOutbox';
export const RELAY_TIMER = 'external-api.webhook-outbox';
const RELAY_KEY = 'relay';
const BATCH = 500;

interface OutboxRow {
  id: string | number;
  companyId: number;
  type: 'message.created' | 'message.ack' | 'ticket.created' | 'ticket.changed' | 'contact.created' | 'contact.updated';
  resourceId: string | number;
  ticketId: number | null;
  ack: number | null;
  createdAt: Date;
}

const TICKET_TYPES: SubscribableWebhookEvent[] = ['ticket.created', 'ticket.status', 'ticket.queue', 'ticket.user'];
const typesOf = (row: OutboxRow): SubscribableWebhookEvent[] => (row.type.startsWith('ticket.') ? TICKET_TYPES : [row.type as SubscribableWebhookEvent]);

/**
 * The outbox relay: triggers write a `webhook_outbox` row in the transaction of every message,
 * ticket and contact change of a company with an enabled subscription. One timer (claimed once,
 * whatever the number of nodes) files the rows older than the grace period with the same event keys
 * the bus path uses, so an event the bus carried is not filed twice and one it never carried (the
 * node died between commit and publish) is filed now; the rows go in the same transaction.
 */
export function startOutboxRelay(ctx: PluginContext, filing: ReturnType<typeof createFiling>, config: Pick<WebhookConfig, 'outboxGraceMs'>) {
  const periodMs = Math.max(100, Math.min(5_000, Math.floor(config.outboxGraceMs / 2)));

  async function file(trx: Knex.Transaction, row: OutboxRow, wanting: SubscriptionRow[]): Promise<void> {
    const createdAt = new Date(row.createdAt).toISOString();
    const id = Number(row.resourceId);
    if (row.type === 'message.created' || row.type === 'message.ack') {
      await filing.message(trx, row.companyId, wanting, { type: row.type, messageId: id, ack: row.ack ?? 0, createdAt });
    } else if (row.type === 'ticket.created' || row.type === 'ticket.changed') {
      await filing.ticket(trx, row.companyId, id, wanting, { keyOf: (type) => `${type}:outbox:${row.id}`, createdAt, previousStatus: null });
    } else {
      const contact = await findContact(trx, row.companyId, id);
      if (contact) await filing.contact(trx, row.companyId, wanting, { type: row.type, contact, createdAt });
    }
  }

  async function relay(job: TimedJob<Record<string, never>>) {
    const { trx } = job;
    const rows: OutboxRow[] = await trx(OUTBOX)
      .where('createdAt', '<', new Date(job.now.getTime() - config.outboxGraceMs))
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    const subscriptions = new Map<number, SubscriptionRow[]>();
    for (const row of rows) {
      if (!subscriptions.has(row.companyId)) subscriptions.set(row.companyId, await trx(SUBSCRIPTIONS).where({ companyId: row.companyId, enabled: true }));
      const types = typesOf(row);
      const wanting = subscriptions.get(row.companyId)!.filter((s) => eventsOf(s).some((type) => types.includes(type)));
      if (wanting.length) await file(trx, row, wanting);
    }
    if (rows.length) await trx(OUTBOX).whereIn('id', rows.map((r) => r.id)).del();
    return { rescheduleAt: new Date(job.now.getTime() + (rows.length === BATCH ? 0 : periodMs)) };
  }

  ctx.timedWork.define(RELAY_TIMER, relay, { maxAttempts: 1_000_000, backoffMs: periodMs });
  return {
    /** Sets the relay's timer (one row for the whole deployment; each node's start only moves it nearer). */
    start: () => ctx.timedWork.schedule({ kind: RELAY_TIMER, key: RELAY_KEY, companyId: null, dueAt: new Date(), payload: {} }),
  };
}
