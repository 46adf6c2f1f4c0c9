/**
 * A per-process cache of values loaded by key, for rows read on every request or message and
 * written rarely (company settings, connections). Whoever writes the rows invalidates the key:
 * locally at once, and on the other nodes through a bus topic (see the callers). The TTL is only a
 * safety net. Concurrent misses of one key share one load; a load that an invalidation overtook is
 * never kept, so a value read before a write cannot outlive that write's invalidation.
 */
export interface KeyedCache<K, V> {
  get(key: K): Promise<V>;
  /** Drops one key, or every key. */
  invalidate(key?: K): void;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
}

export function createKeyedCache<K, V>(options: {
  load: (key: K) => Promise<V>;
  ttlMs: number;
  /** False for values not worth keeping (e.g. "not found": the row may be created next). */
  keep?: (value: V) => boolean;
}): KeyedCache<K, V> {
  const entries = new Map<K, Entry<V>>();

  function forget(key: K, entry: Entry<V>): void {
    if (entries.get(key) === entry) entries.delete(key);
  }

  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      // Promise.resolve: a knex builder is a thenable that runs its query again on every then().
      const entry: Entry<V> = { value: Promise.resolve(options.load(key)), expires: Date.now() + options.ttlMs };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          if (options.keep && !options.keep(value)) forget(key, entry);
        },
        () => forget(key, entry),
      );
      return entry.value;
    },
    invalidate(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}
