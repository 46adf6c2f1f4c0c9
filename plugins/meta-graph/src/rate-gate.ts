/**
 * Backoff per Meta object after a Graph rate limit: every call for that phone number or page waits
 * until the pause ends, and each further limit doubles the pause (up to MAX). Messages wait; none is
 * dropped. Keyed by Meta's own ids, which Meta limits (two connections of one number share it; our
 * connection ids, which every test kernel restarts from 1, never collide). In-memory per node: after
 * a restart the queue's own retries take over.
 */
const MAX_PAUSE_MS = 5 * 60_000;

interface Gate {
  until: number;
  strikes: number;
}

const gates = new Map<string, Gate>();

/** Base of the backoff (ms); META_GRAPH_BACKOFF_MS lowers it (tests). */
export function backoffBaseMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.META_GRAPH_BACKOFF_MS);
  return Number.isFinite(value) && value > 0 ? value : 2_000;
}

export async function waitGate(key: string): Promise<void> {
  const gate = gates.get(key);
  const wait = gate ? gate.until - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Records a rate limit on the key; answers the pause now in force (ms). */
export function strike(key: string, retryAfterMs: number | null, base = backoffBaseMs()): number {
  const gate = gates.get(key) ?? { until: 0, strikes: 0 };
  gate.strikes++;
  const pause = Math.min(MAX_PAUSE_MS, Math.max(retryAfterMs ?? 0, base * 2 ** (gate.strikes - 1)));
  gate.until = Math.max(gate.until, Date.now() + pause);
  gates.set(key, gate);
  return pause;
}

/** A call went through: the next limit starts from the base again. */
export function clearStrikes(key: string): void {
  const gate = gates.get(key);
  if (gate && gate.until <= Date.now()) gates.delete(key);
}

/** How many rate limits in a row the key has met (0 when none): for the connection's state and tests. */
export function strikesOf(key: string): number {
  return gates.get(key)?.strikes ?? 0;
}
