import { afterEach, describe, expect, it } from 'vitest';
import type { Leases } from '../../src/ports/types.js';
import { recordingLogger, sleep, waitFor, type RecordingLogger } from './helpers.js';

export interface LeasesHarness {
  /** Two nodes competing for the same keys. */
  nodes: [Leases, Leases];
  /** Writes the key as a holder that then died: nobody renews it. */
  plantDeadHolder(key: string, ttlMs: number): Promise<void>;
  /** Overwrites the key with another holder's value, as a split brain or an operator would. */
  steal(key: string): Promise<void>;
  close(): Promise<void>;
}

let keyCounter = 0;
const freshKey = () => `connection:${++keyCounter}`;

/** The behaviour every Leases driver must show. */
export function leasesContract(driver: string, createHarness: (logger: RecordingLogger) => Promise<LeasesHarness>): void {
  describe(`Leases contract: ${driver}`, () => {
    let harness: LeasesHarness | undefined;
    const open = async () => (harness = await createHarness(recordingLogger()));
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('gives a key to one holder at a time and frees it on release', async () => {
      const { nodes: [a, b] } = await open();
      const key = freshKey();
      const lease = await a.acquire(key, 5_000);
      expect(lease).not.toBeNull();
      expect(lease!.key).toBe(key);
      expect(lease!.held).toBe(true);
      expect(await b.acquire(key, 5_000)).toBeNull();
      expect(await a.acquire(key, 5_000)).toBeNull();

      await lease!.release();
      expect(lease!.held).toBe(false);
      const next = await b.acquire(key, 5_000);
      expect(next?.held).toBe(true);
      await next!.release();
    });

    it('keeps a lease alive past its ttl while the holder renews it', async () => {
      const { nodes: [a, b] } = await open();
      const key = freshKey();
      // A ttl generous enough that a loaded CI machine's event-loop stalls don't starve renewal.
      const lease = await a.acquire(key, 1000);
      await sleep(2600);
      expect(lease!.held).toBe(true);
      expect(await b.acquire(key, 1000)).toBeNull();
      await lease!.release();
    });

    it('lets another node take a key after its holder died and the ttl ran out', async () => {
      const { nodes: [a], plantDeadHolder } = await open();
      const key = freshKey();
      await plantDeadHolder(key, 300);
      expect(await a.acquire(key, 5_000)).toBeNull();
      let taken: Awaited<ReturnType<Leases['acquire']>> = null;
      await waitFor(async () => (taken = await a.acquire(key, 5_000)) !== null, 'expired key to be free');
      expect(taken!.held).toBe(true);
      await taken!.release();
    });

    it('reports a lease lost when renewal finds another holder, and does not free the key on release', async () => {
      const { nodes: [a, b], steal } = await open();
      const key = freshKey();
      const lease = await a.acquire(key, 300);
      let lostCalls = 0;
      lease!.onLost(() => lostCalls++);
      await steal(key);
      await waitFor(() => lostCalls === 1, 'onLost');
      expect(lease!.held).toBe(false);
      await lease!.release();
      expect(await b.acquire(key, 300)).toBeNull();
      // A callback registered after the loss still hears about it.
      let late = false;
      lease!.onLost(() => (late = true));
      await waitFor(() => late, 'late onLost');
    });

    it('release() leaves the key alone when another holder took it before renewal noticed', async () => {
      const { nodes: [a, b], steal } = await open();
      const key = freshKey();
      const lease = await a.acquire(key, 5_000);
      await steal(key);
      expect(lease!.held).toBe(true);
      await lease!.release();
      expect(await b.acquire(key, 5_000)).toBeNull();
    });

    it('names the keys nobody holds, and not the held ones nor the ones a dead holder left before their ttl', async () => {
      const { nodes: [a, b], plantDeadHolder } = await open();
      const [held, dead, free] = [freshKey(), freshKey(), freshKey()];
      const lease = await a.acquire(held, 5_000);
      await plantDeadHolder(dead, 60_000);
      expect(await b.vacant([held, dead, free])).toEqual([free]);
      expect(await b.vacant([])).toEqual([]);
      await lease!.release();
      expect(await b.vacant([held, free])).toEqual([held, free]);
    });

    it('releases what it holds on close', async () => {
      const { nodes: [a, b] } = await open();
      const key = freshKey();
      expect(await a.acquire(key, 5_000)).not.toBeNull();
      await a.close();
      expect(await b.acquire(key, 5_000)).not.toBeNull();
    });
  });
}
