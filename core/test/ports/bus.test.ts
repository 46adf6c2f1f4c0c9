import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryBus } from '../../src/ports/bus/memory-bus.js';
import { RedisBus } from '../../src/ports/bus/redis-bus.js';
import { busContract } from './bus-contract.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from './helpers.js';

const keyPrefix = uniquePrefix('bus');
afterAll(() => deleteKeys(keyPrefix));

busContract('memory', async (logger) => {
  const bus = new MemoryBus(logger);
  return { nodes: [bus, bus], logger, settle: async () => {}, close: () => bus.close() };
});

busContract('redis (two nodes)', async (logger) => {
  const connections: Redis[] = [];
  const node = () => {
    const pub = new Redis(REDIS_URL);
    const sub = new Redis(REDIS_URL);
    connections.push(pub, sub);
    return new RedisBus({ pub, sub, keyPrefix, logger });
  };
  const a = node();
  const b = node();
  return {
    nodes: [a, b],
    logger,
    settle: async () => {
      await Promise.all([a.whenSubscribed(), b.whenSubscribed()]);
    },
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(connections.map((c) => c.quit()));
    },
  };
});
