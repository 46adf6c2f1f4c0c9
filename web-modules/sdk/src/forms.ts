import type { FormikErrors } from 'formik';
import type { z } from 'zod';
import { i18n } from './i18n/index.js';
import { errorBodyOf } from './errors.js';
import { errorAt, putError } from './lib/nested-errors.js';

function translate(message: string): string {
  return i18n.exists(message) ? i18n.t(message) : message;
}

function toFormikErrors<Values>(issues: { path: readonly PropertyKey[]; message: string }[]): FormikErrors<Values> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    // The first problem of a field is the one worth showing.
    if (path.length && errorAt(errors, path) === undefined) putError(errors, path, translate(issue.message));
  }
  return errors as FormikErrors<Values>;
}

/** Formik `validate` from a zod schema; messages are i18n keys (contracts/messages.ts), translated here. */
export function zodFormikValidate<Values>(schema: z.ZodType) {
  return (values: Values): FormikErrors<Values> => {
    const result = schema.safeParse(values);
    return result.success ? {} : toFormikErrors<Values>(result.error.issues);
  };
}

/** The field errors of a `400 { error: 'ERR_VALIDATION', issues }` answer, for Formik's setErrors. */
export function serverValidationErrors<Values>(err: unknown): FormikErrors<Values> | null {
  const body = errorBodyOf(err);
  if (body?.error !== 'ERR_VALIDATION' || !Array.isArray(body.issues)) return null;
  return toFormikErrors<Values>(body.issues);
}
