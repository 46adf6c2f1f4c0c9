import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Lease, Leases } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { namespaced } from '../redis/connect.js';
import { DEFAULT_LEASE_TTL_MS, RenewedLease, type LeaseStore } from './renewed-lease.js';

/** Extends the ttl only if the key still holds our token. */
const RENEW_IF_OURS = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

/** Deletes the key only if it still holds our token. */
const DELETE_IF_OURS = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`;

export interface RedisLeasesOptions {
  /** A command connection (not in subscriber mode); may be shared with other ports. */
  redis: Redis;
  keyPrefix: string;
  logger: PortsLogger;
}

/** Leases across nodes: `SET key token NX PX ttl`, renewed and released by compare-and-set scripts. */
export class RedisLeases implements Leases {
  private readonly held = new Set<RenewedLease>();
  private readonly store: LeaseStore;

  constructor(private readonly options: RedisLeasesOptions) {
    const { redis } = options;
    this.store = {
      renew: async (key, token, ttlMs) => (await redis.eval(RENEW_IF_OURS, 1, this.redisKey(key), token, String(ttlMs))) === 1,
      release: async (key, token) => {
        await redis.eval(DELETE_IF_OURS, 1, this.redisKey(key), token);
      },
    };
  }

  /** The Redis key that backs a lease (exposed for operators and tests). */
  redisKey(key: string): string {
    return namespaced(this.options.keyPrefix, 'lease', key);
  }

  async acquire(key: string, ttlMs = DEFAULT_LEASE_TTL_MS): Promise<Lease | null> {
    const token = randomUUID();
    const sentAt = Date.now();
    const won = await this.options.redis.set(this.redisKey(key), token, 'PX', ttlMs, 'NX');
    if (won !== 'OK') return null;
    const lease = new RenewedLease(key, token, ttlMs, this.store, this.options.logger, (ended) => this.held.delete(ended), sentAt);
    this.held.add(lease);
    return lease;
  }

  async vacant(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const values = await this.options.redis.mget(keys.map((key) => this.redisKey(key)));
    return keys.filter((_key, i) => values[i] === null);
  }

  /** Releases every lease this instance holds, so another node can take over at once. */
  async close(): Promise<void> {
    await Promise.all(
      [...this.held].map((lease) =>
        lease.release().catch((err: unknown) => this.options.logger.warn({ err, key: lease.key }, 'lease release failed')),
      ),
    );
  }
}
