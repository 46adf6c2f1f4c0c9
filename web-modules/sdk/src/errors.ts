import { isAxiosError } from 'axios';
import type { ApiErrorBody } from '@guiche/contracts';

/** The `{ error: CODE }` of an API failure, when there is one. */
export function errorCodeOf(err: unknown): string | null {
  if (isAxiosError(err)) {
    const data = err.response?.data as Partial<ApiErrorBody> | undefined;
    return data && typeof data === 'object' && typeof data.error === 'string' ? data.error : null;
  }
  return null;
}

export function errorBodyOf(err: unknown): Partial<ApiErrorBody> | null {
  if (!isAxiosError(err)) return null;
  const data = err.response?.data;
  return data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : null;
}

export function statusOf(err: unknown): number | null {
  return isAxiosError(err) ? (err.response?.status ?? null) : null;
}
