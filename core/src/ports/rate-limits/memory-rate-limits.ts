import type { RateLimitHit, RateLimits } from '../types.js';

/**
 * Fixed-window counters in this process (embedded default: one node). Windows are aligned on
 * multiples of windowMs, so every node of a Redis deployment agrees on them too.
 */
export class MemoryRateLimits implements RateLimits {
  /** endsAt is on the caller's clock; expiresAt on this process's, as a Redis key's expiry is. */
  private readonly windows = new Map<string, { count: number; endsAt: number; expiresAt: number }>();

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitHit> {
    const start = Math.floor(now / windowMs) * windowMs;
    const id = `${key}:${start}`;
    let window = this.windows.get(id);
    if (!window) {
      // Swept on the real clock: a caller may count a key on a shifted clock (the sign-in limits'
      // half windows), and that clock must not end other keys' windows early.
      const realNow = Date.now();
      this.sweep(realNow);
      window = { count: 0, endsAt: start + windowMs, expiresAt: realNow + start + windowMs - now };
      this.windows.set(id, window);
    }
    window.count++;
    return toHit(window.count, limit, window.endsAt - now);
  }

  private sweep(realNow: number): void {
    for (const [id, window] of this.windows) if (window.expiresAt <= realNow) this.windows.delete(id);
  }
}

export function toHit(count: number, limit: number, msLeft: number): RateLimitHit {
  const allowed = count <= limit;
  return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(1, msLeft) };
}
