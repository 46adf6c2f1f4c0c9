/** Reconnect delays of the session supervisor (ARCHITECTURE §3). */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 60_000;
/** A session that stayed up this long is healthy again: the next failure starts from the base delay. */
export const HEALTHY_AFTER_MS = 60_000;

/**
 * Delay before reconnect number `failures` (1-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so sessions that dropped together do not reconnect together.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const exponential = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
