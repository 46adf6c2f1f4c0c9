import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../plugin-sdk/types.js';

function pathOf(instancePath: string | undefined, context?: string): (string | number)[] {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length ? parts : context ? [context] : [];
}

/** Every failure becomes { error: CODE } with the right status; only a bug is a 500. */
export function installErrorHandler(app: FastifyInstance): void {
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
