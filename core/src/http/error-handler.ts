import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../plugin-sdk/types.js';
import { multipartError } from './multipart.js';

/**
 * PostgreSQL errors that mean the input slipped past a schema (issue 17): data exceptions (class
 * 22: out of range, invalid text/byte sequence, bad date/time, value too long), integrity
 * violations other than unique (23: not null, foreign key, check) and program limits (54: an
 * index row too large). Answered as 4xx as a last line of defence, logged as a bug to fix in the
 * route's schema.
 */
export function databaseInputError(err: unknown): { status: number; message: string } | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '22001') return { status: 400, message: 'validation.tooLong' };
  if (code === '22003') return { status: 400, message: 'validation.number' };
  if (code === '22007' || code === '22008') return { status: 400, message: 'validation.invalidDate' };
  if (code === '22021' || code === '22P05') return { status: 400, message: 'validation.invalidText' };
  if (code.startsWith('22')) return { status: 400, message: 'validation.invalid' };
  if (code === '23502' || code === '23514' || code === '23P01') return { status: 400, message: 'validation.invalid' };
  if (code === '23503') return { status: 400, message: 'validation.reference' };
  if (code.startsWith('54')) return { status: 413, message: 'validation.tooLong' };
  return null;
}

function pathOf(instancePath: string | undefined, context?: string): (string | number)[] {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length ? parts : context ? [context] : [];
}

/** A database refusal a schema should have caught (kept, last 50, for the fuzz suite and debugging). */
export interface SchemaGap {
  method: string;
  route: string | undefined;
  code: string;
  message: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recent database input errors answered 4xx by the last line of defence: each one is a schema bug. */
    schemaGaps: SchemaGap[];
  }
}

/**
 * Fastify's own request errors raised before routing (a path that is not valid percent-encoded
 * UTF-8, FST_ERR_BAD_URL): answered with our shape instead of Fastify's default body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ error: 'ERR_VALIDATION', issues: [{ path: [], message: 'validation.invalid' }] });
}

/** Every failure becomes { error: CODE } with the right status; only a bug is a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  const gaps: SchemaGap[] = [];
  app.decorate('schemaGaps', gaps);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ error: err.code, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: pathOf(v.instancePath), message: v.message ?? 'validation.invalid' }));
      return reply.code(400).send({ error: 'ERR_VALIDATION', issues });
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
      return reply.code(400).send({ error: 'ERR_VALIDATION', issues });
    }
    if ((err as { code?: string }).code === '23505') {
      // A unique index caught a race the handler's own check missed: a conflict, not a crash.
      return reply.code(409).send({ error: 'ERR_VALIDATION', issues: [{ path: [], message: 'validation.duplicated' }] });
    }
    const multipart = multipartError(err);
    if (multipart) return reply.code(multipart.statusCode).send({ error: multipart.code, ...multipart.extra });
    const database = databaseInputError(err);
    if (database) {
      const gap = { method: request.method, route: request.routeOptions?.url, code: String((err as { code?: string }).code), message: err.message };
      gaps.push(gap);
      if (gaps.length > 50) gaps.shift();
      request.log.error({ err, ...gap }, 'BUG: the database refused input a route schema let through; fix the schema');
      return reply
        .code(database.status)
        .send({ error: database.status === 413 ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION', issues: [{ path: [], message: database.message }] });
    }
    if (err.statusCode === 429) return reply.code(429).send({ error: 'ERR_RATE_LIMITED' });
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, missing multipart, ...: the caller's fault, said plainly.
      return reply.code(err.statusCode).send({ error: 'ERR_VALIDATION', issues: [{ path: [], message: err.message }] });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'ERR_INTERNAL' });
  });

}
