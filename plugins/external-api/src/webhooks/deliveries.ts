import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { signatureHeader, type PluginContext, type TimedJob } from '@guiche/core';
import { Rooms, WebhookEvents, type WebhookEventType } from '@guiche/contracts';
import { retryDelay, type WebhookConfig } from './config.js';
import { eventIdOf } from './event-id.js';
import { postJson, type PostResult } from './http-post.js';
import { SUBSCRIPTIONS, eventsOf, lazySecretBox, toSubscription, type SubscriptionRow } from './subscriptions.js';

export const DELIVERIES = 'webhookDeliveries';
export const ATTEMPTS = 'webhookAttempts';
export const DELIVERY_TIMER = 'external-api.webhook';
/** A delivery waiting for an earlier one of the same ticket looks again after this (the earlier one wakes it sooner). */
const ORDER_WAIT_MS = 60_000;
/** Margin past the HTTP timeout before a claimed attempt is presumed lost (the node died) and tried again. */
const watchdogMs = (timeoutMs: number) => timeoutMs + Math.min(Math.max(timeoutMs, 1000), 15_000);

export interface WebhookEvent {
  type: WebhookEventType;
  /** Unique per event and subscription: a second insert (another node heard it too) is ignored. */
  key: string;
  /** Deliveries sharing it go out one after the other, in order. */
  orderKey: string | null;
  createdAt: string;
  data: unknown;
}

interface DeliveryRow {
  id: number | string;
  companyId: number;
  subscriptionId: number;
  eventId: string;
  type: string;
  orderKey: string | null;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
}

const timerKey = (deliveryId: number | string) => `delivery:${deliveryId}`;

export type WebhookDeliveries = ReturnType<typeof createDeliveries>;

