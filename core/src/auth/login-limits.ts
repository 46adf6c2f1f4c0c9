import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';

/** Per address: LOGIN_RATE_LIMIT attempts a minute. Per account: LOGIN_ACCOUNT_LIMIT attempts per window. */
const ADDRESS_WINDOW_MS = 60_000;
const ACCOUNT_WINDOW_MS = 5 * 60_000;

/**
 * Two fixed windows half a window apart, both counting: a burst can slip past one window's edge,
 * never past both, so limit+1 attempts within half a window are always refused.
 */
async function take(core: CoreServices, reply: FastifyReply, key: string, max: number, windowMs: number): Promise<void> {
  const now = Date.now();
  const hits = await Promise.all([core.rateLimits.hit(key, max, windowMs, now), core.rateLimits.hit(`${key}:half`, max, windowMs, now + windowMs / 2)]);
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length === 0) return;
  const seconds = Math.max(1, Math.ceil(Math.max(...refused.map((hit) => hit.retryAfterMs)) / 1000));
  reply.header('retry-after', seconds);
  throw new AppError('ERR_RATE_LIMITED', 429, { retryAfter: seconds });
}

/**
 * Counted before the password is checked, in the shared rate-limit port (every node agrees):
 * attempts from one address (request.ip: X-Forwarded-For counts only from TRUST_PROXY), and
 * attempts on one e-mail from anywhere, known account or not. An account past its budget is
 * refused until its window ends — at most 5 minutes, so an attacker cannot lock a user out for long.
 */
export async function limitSignIn(core: CoreServices, reply: FastifyReply, address: string, email: string): Promise<void> {
  await take(core, reply, `login:address:${address}`, core.config.LOGIN_RATE_LIMIT, ADDRESS_WINDOW_MS);
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  await take(core, reply, `login:account:${account}`, core.config.LOGIN_ACCOUNT_LIMIT, ACCOUNT_WINDOW_MS);
}

/** Sign-ups per address, with the same budget as sign-in attempts. */
export async function limitSignUp(core: CoreServices, reply: FastifyReply, address: string): Promise<void> {
  await take(core, reply, `signup:address:${address}`, core.config.LOGIN_RATE_LIMIT, ADDRESS_WINDOW_MS);
}
