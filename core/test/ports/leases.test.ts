import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryLeases, type LeaseTable } from '../../src/ports/leases/memory-leases.js';
import { RedisLeases } from '../../src/ports/leases/redis-leases.js';
import { leasesContract } from './leases-contract.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from './helpers.js';

const keyPrefix = uniquePrefix('leases');
afterAll(() => deleteKeys(keyPrefix));

leasesContract('memory', async (logger) => {
  const table: LeaseTable = new Map();
  const nodes: [MemoryLeases, MemoryLeases] = [new MemoryLeases({ logger, table }), new MemoryLeases({ logger, table })];
  return {
    nodes,
    plantDeadHolder: async (key, ttlMs) => void table.set(key, { token: 'dead-node', expiresAt: Date.now() + ttlMs }),
    steal: async (key) => void table.set(key, { token: 'thief', expiresAt: Date.now() + 60_000 }),
    close: async () => {
      await Promise.all(nodes.map((node) => node.close()));
    },
  };
});

leasesContract('redis (two nodes)', async (logger) => {
  const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  const nodes: [RedisLeases, RedisLeases] = [
    new RedisLeases({ redis: connections[0], keyPrefix, logger }),
    new RedisLeases({ redis: connections[1], keyPrefix, logger }),
  ];
  const raw = connections[0];
  return {
    nodes,
    plantDeadHolder: async (key, ttlMs) => void (await raw.set(nodes[0].redisKey(key), 'dead-node', 'PX', ttlMs)),
    steal: async (key) => void (await raw.set(nodes[0].redisKey(key), 'thief', 'PX', 60_000)),
    close: async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await Promise.all(connections.map((c) => c.quit()));
    },
  };
});
