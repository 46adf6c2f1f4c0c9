import { AppError } from '@guiche/core';
import type { z } from 'zod';

/** Validates input the route schema cannot (multipart fields, bodies of either kind). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('ERR_VALIDATION', 400, {
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
      message: issue.message,
    })),
  });
}