export function createDeliveries(ctx: PluginContext, config: WebhookConfig) {
  const box = lazySecretBox(ctx.db);
  const running = new Set<Promise<void>>();

  async function wake(trx: Knex.Transaction | Knex, companyId: number, deliveryId: number | string, at = new Date()): Promise<void> {
    await ctx.timedWork.schedule({ kind: DELIVERY_TIMER, key: timerKey(deliveryId), companyId, dueAt: at, payload: { deliveryId: Number(deliveryId) } }, trx as Knex.Transaction);
  }

  /** Files the event for every subscription in `subscribers` that wants its type, in the caller's transaction. */
  async function enqueue(trx: Knex.Transaction, companyId: number, subscribers: SubscriptionRow[], event: WebhookEvent): Promise<number> {
    const wanted = subscribers.filter((s) => s.companyId === companyId && eventsOf(s).includes(event.type as never));
    if (!wanted.length) return 0;
    const id = eventIdOf(`${companyId}:${event.key}`);
    const body = JSON.stringify({ id, type: event.type, createdAt: event.createdAt, data: event.data });
    const rows: { id: string | number }[] = await trx(DELIVERIES)
      .insert(wanted.map((s) => ({ companyId, subscriptionId: s.id, eventId: id, eventKey: event.key.slice(0, 200), type: event.type, orderKey: event.orderKey, body })))
      .onConflict(['subscriptionId', 'eventKey'])
      .ignore()
      .returning('id');
    for (const row of rows) await wake(trx, companyId, row.id);
    return rows.length;
  }

  /** A ping to one subscription, through the same path as every event. */
  async function ping(subscription: SubscriptionRow): Promise<number> {
    return ctx.db.transaction(async (trx) => {
      const id = randomUUID();
      const body = JSON.stringify({ id, type: 'ping', createdAt: new Date().toISOString(), data: { subscriptionId: subscription.id, url: subscription.url } });
      const [row] = await trx(DELIVERIES)
        .insert({ companyId: subscription.companyId, subscriptionId: subscription.id, eventId: id, eventKey: `ping:${id}`, type: 'ping', orderKey: null, body })
        .returning('id');
      await wake(trx, subscription.companyId, row.id);
      return Number(row.id);
    });
  }

  /** Sends a delivery again (same event id): pending once more, from attempt 1. */
  async function redeliver(companyId: number, subscriptionId: number, deliveryId: number): Promise<boolean> {
    return ctx.db.transaction(async (trx) => {
      const updated = await trx(DELIVERIES).where({ id: deliveryId, companyId, subscriptionId }).update({ status: 'pending', attempts: 0, deliveredAt: null });
      if (!updated) return false;
      await wake(trx, companyId, deliveryId);
      return true;
    });
  }

  /** Pending deliveries of a subscription switched back on go out again, oldest first. */
  async function resume(trx: Knex.Transaction, subscription: SubscriptionRow): Promise<void> {
    const pending: { id: string }[] = await trx(DELIVERIES).where({ subscriptionId: subscription.id, status: 'pending' }).orderBy('id').select('id');
    for (const row of pending) await wake(trx, subscription.companyId, row.id);
  }

  /** The timer: claims the delivery for one attempt, which runs after the claim committed. */
  async function onTimer(job: TimedJob<{ deliveryId: number }>) {
    const { trx } = job;
    const delivery: DeliveryRow | undefined = await trx(DELIVERIES).where({ id: job.payload.deliveryId }).forUpdate().first();
    if (!delivery || delivery.status !== 'pending') return;
    const subscription: SubscriptionRow | undefined = await trx(SUBSCRIPTIONS).where({ id: delivery.subscriptionId }).first();
    if (!subscription?.enabled) return; // switching it back on wakes its pending deliveries
    if (delivery.orderKey) {
      const earlier = await trx(DELIVERIES)
        .where({ subscriptionId: delivery.subscriptionId, orderKey: delivery.orderKey, status: 'pending' })
        .where('id', '<', delivery.id)
        .first('id');
      if (earlier) return { rescheduleAt: new Date(job.now.getTime() + ORDER_WAIT_MS) };
    }
    const attempt = delivery.attempts + 1;
    await trx(DELIVERIES).where({ id: delivery.id }).update({ attempts: attempt });
    job.afterCommit(() => {
      const run = attemptDelivery(subscription, { ...delivery, attempts: attempt })
        .catch((err: unknown) => ctx.log.error({ err, deliveryId: delivery.id }, 'webhook attempt not recorded'))
        .finally(() => running.delete(run));
      running.add(run);
    });
    // Kept as a watchdog: if this node dies mid-call, the delivery is tried again (at least once).
    return { rescheduleAt: new Date(job.now.getTime() + watchdogMs(config.timeoutMs)) };
  }

  async function attemptDelivery(subscription: SubscriptionRow, delivery: DeliveryRow): Promise<void> {
    const secret = (await box()).open(subscription.secret);
    const signature = signatureHeader(secret, delivery.body, Math.floor(Date.now() / 1000));
    const result = await postJson(
      subscription.url,
      delivery.body,
      { 'x-guiche-signature': signature, 'x-guiche-event': delivery.type, 'x-guiche-delivery': String(delivery.id) },
      { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate },
    );
    await record(subscription, delivery, result);
  }

  async function record(subscription: SubscriptionRow, delivery: DeliveryRow, result: PostResult): Promise<void> {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const notices: Array<() => void> = [];
    await ctx.db.transaction(async (trx) => {
      // The subscription first (its failure count is updated below): two outcomes locking it after the
      // attempt insert (whose foreign key takes a key-share lock on it) would deadlock each other.
      await trx(SUBSCRIPTIONS).where({ id: delivery.subscriptionId }).forNoKeyUpdate().first('id');
      const current: DeliveryRow | undefined = await trx(DELIVERIES).where({ id: delivery.id }).forUpdate().first();
      // Redelivered, or already settled by an attempt the watchdog started: this outcome is stale.
      if (!current || current.status !== 'pending' || current.attempts !== delivery.attempts) return;
      const [attempt] = await trx(ATTEMPTS)
        .insert({
          companyId: delivery.companyId,
          subscriptionId: delivery.subscriptionId,
          deliveryId: delivery.id,
          attempt: delivery.attempts,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          response: result.response.slice(0, 1024),
          error: result.error?.slice(0, 200) ?? null,
        })
        .returning(['id', 'createdAt']);
      const settled = ok || delivery.attempts >= config.maxAttempts;
      if (settled) await trx(DELIVERIES).where({ id: delivery.id }).update(ok ? { status: 'delivered', deliveredAt: trx.fn.now() } : { status: 'failed' });
      if (settled) {
        await ctx.timedWork.cancel(DELIVERY_TIMER, timerKey(delivery.id), trx);
        const next = delivery.orderKey
          ? await trx(DELIVERIES).where({ subscriptionId: delivery.subscriptionId, orderKey: delivery.orderKey, status: 'pending' }).where('id', '>', delivery.id).orderBy('id').first('id')
          : undefined;
        if (next) await wake(trx, delivery.companyId, next.id);
      } else {
        await wake(trx, delivery.companyId, delivery.id, new Date(Date.now() + retryDelay(config, delivery.attempts)));
      }
      const sub = await updateHealth(trx, subscription.id, ok);
      const status = ok ? 'delivered' : settled ? 'failed' : 'pending';
      notices.push(() =>
        ctx.realtime.emit(Rooms.companyAdmins(delivery.companyId), WebhookEvents.attempt(delivery.companyId), {
          action: 'create',
          subscriptionId: delivery.subscriptionId,
          attempt: {
            id: Number(attempt.id),
            deliveryId: Number(delivery.id),
            eventId: delivery.eventId,
            type: delivery.type,
            attempt: delivery.attempts,
            statusCode: result.statusCode,
            durationMs: result.durationMs,
            response: result.response.slice(0, 1024),
            error: result.error,
            deliveryStatus: status,
            createdAt: new Date(attempt.createdAt).toISOString(),
          },
        }),
      );
      if (sub && (sub.disabledReason || ok)) {
        notices.push(() => ctx.realtime.emit(Rooms.companyAdmins(delivery.companyId), WebhookEvents.subscription(delivery.companyId), { action: 'update', subscription: toSubscription(sub) }));
      }
    });
    for (const notice of notices) notice();
  }

  /**
   * A success clears the run of failures; a failure extends it, and a run of disableAfterFailures
   * attempts (or failing for disableAfterMs) switches the subscription off. Answers the row when it changed visibly.
   */
  async function updateHealth(trx: Knex.Transaction, subscriptionId: number, ok: boolean): Promise<SubscriptionRow | null> {
    const sub: SubscriptionRow | undefined = await trx(SUBSCRIPTIONS).where({ id: subscriptionId }).forNoKeyUpdate().first();
    if (!sub) return null;
    if (ok) {
      if (!sub.consecutiveFailures) return null;
      const [row] = await trx(SUBSCRIPTIONS).where({ id: sub.id }).update({ consecutiveFailures: 0, failingSince: null, updatedAt: trx.fn.now() }).returning('*');
      return row;
    }
    const failures = sub.consecutiveFailures + 1;
    const since = sub.failingSince ? new Date(sub.failingSince) : new Date();
    const disable = sub.enabled && (failures >= config.disableAfterFailures || Date.now() - since.getTime() >= config.disableAfterMs);
    const [row] = await trx(SUBSCRIPTIONS)
      .where({ id: sub.id })
      .update({
        consecutiveFailures: failures,
        failingSince: since,
        ...(disable ? { enabled: false, disabledAt: trx.fn.now(), disabledReason: 'failures' } : {}),
        updatedAt: trx.fn.now(),
      })
      .returning('*');
    if (disable) ctx.log.warn({ subscriptionId, companyId: sub.companyId, failures }, 'webhook subscription disabled after failures');
    return disable ? row : null;
  }

  ctx.timedWork.define<{ deliveryId: number }>(DELIVERY_TIMER, onTimer, { maxAttempts: 20, backoffMs: 1000 });

  return {
    enqueue,
    ping,
    redeliver,
    resume,
    /** Waits for the attempts in flight on this node (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
