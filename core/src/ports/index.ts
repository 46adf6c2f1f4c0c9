import type { Redis } from 'ioredis';
import type { Bus, Jobs, Leases, RateLimits, Storage } from './types.js';
import type { PortsLogger } from './logger.js';
import { closeRedis, connectRedis, namespaced } from './redis/connect.js';
import { MemoryBus } from './bus/memory-bus.js';
import { RedisBus } from './bus/redis-bus.js';
import { MemoryJobs } from './jobs/memory-jobs.js';
import { BullmqJobs } from './jobs/bullmq-jobs.js';
import { MemoryLeases } from './leases/memory-leases.js';
import { RedisLeases } from './leases/redis-leases.js';
import { DiskStorage } from './storage/disk-storage.js';
import { S3Storage, type S3StorageOptions } from './storage/s3-storage.js';
import { MemoryRateLimits } from './rate-limits/memory-rate-limits.js';
import { RedisRateLimits } from './rate-limits/redis-rate-limits.js';

export type * from './types.js';
export type { PortsLogger } from './logger.js';
export type { S3StorageOptions } from './storage/s3-storage.js';
export { StorageKeyError, StorageNotFoundError } from './storage/storage-errors.js';
export { MemoryBus, RedisBus, MemoryJobs, BullmqJobs, MemoryLeases, RedisLeases, DiskStorage, S3Storage, MemoryRateLimits, RedisRateLimits };

export interface PortsOptions {
  /** Redis drivers when set (production); in-process drivers otherwise (embedded). */
  redisUrl?: string;
  /** Namespace of every Redis key and channel, e.g. `guiche` or a per-test-file random prefix. */
  keyPrefix: string;
  storageDir: string;
  /** Media in this bucket instead of storageDir. */
  s3?: S3StorageOptions;
  logger: PortsLogger;
}

export interface PortsRedis {
  /** Command connection (also used for PUBLISH and leases). Shared: do not close it. */
  pub: Redis;
  /** Subscriber-mode connection of the bus. Shared: do not close it. */
  sub: Redis;
  /** Opens another connection (e.g. for the socket.io adapter); closed with the ports. */
  connect(): Promise<Redis>;
}

export interface Ports {
  bus: Bus;
  jobs: Jobs;
  leases: Leases;
  storage: Storage;
  /** Request counters per key (per-node memory embedded, Redis otherwise). */
  rateLimits: RateLimits;
  /** Present in Redis mode only. */
  redis?: PortsRedis;
  /** Closes jobs (waiting for running handlers), releases leases, closes the bus and Redis. */
  close(): Promise<void>;
}

export async function createPorts(options: PortsOptions): Promise<Ports> {
  const storage = options.s3 ? new S3Storage(options.s3) : new DiskStorage(options.storageDir);
  const closeStorage = () => {
    if (storage instanceof S3Storage) storage.client.destroy();
  };
  if (!options.redisUrl) {
    const bus = new MemoryBus(options.logger);
    const jobs = new MemoryJobs(options.logger);
    const leases = new MemoryLeases({ logger: options.logger });
    return {
      bus,
      jobs,
      leases,
      storage,
      rateLimits: new MemoryRateLimits(),
      close: async () => {
        await jobs.close();
        await leases.close();
        await bus.close();
        closeStorage();
      },
    };
  }

  const redisUrl = options.redisUrl;
  const { keyPrefix, logger } = options;
  const opened: Redis[] = [];
  const connect = async () => {
    const client = await connectRedis(redisUrl, logger);
    opened.push(client);
    return client;
  };
  const closeOpened = () => Promise.all(opened.map((client) => closeRedis(client)));

  let pub: Redis;
  let sub: Redis;
  try {
    pub = await connect();
    sub = await connect();
  } catch (err) {
    await closeOpened();
    closeStorage();
    throw err;
  }
  const bus = new RedisBus({ pub, sub, keyPrefix, logger });
  const jobs = new BullmqJobs({ redisUrl, prefix: namespaced(keyPrefix, 'bull'), logger });
  const leases = new RedisLeases({ redis: pub, keyPrefix, logger });
  return {
    bus,
    jobs,
    leases,
    storage,
    rateLimits: new RedisRateLimits({ redis: pub, keyPrefix }),
    redis: { pub, sub, connect },
    close: async () => {
      await jobs.close();
      await leases.close();
      await bus.close();
      await closeOpened();
      closeStorage();
    },
  };
}
