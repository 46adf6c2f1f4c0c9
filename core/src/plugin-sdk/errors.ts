import type { ErrorCode } from '@guiche/contracts';

/** Throw from a handler: answered as { error: code } with the status, never a 500. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode = 400,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}
