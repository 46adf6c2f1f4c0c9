import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MemoryJobs } from '../../src/ports/jobs/memory-jobs.js';
import { BullmqJobs } from '../../src/ports/jobs/bullmq-jobs.js';
import { jobsContract } from './jobs-contract.js';
import { deleteKeys, recordingLogger, REDIS_URL, uniquePrefix, waitFor } from './helpers.js';

const keyPrefix = uniquePrefix('jobs');
afterAll(() => deleteKeys(keyPrefix));

jobsContract('memory', (logger) => new MemoryJobs(logger));
jobsContract('bullmq', (logger) => new BullmqJobs({ redisUrl: REDIS_URL, prefix: keyPrefix, logger }));

describe('MemoryJobs rehydration', () => {
  const opened: MemoryJobs[] = [];
  const open = () => {
    const jobs = new MemoryJobs(recordingLogger());
    opened.push(jobs);
    return jobs;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
  });

  it('rebuilds pending jobs from rehydrate() on start, deduplicated by jobId', async () => {
    const jobs = open();
    const seen: unknown[] = [];
    jobs.define<{ id: number }>('schedules', {
      handler: async (data) => void seen.push(data),
      rehydrate: async () => [{ data: { id: 1 }, opts: { jobId: 'schedule:1' } }, { data: { id: 2 }, opts: { jobId: 'schedule:2', delay: 50 } }],
    });
    await jobs.enqueue('schedules', { id: 1 }, { jobId: 'schedule:1' });
    expect(seen).toEqual([]);
    await jobs.start();
    await waitFor(() => seen.length === 2, 'both rehydrated jobs');
    expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('rehydrates a queue defined after start', async () => {
    const jobs = open();
    await jobs.start();
    const seen: unknown[] = [];
    jobs.define('outbound:9', { handler: async (data) => void seen.push(data), rehydrate: async () => [{ data: 'unsent message' }] });
    await waitFor(() => seen.length === 1, 'rehydrated job');
    expect(seen).toEqual(['unsent message']);
  });

  it('logs a failing rehydrate and keeps running the other queues', async () => {
    const logger = recordingLogger();
    const jobs = new MemoryJobs(logger);
    opened.push(jobs);
    const seen: unknown[] = [];
    jobs.define('broken', { handler: async () => {}, rehydrate: async () => Promise.reject(new Error('db down')) });
    jobs.define('fine', { handler: async (data) => void seen.push(data), rehydrate: async () => [{ data: 'ok' }] });
    await jobs.start();
    await waitFor(() => seen.length === 1, 'healthy queue');
    expect(logger.entries.some((e) => e.level === 'error' && (e.obj as { queue: string }).queue === 'broken')).toBe(true);
  });

  it('rejects an invalid cron pattern when scheduling', async () => {
    const jobs = open();
    await expect(jobs.schedule('bad', 'q', { pattern: 'not a cron' }, {})).rejects.toThrow(/invalid cron pattern/);
  });
});
