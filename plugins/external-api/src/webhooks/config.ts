/** Operator settings of outgoing webhooks (environment; tests pass their own). */
export interface WebhookConfig {
  /** WEBHOOKS_ALLOW_PRIVATE=1 lets destinations resolve to private, loopback or link-local addresses. */
  allowPrivate: boolean;
  /** WEBHOOKS_TIMEOUT_MS: the whole HTTP call, connect to last byte (default 10 s). */
  timeoutMs: number;
  /** WEBHOOKS_RETRY_BASE_MS: first retry delay, doubled per attempt up to an hour (default 30 s). */
  retryBaseMs: number;
  /** WEBHOOKS_MAX_ATTEMPTS: attempts of one delivery before it is marked failed (default 10). */
  maxAttempts: number;
  /** WEBHOOKS_DISABLE_AFTER: failed attempts in a row that switch a subscription off (default 20)… */
  disableAfterFailures: number;
  /** …or WEBHOOKS_DISABLE_AFTER_HOURS of failing with no success in between (default 24). */
  disableAfterMs: number;
  /**
   * WEBHOOKS_OUTBOX_GRACE_MS: how old an outbox row is before the relay files it (default 10 s):
   * the bus files nearly every event at once, the relay what a node dying after its commit never announced.
   */
  outboxGraceMs: number;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function webhookConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  return {
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1' || env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    timeoutMs: positive(env.WEBHOOKS_TIMEOUT_MS, 10_000),
    retryBaseMs: positive(env.WEBHOOKS_RETRY_BASE_MS, 30_000),
    maxAttempts: Math.floor(positive(env.WEBHOOKS_MAX_ATTEMPTS, 10)),
    disableAfterFailures: Math.floor(positive(env.WEBHOOKS_DISABLE_AFTER, 20)),
    disableAfterMs: positive(env.WEBHOOKS_DISABLE_AFTER_HOURS, 24) * 3_600_000,
    outboxGraceMs: positive(env.WEBHOOKS_OUTBOX_GRACE_MS, 10_000),
  };
}

/** Delay before retry number `failures` (1-based): base × 2^(failures−1), at most one hour. */
export function retryDelay(config: WebhookConfig, failures: number): number {
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, failures - 1), 3_600_000);
}
