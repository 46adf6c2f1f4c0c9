import { DestinationError } from '../outbound/destination.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';

/**
 * Calls to outside services from conversation handlers (ARCHITECTURE §12): a timeout per attempt,
 * retries with exponential backoff on network errors, 5xx and 429 (honouring Retry-After, capped),
 * and one error type the handler can let through so the ticket goes to a human.
 */
export interface OutsideCallOptions {
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first. */
  retries?: number;
  /** First backoff; doubled each retry. */
  backoffMs?: number;
  /** The longest Retry-After honoured; a longer one fails at once. */
  maxRetryAfterMs?: number;
  /** The handler's own signal (aborted when its time is up). */
  signal?: AbortSignal;
  /**
   * For URLs an admin or an outside answer chose: refuse private, loopback, link-local… destinations
   * (reason `destination`, not retried) unless `allowPrivate`; redirects are never followed.
   */
  guard?: { allowPrivate: boolean };
}

export class OutsideServiceError extends Error {
  constructor(
    message: string,
    /** What the ticket log says: timeout, status:<n>, network, malformed, destination. */
    public readonly reason: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new OutsideServiceError('aborted', 'timeout'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new OutsideServiceError('aborted', 'timeout'));
    }, { once: true });
  });

function retryAfterMs(res: Response): number | null {
  const header = res.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** fetch with the rules above; answers the first 2xx/4xx (other than 429) response. */
export async function callOutside(url: string, init: RequestInit, options: OutsideCallOptions = {}): Promise<Response> {
  const { timeoutMs = 10_000, retries = 2, backoffMs = 300, maxRetryAfterMs = 10_000, signal, guard } = options;
  let last: OutsideServiceError = new OutsideServiceError('no attempt', 'network');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (signal?.aborted) throw new OutsideServiceError('aborted', 'timeout');
    const attemptSignal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
    let wait = backoffMs * 2 ** attempt;
    try {
      const res = guard ? await guardedFetch(url, { ...init, signal: attemptSignal }, guard.allowPrivate) : await fetch(url, { ...init, signal: attemptSignal });
      if (res.status < 500 && res.status !== 429) return res;
      await res.body?.cancel();
      last = new OutsideServiceError(`${url} answered ${res.status}`, `status:${res.status}`, res.status);
      const after = res.status === 429 ? retryAfterMs(res) : null;
      if (after !== null) {
        if (after > maxRetryAfterMs) throw last;
        wait = Math.max(wait, after);
      }
    } catch (err) {
      if (err instanceof OutsideServiceError) throw err;
      // A refused destination stays refused: no retry.
      if (err instanceof DestinationError && err.refused) throw new OutsideServiceError(`${url}: ${err.message}`, 'destination');
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      last = new OutsideServiceError(`${url}: ${(err as Error).message}`, timedOut ? 'timeout' : 'network');
    }
    if (attempt < retries) await sleep(wait, signal);
  }
  throw last;
}

/** The JSON of a 2xx answer; anything else (4xx, not JSON) is an OutsideServiceError. */
export async function outsideJson<T = unknown>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new OutsideServiceError(`${res.url} answered ${res.status}: ${text.slice(0, 200)}`, `status:${res.status}`, res.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new OutsideServiceError(`${res.url} answered something that is not JSON`, 'malformed');
  }
}
