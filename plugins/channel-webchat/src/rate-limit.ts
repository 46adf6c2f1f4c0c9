import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type RateLimits } from '@guiche/core';

export interface Budget {
  max: number;
  windowMs: number;
}

/**
 * Counts one action of `key` in core's rate-limit port (Redis in a cluster: every node shares the
 * counters; memory when embedded). Two fixed windows half a window apart both count, so a burst of
 * max+1 within half a window is always refused, even across a window's edge. Answers the seconds
 * to wait, or 0 when the action may go ahead.
 */
export async function take(rateLimits: RateLimits, key: string, budget: Budget): Promise<number> {
  const now = Date.now();
  const hits = await Promise.all([
    rateLimits.hit(`webchat:${key}`, budget.max, budget.windowMs, now),
    rateLimits.hit(`webchat:${key}:half`, budget.max, budget.windowMs, now + budget.windowMs / 2),
  ]);
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length === 0) return 0;
  return Math.max(1, Math.ceil(Math.max(...refused.map((hit) => hit.retryAfterMs)) / 1000));
}

/** A visitor's message budget (text and media together, whichever node each tab talks to). */
export interface RateLimiter {
  /** True when the key may act now (and counts it). */
  take(key: string): Promise<boolean>;
}

export function createRateLimiter(rateLimits: RateLimits, budget: Budget): RateLimiter {
  return { take: async (key) => (await take(rateLimits, `visitor:${key}`, budget)) === 0 };
}

/**
 * A public route's per-address budget (request.ip: X-Forwarded-For believed only from TRUST_PROXY),
 * as a preHandler: 429 ERR_RATE_LIMITED with Retry-After past it.
 */
export function perAddress(rateLimits: RateLimits, name: string, budget: Budget) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const seconds = await take(rateLimits, `${name}:${request.ip}`, budget);
    if (seconds === 0) return;
    reply.header('retry-after', seconds);
    throw new AppError('ERR_RATE_LIMITED', 429, { retryAfter: seconds });
  };
}
