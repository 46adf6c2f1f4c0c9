import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import knex from 'knex';
import pino from 'pino';
import { connectRedis } from '../src/ports/redis/connect.js';
import { createSocketServer } from '../src/realtime/socket-server.js';

/**
 * The socket.io Redis adapter publishes without awaiting. A broadcast queued after the publisher's
 * QUIT (a node shutting down while an event is still emitted) is flushed with "Connection is closed":
 * it must not become an unhandled rejection of the process (vitest counts those as failures, and
 * Node ≥ 15 exits on them by default).
 */
const log = pino({ level: 'silent' });
const db = knex({ client: 'pg', connection: 'postgres://postgres@127.0.0.1:5432/postgres' });
const httpServer = createServer();
afterAll(async () => {
  await db.destroy();
  httpServer.close();
});

describe('socket.io adapter during shutdown', () => {
  it('answers the rejection of a broadcast queued after QUIT', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const [pub, sub] = await Promise.all([connectRedis(url, log), connectRedis(url, log)]);
    const sockets = createSocketServer({ httpServer, verifyToken: async () => Promise.reject(new Error('no')), db, log, redis: { pub, sub, prefix: `adapter-shutdown-${process.pid}` }, cors: {} });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const quitting = pub.quit();
      sockets.io.to('a-room').emit('an-event', { n: 1 });
      await quitting;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await sockets.close();
      await sub.quit();
    }
  });
});
