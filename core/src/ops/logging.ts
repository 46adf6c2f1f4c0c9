import type { FastifyServerOptions } from 'fastify';

/**
 * The kernel's pino options: JSON lines at LOG_LEVEL, with the usual carriers of secrets censored
 * should any code log a request's headers or a credentials object (ARCHITECTURE.md §15: a secret
 * is never logged). Request bodies are never logged by Fastify itself.
 */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'token',
        '*.token',
        'accessToken',
        'refreshToken',
      ],
      censor: '[redacted]',
    },
  };
}
