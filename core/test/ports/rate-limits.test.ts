import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryRateLimits } from '../../src/ports/rate-limits/memory-rate-limits.js';
import { RedisRateLimits } from '../../src/ports/rate-limits/redis-rate-limits.js';
import type { RateLimits } from '../../src/ports/types.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from './helpers.js';

const keyPrefix = uniquePrefix('ratelimits');
const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
afterAll(async () => {
  await deleteKeys(keyPrefix);
  await Promise.all(connections.map((c) => c.quit()));
});

/** The window used: 10 minutes from a fixed aligned instant, so the tests choose the clock. */
const WINDOW = 600_000;
const T0 = Math.ceil(Date.now() / WINDOW) * WINDOW + WINDOW;

function contract(driver: string, nodes: () => [RateLimits, RateLimits]) {
  describe(`RateLimits: ${driver}`, () => {
    it('allows `limit` hits per window across both nodes, then refuses with the time left, and counts keys apart', async () => {
      const [a, b] = nodes();
      const key = `token-${Math.random()}`;
      const hits = [await a.hit(key, 3, WINDOW, T0 + 1000), await b.hit(key, 3, WINDOW, T0 + 2000), await a.hit(key, 3, WINDOW, T0 + 3000)];
      expect(hits.map((h) => [h.allowed, h.remaining])).toEqual([[true, 2], [true, 1], [true, 0]]);
      const refused = await b.hit(key, 3, WINDOW, T0 + 4000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(WINDOW - 4000);
      expect((await a.hit(`${key}-other`, 3, WINDOW, T0 + 4000)).allowed).toBe(true);
    });

    it('starts counting again in the next window', async () => {
      const [a, b] = nodes();
      const key = `token-${Math.random()}`;
      for (let i = 0; i < 2; i++) await a.hit(key, 2, WINDOW, T0 + 10);
      expect((await b.hit(key, 2, WINDOW, T0 + 20)).allowed).toBe(false);
      expect((await b.hit(key, 2, WINDOW, T0 + WINDOW + 1)).allowed).toBe(true);
    });

    it("keeps a window whole when another key is counted on a clock shifted ahead (the sign-in limits' half windows)", async () => {
      const [a, b] = nodes();
      const key = `token-${Math.random()}`;
      const late = T0 + WINDOW * 0.6;
      for (let i = 0; i < 2; i++) await a.hit(key, 2, WINDOW, late);
      // Another key's first hit, its clock half a window ahead: already in the next window (core/src/auth/login-limits.ts).
      await b.hit(`${key}-half-${Math.random()}`, 2, WINDOW, late + WINDOW / 2);
      expect((await b.hit(key, 2, WINDOW, late + 10)).allowed).toBe(false);
    });
  });
}

const memory = new MemoryRateLimits();
contract('memory (one process)', () => [memory, memory]);
contract('redis (two nodes)', () => [
  new RedisRateLimits({ redis: connections[0], keyPrefix }),
  new RedisRateLimits({ redis: connections[1], keyPrefix }),
]);
