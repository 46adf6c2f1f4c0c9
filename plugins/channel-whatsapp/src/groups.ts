import type { GroupMetadata } from '@whiskeysockets/baileys';
import { BoundedCache } from './lru.js';

export const GROUP_CACHE_SIZE = 500;
export const GROUP_CACHE_TTL_MS = 5 * 60_000;

/**
 * Group metadata of one session, cached with an expiry and a size bound: Baileys asks for it on
 * every group send (cachedGroupMetadata) and the inbox for every group message's subject.
 */
export class GroupCache {
  private readonly cache: BoundedCache<string, GroupMetadata>;
  private readonly inflight = new Map<string, Promise<GroupMetadata | undefined>>();

  constructor(
    private readonly fetch: (jid: string) => Promise<GroupMetadata>,
    options: { max?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.cache = new BoundedCache(options.max ?? GROUP_CACHE_SIZE, options.ttlMs ?? GROUP_CACHE_TTL_MS, options.now);
  }

  /** Cached metadata only (Baileys' cachedGroupMetadata must not trigger a query of its own). */
  cached(jid: string): GroupMetadata | undefined {
    return this.cache.get(jid);
  }

  async get(jid: string): Promise<GroupMetadata | undefined> {
    const hit = this.cache.get(jid);
    if (hit) return hit;
    let pending = this.inflight.get(jid);
    if (!pending) {
      pending = this.fetch(jid)
        .then((metadata) => {
          this.cache.set(jid, metadata);
          return metadata;
        })
        .catch(() => undefined)
        .finally(() => this.inflight.delete(jid));
      this.inflight.set(jid, pending);
    }
    return pending;
  }

  /** groups.update / groups.upsert: merge what changed into a cached entry; unknown groups wait for a fetch. */
  update(changes: Partial<GroupMetadata>): void {
    if (!changes.id) return;
    const current = this.cache.get(changes.id);
    if (current) this.cache.set(changes.id, { ...current, ...changes });
    else if (changes.subject && changes.participants) this.cache.set(changes.id, changes as GroupMetadata);
  }

  invalidate(jid: string): void {
    this.cache.delete(jid);
  }

  get size(): number {
    return this.cache.size;
  }
}
