import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimits } from '../types.js';
import { namespaced } from '../redis/connect.js';
import { toHit } from './memory-rate-limits.js';

/** INCR the window's counter and give it its expiry on first use; answers the count. */
const HIT = `
local count = redis.call('incr', KEYS[1])
if count == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end
return count`;

/** Fixed-window counters shared by every node: one Redis key per (key, window), expiring with it. */
export class RedisRateLimits implements RateLimits {
  constructor(private readonly options: { redis: Redis; keyPrefix: string }) {}

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitHit> {
    const start = Math.floor(now / windowMs) * windowMs;
    const redisKey = namespaced(this.options.keyPrefix, `ratelimit:${key}:${start}`);
    const msLeft = start + windowMs - now;
    // The key outlives its window a little so a node whose clock lags still finds it.
    const count = (await this.options.redis.eval(HIT, 1, redisKey, String(Math.max(1, msLeft) + 5000))) as number;
    return toHit(Number(count), limit, msLeft);
  }
}
