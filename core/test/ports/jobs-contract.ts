import { afterEach, describe, expect, it } from 'vitest';
import type { Jobs } from '../../src/ports/types.js';
import { deferred, recordingLogger, sleep, waitFor, type RecordingLogger } from './helpers.js';

export type CreateJobs = (logger: RecordingLogger) => Jobs;

let queueCounter = 0;
/** A fresh queue name per test, with a ':' as real names have (`outbound:12`). */
const freshQueue = (label: string) => `${label}:${++queueCounter}`;

/** The behaviour every Jobs driver must show. */
export function jobsContract(driver: string, createJobs: CreateJobs): void {
  describe(`Jobs contract: ${driver}`, () => {
    const opened: Jobs[] = [];
    const open = (logger = recordingLogger()) => {
      const jobs = createJobs(logger);
      opened.push(jobs);
      return { jobs, logger };
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
    });

    it('runs jobs one at a time and in order with concurrency 1', async () => {
      const { jobs } = open();
      const queue = freshQueue('outbound');
      const completed: number[] = [];
      let running = 0;
      let maxRunning = 0;
      jobs.define<{ n: number }>(queue, {
        concurrency: 1,
        handler: async ({ n }) => {
          maxRunning = Math.max(maxRunning, ++running);
          // Earlier jobs take longer, so any parallelism would reorder completions.
          await sleep(20 - n);
          completed.push(n);
          running--;
        },
      });
      await jobs.start();
      for (let n = 0; n < 20; n++) await jobs.enqueue(queue, { n });
      await waitFor(() => completed.length === 20, '20 jobs');
      expect(completed).toEqual([...Array(20).keys()]);
      expect(maxRunning).toBe(1);
    });

    it('runs up to `concurrency` jobs at the same time', async () => {
      const { jobs } = open();
      const queue = freshQueue('campaign');
      const gate = deferred();
      let running = 0;
      let maxRunning = 0;
      let done = 0;
      jobs.define(queue, {
        concurrency: 3,
        handler: async () => {
          maxRunning = Math.max(maxRunning, ++running);
          await gate.promise;
          running--;
          done++;
        },
      });
      await jobs.start();
      for (let n = 0; n < 5; n++) await jobs.enqueue(queue, { n });
      await waitFor(() => running === 3, 'three jobs running together');
      gate.resolve();
      await waitFor(() => done === 5, 'all jobs');
      expect(maxRunning).toBe(3);
    });

    it('retries a failing job with its attempt number until it succeeds', async () => {
      const { jobs, logger } = open();
      const queue = freshQueue('retry');
      const seen: { attempt: number; jobId: string }[] = [];
      jobs.define(queue, {
        handler: async (_data, meta) => {
          seen.push(meta);
          if (meta.attempt < 3) throw new Error(`fail ${meta.attempt}`);
        },
      });
      await jobs.start();
      await jobs.enqueue(queue, {}, { attempts: 5, backoffMs: 20, jobId: 'retry-me' });
      await waitFor(() => seen.length === 3, 'third attempt');
      expect(seen).toEqual([1, 2, 3].map((attempt) => ({ attempt, jobId: 'retry-me' })));
      await waitFor(() => logger.entries.filter((e) => e.level === 'warn').length === 2, 'two retry warnings');
      expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    });

    it('gives up after `attempts` and logs the failure', async () => {
      const { jobs, logger } = open();
      const queue = freshQueue('hopeless');
      const attempts: number[] = [];
      jobs.define(queue, {
        handler: async (_data, meta) => {
          attempts.push(meta.attempt);
          throw new Error('always');
        },
      });
      await jobs.start();
      await jobs.enqueue(queue, {}, { attempts: 2, backoffMs: 10 });
      await waitFor(() => logger.entries.some((e) => e.level === 'error'), 'final failure logged');
      // A third attempt would have come 20 ms after the second.
      await sleep(100);
      expect(attempts).toEqual([1, 2]);
    });

    it('holds a delayed job back while later jobs run', async () => {
      const { jobs } = open();
      const queue = freshQueue('delayed');
      const ran: { name: string; at: number }[] = [];
      jobs.define<{ name: string }>(queue, {
        handler: async ({ name }) => {
          ran.push({ name, at: Date.now() });
        },
      });
      await jobs.start();
      const enqueuedAt = Date.now();
      await jobs.enqueue(queue, { name: 'later' }, { delay: 300 });
      await jobs.enqueue(queue, { name: 'now' });
      await waitFor(() => ran.length === 2, 'both jobs');
      expect(ran.map((r) => r.name)).toEqual(['now', 'later']);
      expect(ran[1].at - enqueuedAt).toBeGreaterThanOrEqual(295);
    });

    it('ignores a second enqueue with the same jobId while the first is pending, not after', async () => {
      const { jobs } = open();
      const queue = freshQueue('dedupe');
      const gate = deferred();
      const seen: string[] = [];
      jobs.define<{ tag: string }>(queue, {
        concurrency: 1,
        handler: async ({ tag }, meta) => {
          seen.push(`${meta.jobId}/${tag}`);
          if (tag === 'first') await gate.promise;
        },
      });
      await jobs.start();
      await jobs.enqueue(queue, { tag: 'first' }, { jobId: 'send:1' });
      await waitFor(() => seen.length === 1, 'first job running');
      await jobs.enqueue(queue, { tag: 'while-running' }, { jobId: 'send:1' });
      await jobs.enqueue(queue, { tag: 'waiting' }, { jobId: '42' });
      await jobs.enqueue(queue, { tag: 'while-waiting' }, { jobId: '42' });
      gate.resolve();
      await waitFor(() => seen.length === 2, 'second job');
      // Once the queue moved on, `send:1` is finished and may be enqueued again.
      await jobs.enqueue(queue, { tag: 'marker' });
      await waitFor(() => seen.length === 3, 'marker job');
      await jobs.enqueue(queue, { tag: 'again' }, { jobId: 'send:1' });
      await waitFor(() => seen.length === 4, 'job enqueued again after completion');
      expect(seen.filter((s) => !s.includes('marker'))).toEqual(['send:1/first', '42/waiting', 'send:1/again']);
    });

    it('fires a scheduler every N ms until it is unscheduled', async () => {
      const { jobs } = open();
      const queue = freshQueue('tick');
      const ticks: unknown[] = [];
      jobs.define(queue, { handler: async (data) => void ticks.push(data) });
      await jobs.schedule('heartbeat:1', queue, { every: 100 }, { beat: true });
      await jobs.start();
      await waitFor(() => ticks.length >= 3, 'three ticks');
      expect(ticks[0]).toEqual({ beat: true });
      await jobs.unschedule('heartbeat:1', queue);
      const afterUnschedule = ticks.length;
      await sleep(600);
      // One tick may already have been on its way when the scheduler was removed.
      expect(ticks.length).toBeLessThanOrEqual(afterUnschedule + 1);
    });

    it('fires a cron-pattern scheduler', async () => {
      const { jobs } = open();
      const queue = freshQueue('cron');
      const ticks: number[] = [];
      jobs.define(queue, { handler: async () => void ticks.push(Date.now()) });
      await jobs.start();
      await jobs.schedule('every-second', queue, { pattern: '* * * * * *', tz: 'America/Sao_Paulo' }, {});
      await waitFor(() => ticks.length >= 2, 'two cron ticks');
      await jobs.unschedule('every-second', queue);
    });

    it('close() waits for the running job to finish', async () => {
      const { jobs } = open();
      const queue = freshQueue('slow');
      let started = false;
      let finished = false;
      jobs.define(queue, {
        handler: async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      });
      await jobs.start();
      await jobs.enqueue(queue, {});
      await waitFor(() => started, 'job started');
      await jobs.close();
      expect(finished).toBe(true);
    });

    it('starts consuming a queue defined after start(), including jobs enqueued before', async () => {
      const { jobs } = open();
      const queue = freshQueue('outbound');
      await jobs.start();
      await jobs.enqueue(queue, { n: 1 });
      const seen: unknown[] = [];
      jobs.define(queue, { handler: async (data) => void seen.push(data) });
      await jobs.enqueue(queue, { n: 2 });
      await waitFor(() => seen.length === 2, 'both jobs');
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    });
  });
}
