import { randomUUID } from 'node:crypto';
import type { JobDefinition, JobOptions, Jobs } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { backoffDelay, retryPolicy, type RetryPolicy } from './retry-policy.js';
import { assertValidCron, nextCronRun } from './cron.js';
import { setLongTimeout, type Cancellable } from './long-timeout.js';

interface MemoryJob {
  queue: string;
  id: string;
  data: unknown;
  attempt: number;
  policy: RetryPolicy;
}

interface QueueRuntime {
  definition?: JobDefinition;
  ready: MemoryJob[];
  running: number;
}

type ScheduleWhen = { every: number } | { pattern: string; tz?: string };

interface Scheduler {
  queue: string;
  when: ScheduleWhen;
  data: unknown;
  timer?: Cancellable;
  /** Epoch ms of the last cron slot fired, so an early timer never fires the same slot twice. */
  lastSlot?: number;
}

type RunnerState = 'idle' | 'started' | 'closing' | 'closed';

/**
 * In-process job runner for the embedded mode. Nothing here survives a restart by design: the
 * database is the source of truth and each definition's `rehydrate` rebuilds its pending jobs.
 */
export class MemoryJobs implements Jobs {
  private readonly queues = new Map<string, QueueRuntime>();
  /** `queue\0jobId` of every job not finished yet (delayed, waiting, running or between retries). */
  private readonly pendingIds = new Set<string>();
  private readonly timers = new Set<Cancellable>();
  private readonly schedulers = new Map<string, Scheduler>();
  private readonly runs = new Set<Promise<void>>();
  private state: RunnerState = 'idle';

  constructor(private readonly logger: PortsLogger) {}

  define<T>(queue: string, definition: JobDefinition<T>): void {
    const runtime = this.runtime(queue);
    if (runtime.definition) throw new Error(`job queue "${queue}" is already defined`);
    runtime.definition = definition as JobDefinition;
    // A queue defined after start (e.g. a connection's outbound queue once its lease is won)
    // is rebuilt from the database right away, then consumes what was enqueued meanwhile.
    if (this.state === 'started') {
      void this.rehydrate(queue, runtime).then(() => this.pump(runtime));
    }
  }

  async enqueue<T>(queue: string, data: T, opts: JobOptions = {}): Promise<void> {
    this.assertOpen();
    const id = opts.jobId ?? randomUUID();
    const pendingKey = `${queue}\0${id}`;
    if (this.pendingIds.has(pendingKey)) return;
    this.pendingIds.add(pendingKey);
    const job: MemoryJob = { queue, id, data, attempt: 1, policy: retryPolicy(opts) };
    if (opts.delay && opts.delay > 0) {
      this.later(() => this.makeReady(job), opts.delay);
    } else {
      this.makeReady(job);
    }
  }

  async schedule<T>(schedulerId: string, queue: string, when: ScheduleWhen, data: T): Promise<void> {
    this.assertOpen();
    if ('every' in when) {
      if (!Number.isFinite(when.every) || when.every <= 0) throw new Error('schedule "every" must be a positive number of ms');
    } else {
      assertValidCron(when.pattern, when.tz);
    }
    const key = `${queue}\0${schedulerId}`;
    this.schedulers.get(key)?.timer?.cancel();
    const scheduler: Scheduler = { queue, when, data };
    this.schedulers.set(key, scheduler);
    if (this.state === 'started') this.arm(scheduler);
  }

  async unschedule(schedulerId: string, queue: string): Promise<void> {
    const key = `${queue}\0${schedulerId}`;
    this.schedulers.get(key)?.timer?.cancel();
    this.schedulers.delete(key);
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error(`jobs cannot start: runner is ${this.state}`);
    this.state = 'started';
    for (const [queue, runtime] of this.queues) {
      if (runtime.definition) await this.rehydrate(queue, runtime);
    }
    for (const scheduler of this.schedulers.values()) this.arm(scheduler);
    for (const runtime of this.queues.values()) this.pump(runtime);
  }

