import { LRUCache } from 'lru-cache';

/**
 * A bounded map with optional expiry, on `lru-cache`: the least recently used entry goes first, so a
 * session's memory cannot grow without end. Values may be null (a number known to have no LID),
 * which lru-cache itself does not hold, hence the box.
 */
export class BoundedCache<K extends NonNullable<unknown>, V> {
  private readonly cache: LRUCache<K, { value: V }>;

  constructor(max: number, ttlMs = Infinity, now: () => number = Date.now) {
    this.cache = new LRUCache<K, { value: V }>({
      max,
      // lru-cache reads a start time of 0 as "no expiry": a clock that starts at 0 (a test's) is moved by 1 ms.
      ...(Number.isFinite(ttlMs) ? { ttl: ttlMs, ttlResolution: 0, perf: { now: () => now() + 1 } } : {}),
    });
  }

  get(key: K): V | undefined {
    return this.cache.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.cache.set(key, { value });
  }

  delete(key: K): void {
    this.cache.delete(key);
  }

  get size(): number {
    return this.cache.size;
  }

  /** The live entries, least recently used first. */
  entries(): [K, V][] {
    // lru-cache types rentries() as (K | V)[] though it yields [key, value] pairs.
    return [...this.cache.rentries()].map((pair) => {
      const [key, entry] = pair as [K, { value: V }];
      return [key, entry.value];
    });
  }
}
