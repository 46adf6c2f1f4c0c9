import type { Knex } from 'knex';

/** A due timer handed to its kind's handler, inside the transaction that holds its row. */
export interface TimedJob<T = unknown> {
  kind: string;
  key: string;
  companyId: number | null;
  payload: T;
  dueAt: Date;
  /** Failed runs before this one. */
  attempts: number;
  /** True when a throw now gives up instead of retrying (the row is kept with failed_at). */
  lastAttempt: boolean;
  /** The time the sweep runs for (the wall clock, or what a test passed to runDue). */
  now: Date;
  /**
   * The claim's transaction: write the effects with it so that claiming and firing commit
   * together. On the embedded default (one connection) a query outside it waits for it: use it
   * for every read and write in the handler.
   */
  trx: Knex.Transaction;
  /** Runs after the claim committed (queue triggers, live events); never when it rolled back. */
  afterCommit(fn: () => Promise<void> | void): void;
}

/** Returning nothing deletes the timer (it fired); returning a time sets it again. */
export type TimedHandler<T = unknown> = (job: TimedJob<T>) => Promise<void | { rescheduleAt: Date; payload?: T }>;

export interface TimedHandlerOptions {
  /** Runs before giving up (default 5). */
  maxAttempts?: number;
  /** First retry delay; doubled per attempt (default 1000 ms). */
  backoffMs?: number;
}

export interface TimerSpec<T = unknown> {
  kind: string;
  /** Unique within the kind: setting the same key again replaces the timer. */
  key: string;
  companyId: number | null;
  dueAt: Date;
  payload: T;
}

/** The transaction and after-commit hook a caller lends to make its writes part of its own unit. */
export interface WithinTransaction {
  trx: Knex.Transaction;
  afterCommit(fn: () => Promise<void> | void): void;
}

export interface TimedWork {
  /** Handler of a kind; define before start (a plugin's register()). Only defined kinds are claimed. */
  define<T>(kind: string, handler: TimedHandler<T>, options?: TimedHandlerOptions): void;
  /** Creates or replaces the timer (kind, key). Pass trx to join the caller's transaction. */
  schedule<T>(timer: TimerSpec<T>, trx?: Knex.Transaction): Promise<void>;
  /** Deletes a pending timer; false when there was none (never set, fired, or cancelled). */
  cancel(kind: string, key: string, trx?: Knex.Transaction): Promise<boolean>;
  /** Fires every timer due at `now` (default: the wall clock) once; answers how many ran. */
  runDue(now?: Date): Promise<number>;
}

export interface TimedWorkRuntime extends TimedWork {
  /** Starts this node's sweeper (polls, plus a wake-up when a nearer timer is set here). */
  start(): void;
  /** Stops sweeping and waits for the run in progress. */
  stop(): Promise<void>;
}
