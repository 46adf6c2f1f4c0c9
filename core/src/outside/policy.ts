import {
  ConsecutiveBreaker,
  DelegateBackoff,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
  type IRetryBackoffContext,
  type RetryPolicy,
} from 'cockatiel';
import { LRUCache } from 'lru-cache';

/**
 * The one resilience policy for calls to outside services (ARCHITECTURE §12), on `cockatiel`:
 * retries with a doubling backoff (or the longer wait the failure asks for, e.g. Retry-After),
 * a timeout per attempt, and an optional circuit breaker per outside host. Callers classify their
 * failures (which are retried, which wait is asked); the policy only decides when to try again.
 */

export interface RetryOptions {
  /** Attempts after the first. */
  retries: number;
  /** The first wait; doubled each retry. */
  backoffMs: number;
  /** Which failures are tried again; any other is thrown at once. */
  retryWhen: (error: Error) => boolean;
  /** A wait the failure itself asks for (Retry-After); the longer of it and the backoff is waited. */
  waitOf?: (error: Error) => number | null;
}

export interface BreakerOptions {
  /** One breaker per key (e.g. the outside host), shared by every call in this process. */
  key: string;
  /** Consecutive failed calls that open it. */
  failures: number;
  /** How long it stays open before one trial call is let through. */
  halfOpenAfterMs: number;
}

export interface OutsidePolicyOptions extends RetryOptions {
  /** Per attempt; the attempt's signal is aborted when it is over. */
  timeoutMs?: number;
  breaker?: BreakerOptions;
}

/** The doubling backoff: backoffMs, 2×, 4×…, or longer when the failure asks for it. */
export function retryPolicy(options: RetryOptions): RetryPolicy {
  const backoff = new DelegateBackoff<IRetryBackoffContext<unknown>>((context) => {
    const doubled = options.backoffMs * 2 ** (context.attempt - 1);
    const asked = 'error' in context.result ? options.waitOf?.(context.result.error) : null;
    return Math.max(doubled, asked ?? 0);
  });
  return retry(handleWhen(options.retryWhen), { maxAttempts: Math.max(0, options.retries), backoff });
}

const breakers = new LRUCache<string, CircuitBreakerPolicy>({ max: 1000 });

/** The breaker of a key: opened by `failures` consecutive failed calls, half-open after a while. */
export function breakerFor(options: BreakerOptions): CircuitBreakerPolicy {
  const id = `${options.key}\0${options.failures}\0${options.halfOpenAfterMs}`;
  let breaker = breakers.get(id);
  if (!breaker) {
    breaker = circuitBreaker(handleWhen(() => true), { halfOpenAfter: options.halfOpenAfterMs, breaker: new ConsecutiveBreaker(options.failures) });
    breakers.set(id, breaker);
  }
  return breaker;
}

/**
 * breaker ∘ retry ∘ timeout: each attempt has its own time; a call that failed after its retries
 * counts once against the breaker. The attempt's signal stays usable after a success (the
 * caller still reads the response body).
 */
export function outsidePolicy(options: OutsidePolicyOptions): IPolicy {
  const policies: IPolicy[] = [];
  if (options.breaker) policies.push(breakerFor(options.breaker));
  policies.push(retryPolicy(options));
  if (options.timeoutMs !== undefined) policies.push(timeout(options.timeoutMs, { strategy: TimeoutStrategy.Cooperative, abortOnReturn: false }));
  return wrap(...policies);
}
