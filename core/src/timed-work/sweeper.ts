import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { TimedHandler, TimedHandlerOptions, TimedJob, TimedWorkRuntime, TimerSpec } from './types.js';

interface Definition {
  handler: TimedHandler<unknown>;
  maxAttempts: number;
  backoffMs: number;
}

interface TimedRow {
  id: number;
  kind: string;
  key: string;
  companyId: number | null;
  dueAt: Date;
  payload: unknown;
  attempts: number;
}

export interface TimedWorkOptions {
  /** How often an idle sweeper looks for due rows set by other nodes. */
  pollMs: number;
  /** Timers fired per sweep before yielding to the next tick. */
  maxPerSweep?: number;
}

const MAX_KEY_LENGTH = 200;

/**
 * Durable timers (ARCHITECTURE.md §11) on the timed_work table. A sweep claims the oldest due row
 * of a kind this node handles with FOR UPDATE SKIP LOCKED and runs its handler inside that
 * transaction: the row is deleted (or set again) together with whatever the handler wrote, so a
 * crash before commit leaves the timer due and a commit fires it exactly once, whatever the number
 * of nodes. A throw rolls the handler's writes back and retries later with backoff.
 */
export function createTimedWork(db: Knex, log: FastifyBaseLogger, options: TimedWorkOptions): TimedWorkRuntime {
  const definitions = new Map<string, Definition>();
  const maxPerSweep = options.maxPerSweep ?? 500;
  let started = false;
  let tick: NodeJS.Timeout | null = null;
  let nextTickAt = Infinity;
  const inFlight = new Set<Promise<number>>();

  function planTick(at: number): void {
    if (!started || at >= nextTickAt) return;
    if (tick) clearTimeout(tick);
    nextTickAt = at;
    tick = setTimeout(() => void runTick(), Math.max(0, at - Date.now()));
    tick.unref?.();
  }

  async function runTick(): Promise<void> {
    tick = null;
    nextTickAt = Infinity;
    try {
      await sweep(new Date());
    } catch (err) {
      log.error({ err }, 'timed work sweep failed');
    }
    planTick(Date.now() + options.pollMs);
  }

  /** Fires due timers until none is left or the sweep's budget is spent. Concurrent sweeps are safe (SKIP LOCKED). */
  async function sweep(now: Date): Promise<number> {
    const run = (async () => {
      let fired = 0;
      while (fired < maxPerSweep && (await fireOne(now))) fired += 1;
      return fired;
    })();
    inFlight.add(run);
    try {
      return await run;
    } finally {
      inFlight.delete(run);
    }
  }

  async function fireOne(now: Date): Promise<boolean> {
    const kinds = [...definitions.keys()];
    if (!kinds.length) return false;
    const afterCommit: Array<() => Promise<void> | void> = [];
    let failed: { row: TimedRow; error: unknown } | null = null;
    let claimed = false;
    try {
      await db.transaction(async (trx) => {
        const row: TimedRow | undefined = await trx('timedWork')
          .whereNull('failedAt')
          // Due within the millisecond `now` names: the database keeps microseconds and a Date milliseconds,
          // so a row written in the same millisecond as `now` (x.123456 against x.123) counts as due.
          .where('dueAt', '<', new Date(now.getTime() + 1))
          .whereIn('kind', kinds)
          .orderBy([{ column: 'dueAt' }, { column: 'id' }])
          .forUpdate()
          .skipLocked()
          .first('id', 'kind', 'key', 'companyId', 'dueAt', 'payload', 'attempts');
        if (!row) return;
        claimed = true;
        const definition = definitions.get(row.kind) as Definition;
        const job: TimedJob<unknown> = {
          kind: row.kind,
          key: row.key,
          companyId: row.companyId,
          payload: row.payload,
          dueAt: new Date(row.dueAt),
          attempts: row.attempts,
          lastAttempt: row.attempts + 1 >= definition.maxAttempts,
          now,
          trx,
          afterCommit: (fn) => void afterCommit.push(fn),
        };
        let outcome: Awaited<ReturnType<TimedHandler<unknown>>>;
        try {
          outcome = await definition.handler(job);
        } catch (error) {
          failed = { row, error };
          throw error;
        }
        if (outcome) {
          await trx('timedWork')
            .where({ id: row.id })
            .update({
              dueAt: outcome.rescheduleAt,
              payload: JSON.stringify(outcome.payload === undefined ? row.payload : outcome.payload),
              attempts: 0,
              lastError: null,
              updatedAt: trx.fn.now(),
            });
        } else {
          await trx('timedWork').where({ id: row.id }).delete();
        }
      });
    } catch (error) {
      if (!failed) throw error;
      await recordFailure(failed, now);
      return true;
    }
    if (!claimed) return false;
    for (const fn of afterCommit) {
      await Promise.resolve()
        .then(fn)
        .catch((err: unknown) => log.warn({ err }, 'timed work after-commit step failed'));
    }
    return true;
  }

  async function recordFailure({ row, error }: { row: TimedRow; error: unknown }, now: Date): Promise<void> {
    const definition = definitions.get(row.kind) as Definition;
    const attempts = row.attempts + 1;
    const giveUp = attempts >= definition.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    log[giveUp ? 'error' : 'warn']({ err: error, kind: row.kind, key: row.key, attempts }, giveUp ? 'timed work gave up' : 'timed work failed; will retry');
    // Guarded by the attempt count: another node that retried meanwhile is not counted twice.
    await db('timedWork')
      .where({ id: row.id, attempts: row.attempts })
      .update({
        attempts,
        lastError: message.slice(0, 2000),
        dueAt: new Date(Math.max(now.getTime(), Date.now()) + definition.backoffMs * 2 ** (attempts - 1)),
        failedAt: giveUp ? db.fn.now() : null,
        updatedAt: db.fn.now(),
      });
  }

  return {
    define(kind, handler, handlerOptions: TimedHandlerOptions = {}) {
      if (definitions.has(kind)) throw new Error(`timed work kind ${kind} is defined twice`);
      definitions.set(kind, {
        handler: handler as TimedHandler<unknown>,
        maxAttempts: handlerOptions.maxAttempts ?? 5,
        backoffMs: handlerOptions.backoffMs ?? 1000,
      });
    },

    async schedule<T>(timer: TimerSpec<T>, trx?: Knex.Transaction) {
      if (!timer.key || timer.key.length > MAX_KEY_LENGTH) throw new Error(`timed work key must be 1..${MAX_KEY_LENGTH} characters`);
      const payload = JSON.stringify(timer.payload ?? {});
      const values = { companyId: timer.companyId, dueAt: timer.dueAt, payload };
      await (trx ?? db)('timedWork')
        .insert({ kind: timer.kind, key: timer.key, ...values })
        .onConflict(['kind', 'key'])
        .merge({ ...values, attempts: 0, lastError: null, failedAt: null, updatedAt: db.fn.now() });
      const wake = () => planTick(timer.dueAt.getTime());
      if (trx) void trx.executionPromise.then(wake, () => undefined);
      else wake();
    },

    async cancel(kind, key, trx) {
      const deleted = await (trx ?? db)('timedWork').where({ kind, key }).whereNull('failedAt').delete();
      return deleted > 0;
    },

    runDue: (now = new Date()) => sweep(now),

    start() {
      if (started) return;
      started = true;
      planTick(Date.now());
    },

    async stop() {
      started = false;
      if (tick) clearTimeout(tick);
      tick = null;
      nextTickAt = Infinity;
      await Promise.allSettled([...inFlight]);
    },
  };
}
