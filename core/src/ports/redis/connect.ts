import { Redis, type RedisOptions } from 'ioredis';
import type { PortsLogger } from '../logger.js';

/**
 * Opens an ioredis connection and waits until it is usable, so a wrong REDIS_URL fails at boot
 * instead of queueing commands forever. Connection errors are logged (ioredis reconnects by itself).
 */
export async function connectRedis(url: string, logger: PortsLogger, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, { ...options, lazyConnect: true });
  logOutages(client, logger);
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw err;
  }
  return client;
}

/**
 * One warning when a connection breaks and one line when it is back, instead of an error per
 * reconnect attempt (ioredis retries every few hundred ms; a Redis restart would flood the log).
 */
function logOutages(client: Redis, logger: PortsLogger): void {
  let down = false;
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    logger.warn({ err }, 'redis connection error; reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({}, 'redis connection restored');
  });
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
