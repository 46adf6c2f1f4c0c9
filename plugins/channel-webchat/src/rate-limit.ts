/**
 * Fixed-window counter per key (a visitor of a connection). Kept in this node's memory: a visitor
 * whose tabs land on N nodes gets at most N times the budget, which is enough to stop a flood
 * without a Redis round trip per message.
 */
export interface RateLimiter {
  /** True when the key may act now (and counts it). */
  take(key: string): boolean;
}

export function createRateLimiter(max: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    take(key) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
        lastSweep = t;
      }
      const current = windows.get(key);
      if (!current || t - current.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      if (current.count >= max) return false;
      current.count += 1;
      return true;
    },
  };
}
