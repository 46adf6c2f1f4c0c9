/** Graph error codes that mean "slow down" (application, page, business-number and pair rate limits). */
export const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80004, 80005, 80006, 80007, 80008, 130429, 131048, 131056]);
/** The access token expired or was revoked. */
export const TOKEN_INVALID_CODE = 190;
/** Transient server-side codes (Meta asks to retry). */
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);

export type GraphErrorKind = 'rate' | 'token' | 'transient' | 'permanent';

/** A failed Graph call with Meta's code: its message names the code so a failed message shows it. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly detail: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Graph error${code !== null ? ` ${code}` : ''}${subcode ? `/${subcode}` : ''} (HTTP ${status || 'network'}): ${detail}`.slice(0, 480));
    this.name = 'GraphError';
  }

  get kind(): GraphErrorKind {
    if (this.code === TOKEN_INVALID_CODE) return 'token';
    if (this.status === 429 || (this.code !== null && RATE_LIMIT_CODES.has(this.code))) return 'rate';
    if (this.status === 0 || this.status >= 500 || (this.code !== null && TRANSIENT_CODES.has(this.code))) return 'transient';
    return 'permanent';
  }
}

export function isGraphError(error: unknown, kind?: GraphErrorKind): error is GraphError {
  return error instanceof GraphError && (kind === undefined || error.kind === kind);
}
