import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';

/**
 * What this node read lately for the webhook path, per database handle: a campaign's status webhooks
 * (one per message, dozens per second) would otherwise read the same rows once or twice per call.
 */
const caches = new WeakMap<Knex, Map<string, LRUCache<string, object>>>();

export function recentReads<V extends object>(db: Knex, name: string, options: { max: number; ttlMs: number }): LRUCache<string, V> {
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  let cache = byName.get(name);
  if (!cache) byName.set(name, (cache = new LRUCache<string, object>({ max: options.max, ttl: options.ttlMs })));
  return cache as unknown as LRUCache<string, V>;
}
