/** A bounded map with optional expiry: the oldest entry goes first, so a session's memory cannot grow without end. */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    // Re-insert: Map keeps insertion order, so recently used entries survive eviction.
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }

  entries(): [K, V][] {
    const now = this.now();
    return [...this.map.entries()].filter(([, e]) => e.expires > now).map(([k, e]) => [k, e.value]);
  }
}
