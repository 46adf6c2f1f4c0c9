import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or client may hand us as a request id: short and log-safe, or we make our own. */
const acceptable = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is acceptable, a fresh UUID otherwise. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}

/**
 * Echoes the request id on every response and, once authentication has named the user (the
 * scopes' onRequest hooks run before any preHandler), adds the company and user to the
 * request's log lines.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preHandler', async (request, reply) => {
    const auth = (request as { auth?: { id: number; companyId: number } }).auth;
    if (!auth) return;
    request.log = request.log.child({ companyId: auth.companyId, userId: auth.id });
    reply.log = request.log;
  });
}
