import { Redis, type RedisOptions } from 'ioredis';
import type { PortsLogger } from '../logger.js';

/**
 * Opens an ioredis connection and waits until it is usable, so a wrong REDIS_URL fails at boot
 * instead of queueing commands forever. Connection errors are logged (ioredis reconnects by itself).
 */
export async function connectRedis(url: string, logger: PortsLogger, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, { ...options, lazyConnect: true });
  client.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'));
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw err;
  }
  return client;
}

/**
 * Closes a connection we opened: QUIT when possible, a hard disconnect otherwise. Resolves once
 * the socket is gone (QUIT's reply arrives before that).
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
  await ended;
}

/** Namespaces every Redis key and channel of one deployment (or one test file). */
export function namespaced(keyPrefix: string, ...parts: string[]): string {
  const base = keyPrefix.endsWith(':') ? keyPrefix.slice(0, -1) : keyPrefix;
  return [base, ...parts].join(':');
}
