import { randomBytes } from 'node:crypto';
import { deleteRedisKeys } from '../../src/testing/redis-cleanup.js';
import type { PortsLogger } from '../../src/ports/logger.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis namespace no other test file (or run) uses. */
export function uniquePrefix(label: string): string {
  return `test-ports-${label}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under the prefix. */
export function deleteKeys(prefix: string): Promise<void> {
  return deleteRedisKeys(REDIS_URL, prefix);
}

export interface RecordingLogger extends PortsLogger {
  entries: { level: 'info' | 'warn' | 'error'; obj: unknown; msg?: string }[];
}

export function recordingLogger(): RecordingLogger {
  const entries: RecordingLogger['entries'] = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/** Polls until the condition holds; fails with `what` after a generous timeout. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
