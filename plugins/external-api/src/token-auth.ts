import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type PluginContext } from '@guiche/core';

export interface ApiConnection {
  id: number;
  companyId: number;
  name: string;
  status: string;
  channel: string;
}

export interface RateLimit {
  /** Requests a token may make per window. */
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiConnection?: ApiConnection;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The onRequest checks of the public send route, in order: the bearer must be a connection's
 * current token (a regenerated token revokes the old one) → 401 ERR_API_TOKEN_INVALID; a website
 * chat connection's token is the public key its embed snippet shows, never an API token → 403
 * ERR_API_TOKEN_PUBLIC_KEY (docs/architecture.md, issue #26); the
 * company's plan must enable useExternalApi → 403 ERR_PLAN_DISABLED; the token must be within its
 * rate (fixed window, counted in Redis so every node agrees) → 429 ERR_RATE_LIMITED + Retry-After.
 */
export function tokenGate(ctx: PluginContext, rate: RateLimit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const connection: ApiConnection | undefined = token
      ? ((await ctx.connections.byToken(token)) ?? undefined)
      : undefined;
    if (!token || !connection) throw new AppError('ERR_API_TOKEN_INVALID', 401);
    if (connection.channel === 'webchat') throw new AppError('ERR_API_TOKEN_PUBLIC_KEY', 403);
    request.apiConnection = connection;
    if (!(await ctx.plans.has(connection.companyId, 'useExternalApi'))) throw new AppError('ERR_PLAN_DISABLED', 403, { feature: 'useExternalApi' });
    const hit = await ctx.rateLimits.hit(`external-api:${tokenHash(token).slice(0, 32)}`, rate.max, rate.windowMs);
    reply.header('x-ratelimit-limit', rate.max);
    reply.header('x-ratelimit-remaining', hit.remaining);
    if (!hit.allowed) {
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      reply.header('retry-after', seconds);
      throw new AppError('ERR_RATE_LIMITED', 429, { retryAfter: seconds });
    }
  };
}
