import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobDefinition, JobOptions, Jobs } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { closeRedis, connectRedis } from '../redis/connect.js';
import { retryPolicy } from './retry-policy.js';
import { bullQueueName, decodeBullJobId, encodeBullJobId } from './bullmq-names.js';

export interface BullmqJobsOptions {
  redisUrl: string;
  /** BullMQ key prefix (`<prefix>:<queue>:…`). */
  prefix: string;
  logger: PortsLogger;
}

const ERROR_LOG_INTERVAL_MS = 30_000;

export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Finished jobs are removed so a jobId can be enqueued again once its job is done (Jobs contract). */
const CLEANUP: Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'> = { removeOnComplete: true, removeOnFail: true };

/**
 * BullMQ driver: one Queue per queue name this node produces to, one Worker per queue it defines.
 * It opens and closes its own two connections; BullMQ duplicates the worker one for each
 * worker's blocking fetch and closes those duplicates itself.
 */
export class BullmqJobs implements Jobs {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly definitions = new Map<string, JobDefinition>();
  private connections?: Promise<{ producer: Redis; consumer: Redis }>;
  private started = false;
  private closed = false;
  private readonly lastErrorLogAt = new Map<string, number>();

  constructor(private readonly options: BullmqJobsOptions) {}

  define<T>(queue: string, definition: JobDefinition<T>): void {
    if (this.definitions.has(queue)) throw new Error(`job queue "${queue}" is already defined`);
    this.definitions.set(queue, definition as JobDefinition);
    if (this.started) {
      this.startWorker(queue, definition as JobDefinition).catch((err: unknown) => {
        this.options.logger.error({ err, queue }, 'job worker failed to start');
      });
    }
  }

  async enqueue<T>(queue: string, data: T, opts: JobOptions = {}): Promise<void> {
    const { attempts, backoffMs } = retryPolicy(opts);
    const target = await this.queue(queue);
    await target.add(queue, data, {
      ...CLEANUP,
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      ...(opts.delay && opts.delay > 0 ? { delay: opts.delay } : {}),
      ...(opts.jobId !== undefined ? { jobId: encodeBullJobId(opts.jobId) } : {}),
    });
  }

  async schedule<T>(schedulerId: string, queue: string, when: { every: number } | { pattern: string; tz?: string }, data: T): Promise<void> {
    const target = await this.queue(queue);
    const repeat = 'every' in when ? { every: when.every } : { pattern: when.pattern, ...(when.tz ? { tz: when.tz } : {}) };
    await target.upsertJobScheduler(encodeBullJobId(schedulerId), repeat, { name: queue, data, opts: CLEANUP });
  }

  async unschedule(schedulerId: string, queue: string): Promise<void> {
    const target = await this.queue(queue);
    await target.removeJobScheduler(encodeBullJobId(schedulerId));
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('jobs already started');
    this.started = true;
    for (const [queue, definition] of this.definitions) await this.startWorker(queue, definition);
  }

  /**
   * Job counts of the queues this node consumes, summed per queue family (`outbound:12` and
   * `outbound:13` are both `outbound`), so metric labels stay a bounded set.
   */
  async counts(): Promise<Map<string, Record<JobState, number>>> {
    const byFamily = new Map<string, Record<JobState, number>>();
    if (this.closed) return byFamily;
    const names = [...this.definitions.keys()];
    const results = await Promise.all(names.map(async (queue) => [queue, await (await this.queue(queue)).getJobCounts(...JOB_STATES)] as const));
    for (const [queue, counts] of results) {
      const family = queue.split(':')[0] as string;
      const sum = byFamily.get(family) ?? { waiting: 0, active: 0, delayed: 0, failed: 0 };
      for (const state of JOB_STATES) sum[state] += counts[state] ?? 0;
      byFamily.set(family, sum);
    }
    return byFamily;
  }

  /** Workers first (each waits for its running job), then queues, then our connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.workers.clear();
    this.queues.clear();
    if (this.connections) {
      const { producer, consumer } = await this.connections.catch(() => ({ producer: undefined, consumer: undefined }));
      if (producer) await closeRedis(producer);
      if (consumer) await closeRedis(consumer);
    }
  }

  /** While Redis is away BullMQ reports each reconnect attempt: one line per queue and half minute is enough. */
  private logConnectionError(key: string, details: Record<string, unknown>, msg: string): void {
    const now = Date.now();
    if (now - (this.lastErrorLogAt.get(key) ?? -Infinity) < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLogAt.set(key, now);
    this.options.logger.error(details, msg);
  }

  private connect(): Promise<{ producer: Redis; consumer: Redis }> {
    this.connections ??= (async () => {
      const producer = await connectRedis(this.options.redisUrl, this.options.logger);
      // Workers block on Redis: BullMQ requires maxRetriesPerRequest null on their connection.
      const consumer = await connectRedis(this.options.redisUrl, this.options.logger, { maxRetriesPerRequest: null }).catch(async (err: unknown) => {
        await closeRedis(producer);
        throw err;
      });
      return { producer, consumer };
    })();
    return this.connections;
  }

  private async queue(queue: string): Promise<Queue> {
    if (this.closed) throw new Error('jobs runner is closed');
    const name = bullQueueName(queue);
    const existing = this.queues.get(name);
    if (existing) return existing;
    const { producer } = await this.connect();
    // Another call may have created it while we awaited the connection.
    const raced = this.queues.get(name);
    if (raced) return raced;
    const created = new Queue(name, { connection: producer, prefix: this.options.prefix });
    created.on('error', (err) => this.logConnectionError(`queue:${queue}`, { err, queue }, 'job queue error'));
    this.queues.set(name, created);
    return created;
  }

  private async startWorker(queue: string, definition: JobDefinition): Promise<void> {
    if (this.closed) return;
    const name = bullQueueName(queue);
    if (this.workers.has(name)) return;
    const { consumer } = await this.connect();
    if (this.closed || this.workers.has(name)) return;
    const worker = new Worker(
      name,
      async (job: Job) => {
        await definition.handler(job.data, { attempt: job.attemptsMade + 1, jobId: decodeBullJobId(job.id ?? '') });
      },
      { connection: consumer, prefix: this.options.prefix, concurrency: Math.max(1, definition.concurrency ?? 1) },
    );
    worker.on('failed', (job, err) => {
      const attempts = job?.opts.attempts ?? 1;
      const attempt = job?.attemptsMade ?? attempts;
      const log = { err, queue, jobId: job?.id ? decodeBullJobId(job.id) : undefined, attempt, attempts };
      if (attempt < attempts) this.options.logger.warn(log, 'job failed; will retry');
      else this.options.logger.error(log, 'job failed');
    });
    worker.on('error', (err) => this.logConnectionError(`worker:${queue}`, { err, queue }, 'job worker error'));
    this.workers.set(name, worker);
  }
}
