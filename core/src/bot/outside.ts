/**
 * Calls to outside services from conversation handlers (ARCHITECTURE §12): a timeout per attempt,
 * retries with exponential backoff on network errors, 5xx and 429 (honouring Retry-After, capped),
 * and one error type the handler can let through so the ticket goes to a human.
 */
import { DestinationError } from '../outbound/destination.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import { outsidePolicy } from '../outside/policy.js';

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

/** A failure worth another attempt, carrying the wait it asks for (Retry-After). */
class Retryable extends Error {
  constructor(readonly failure: OutsideServiceError, readonly waitMs: number | null = null) {
    super(failure.message);
  }
}

const aborted = () => new OutsideServiceError('aborted', 'timeout');

/** The call, or the handler's abort if it comes first: a backoff wait never outlives the handler. */
function untilAborted<T>(call: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return call;
  let onAbort = () => {};
  const abort = new Promise<never>((_, reject) => {
    onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([call, abort]).finally(() => signal.removeEventListener('abort', onAbort));
}

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
  if (signal?.aborted) throw aborted();
  const policy = outsidePolicy({
    retries,
    backoffMs,
    timeoutMs,
    retryWhen: (err) => err instanceof Retryable,
    waitOf: (err) => (err instanceof Retryable ? err.waitMs : null),
  });
  const attempt = async ({ signal: attemptSignal }: { signal: AbortSignal }): Promise<Response> => {
    if (signal?.aborted) throw aborted();
    let res: Response;
    try {
      res = guard ? await guardedFetch(url, { ...init, signal: attemptSignal }, guard.allowPrivate) : await fetch(url, { ...init, signal: attemptSignal });
    } catch (err) {
      // A refused destination stays refused: no retry.
      if (err instanceof DestinationError && err.refused) throw new OutsideServiceError(`${url}: ${err.message}`, 'destination');
      const timedOut = attemptSignal.aborted || (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new Retryable(new OutsideServiceError(`${url}: ${(err as Error).message}`, timedOut ? 'timeout' : 'network'));
    }
    if (res.status < 500 && res.status !== 429) return res;
    await res.body?.cancel();
    const failure = new OutsideServiceError(`${url} answered ${res.status}`, `status:${res.status}`, res.status);
    const after = res.status === 429 ? retryAfterMs(res) : null;
    if (after !== null && after > maxRetryAfterMs) throw failure;
    throw new Retryable(failure, after);
  };
  const call = policy.execute(attempt, signal);
  try {
    return await untilAborted(call, signal);
  } catch (err) {
    call.catch(() => undefined);
    if (err instanceof Retryable) throw err.failure;
    throw err;
  }
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
