import { errorBodyOf, errorCodeOf } from '@guiche/web-sdk';
import type { RowFailure } from './row-import.js';

/** What went wrong with one row's POST /contactsImport, as keys the dialog translates. */
export function rowFailureReason(error: unknown): Omit<RowFailure, 'row'> {
  const body = errorBodyOf(error);
  const issue = body?.error === 'ERR_VALIDATION' && Array.isArray(body.issues) ? body.issues[0] : undefined;
  if (issue) return issue.path.length > 0 ? { error: issue.message, field: String(issue.path[0]) } : { error: issue.message };
  const code = errorCodeOf(error);
  // No answer at all (network down, server gone): the generic text.
  return { error: code ?? 'common.genericError' };
}

/** The text of a row's reason: a validation key, an error code, else as it came. */
export function rowFailureText(error: string, t: (key: string, options: { defaultValue: string }) => string): string {
  return t(error, { defaultValue: '' }) || t(`errors.${error}`, { defaultValue: error });
}