  /** Stops timers and schedulers, drops jobs not started yet, waits for running handlers. */
  async close(): Promise<void> {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.state = 'closing';
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    for (const scheduler of this.schedulers.values()) scheduler.timer?.cancel();
    this.schedulers.clear();
    for (const runtime of this.queues.values()) runtime.ready.length = 0;
    while (this.runs.size > 0) await Promise.all(this.runs);
    this.pendingIds.clear();
    this.state = 'closed';
  }

  private runtime(queue: string): QueueRuntime {
    let runtime = this.queues.get(queue);
    if (!runtime) {
      runtime = { ready: [], running: 0 };
      this.queues.set(queue, runtime);
    }
    return runtime;
  }

  private assertOpen(): void {
    if (this.state === 'closing' || this.state === 'closed') throw new Error('jobs runner is closed');
  }

  private async rehydrate(queue: string, runtime: QueueRuntime): Promise<void> {
    const rehydrate = runtime.definition?.rehydrate;
    if (!rehydrate) return;
    try {
      const jobs = await rehydrate();
      for (const job of jobs) await this.enqueue(queue, job.data, job.opts);
      if (jobs.length > 0) this.logger.info({ queue, count: jobs.length }, 'jobs rehydrated from the database');
    } catch (err) {
      this.logger.error({ err, queue }, 'job rehydration failed');
    }
  }

  private later(run: () => void, delayMs: number): void {
    const timer = setLongTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    this.timers.add(timer);
  }

  private makeReady(job: MemoryJob): void {
    const runtime = this.runtime(job.queue);
    runtime.ready.push(job);
    this.pump(runtime);
  }

  private pump(runtime: QueueRuntime): void {
    const definition = runtime.definition;
    if (this.state !== 'started' || !definition) return;
    const concurrency = Math.max(1, definition.concurrency ?? 1);
    while (runtime.running < concurrency && runtime.ready.length > 0) {
      const job = runtime.ready.shift()!;
      runtime.running++;
      const run: Promise<void> = this.execute(definition, job).finally(() => {
        runtime.running--;
        this.runs.delete(run);
        this.pump(runtime);
      });
      this.runs.add(run);
    }
  }

  private async execute(definition: JobDefinition, job: MemoryJob): Promise<void> {
    const pendingKey = `${job.queue}\0${job.id}`;
    try {
      await definition.handler(job.data, { attempt: job.attempt, jobId: job.id });
      this.pendingIds.delete(pendingKey);
    } catch (err) {
      const willRetry = job.attempt < job.policy.attempts && this.state === 'started';
      const log = { err, queue: job.queue, jobId: job.id, attempt: job.attempt, attempts: job.policy.attempts };
      if (willRetry) {
        this.logger.warn(log, 'job failed; will retry');
        const retry = { ...job, attempt: job.attempt + 1 };
        this.later(() => this.makeReady(retry), backoffDelay(job.policy.backoffMs, job.attempt));
      } else {
        this.logger.error(log, 'job failed');
        this.pendingIds.delete(pendingKey);
      }
    }
  }

  private arm(scheduler: Scheduler): void {
    const { when } = scheduler;
    if ('every' in when) {
      const interval = setInterval(() => this.fire(scheduler), when.every);
      scheduler.timer = { cancel: () => clearInterval(interval) };
      return;
    }
    const from = new Date(Math.max(Date.now(), (scheduler.lastSlot ?? 0) + 1));
    const slot = nextCronRun(when.pattern, when.tz, from);
    scheduler.timer = setLongTimeout(() => {
      scheduler.lastSlot = slot;
      this.fire(scheduler);
      if (this.state === 'started') this.arm(scheduler);
    }, slot - Date.now());
  }

  private fire(scheduler: Scheduler): void {
    this.enqueue(scheduler.queue, scheduler.data).catch((err: unknown) => {
      this.logger.error({ err, queue: scheduler.queue }, 'scheduled job could not be enqueued');
    });
  }
}
