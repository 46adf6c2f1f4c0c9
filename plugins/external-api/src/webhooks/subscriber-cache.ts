import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { PluginContext } from '@guiche/core';
import type { SubscribableWebhookEvent } from '@guiche/contracts';
import { SUBSCRIPTIONS, eventsOf, type SubscriptionRow } from './subscriptions.js';

/** Bus topic: a company's subscriptions changed (every node drops its copy). */
export const SUBSCRIPTIONS_CHANGED = 'externalApi.webhooks.changed';
/** A copy outlives a missed invalidation (a bus message lost in a Redis restart) by this much at most. */
const TTL_MS = 30_000;

export interface SubscriberCache {
  /** The enabled subscriptions of a company that want at least one of `types`. */
  of(companyId: number, types: SubscribableWebhookEvent[]): Promise<SubscriptionRow[]>;
  /** After a write: this node forgets at once, the others when the bus tells them. */
  changed(companyId: number): Promise<void>;
}

/**
 * Every message, ticket and contact event asks which subscriptions want it, on every node; almost
 * always the answer is "none". The company's enabled subscriptions are kept per node instead of
 * read once per event (one read per company per TTL, or after a change).
 */
export function createSubscriberCache(ctx: Pick<PluginContext, 'bus' | 'log'> & { db: Knex }): SubscriberCache {
  const cache = new LRUCache<number, Promise<SubscriptionRow[]>>({ max: 10_000, ttl: TTL_MS });
  ctx.bus.subscribe<{ companyId: number }>(SUBSCRIPTIONS_CHANGED, (message) => {
    cache.delete(message.payload.companyId);
  });

  function enabledOf(companyId: number): Promise<SubscriptionRow[]> {
    const cached = cache.get(companyId);
    if (cached) return cached;
    // .then() makes it a promise run once: a knex builder kept as is runs its query again at every await.
    const rows: Promise<SubscriptionRow[]> = ctx.db(SUBSCRIPTIONS).where({ companyId, enabled: true }).then((found: SubscriptionRow[]) => found);
    cache.set(companyId, rows);
    rows.catch(() => cache.delete(companyId));
    return rows;
  }

  return {
    async of(companyId, types) {
      const rows = await enabledOf(companyId);
      return rows.filter((row) => eventsOf(row).some((type) => types.includes(type)));
    },
    async changed(companyId) {
      cache.delete(companyId);
      await ctx.bus.publish(SUBSCRIPTIONS_CHANGED, { companyId }, { companyId }).catch((err: unknown) => ctx.log.warn({ err, companyId }, 'webhook subscriptions change not published'));
    },
  };
}
