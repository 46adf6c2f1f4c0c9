import type { JobOptions } from '../types.js';

export const DEFAULT_ATTEMPTS = 1;
export const DEFAULT_BACKOFF_MS = 1000;

export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

export function retryPolicy(opts: JobOptions = {}): RetryPolicy {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? DEFAULT_ATTEMPTS));
  const backoffMs = Math.max(0, opts.backoffMs ?? DEFAULT_BACKOFF_MS);
  return { attempts, backoffMs };
}

/** Wait before the next attempt after `failedAttempt` failed (1-based): base, 2×base, 4×base… as BullMQ does. */
export function backoffDelay(backoffMs: number, failedAttempt: number): number {
  return Math.round(backoffMs * 2 ** (failedAttempt - 1));
}
