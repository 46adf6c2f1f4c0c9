import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokenCircuitError } from 'cockatiel';
import { callOutside } from '@guiche/core';
import { startFakeServer, type FakeServer } from '@guiche/core/testing';
import { breakerFor, outsidePolicy, retryPolicy } from '../src/outside/policy.js';

class Flaky extends Error {
  constructor(readonly waitMs: number | null = null) {
    super('flaky');
  }
}

/** A function failing `times` times with the given errors, then answering 'ok'. */
function failing(errors: Error[]) {
  let calls = 0;
  const fn = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return 'ok';
  };
  return { fn, calls: () => calls };
}

describe('outside policy (cockatiel)', () => {
  it('waits backoff, 2×, 4×…, or longer when the failure asks, and gives up after its retries', async () => {
    const policy = retryPolicy({ retries: 3, backoffMs: 5, retryWhen: (e) => e instanceof Flaky, waitOf: (e) => (e as Flaky).waitMs });
    const delays: number[] = [];
    policy.onRetry((r) => delays.push(r.delay));
    const run = failing([new Flaky(), new Flaky(30), new Flaky()]);
    expect(await policy.execute(run.fn)).toBe('ok');
    expect(delays).toEqual([5, 30, 20]);
    const tooMany = failing([new Flaky(), new Flaky(), new Flaky(), new Flaky(), new Flaky()]);
    await expect(policy.execute(tooMany.fn)).rejects.toBeInstanceOf(Flaky);
    expect(tooMany.calls()).toBe(4);
  });

  it('throws a failure it is not told to retry at once', async () => {
    const policy = retryPolicy({ retries: 5, backoffMs: 1, retryWhen: (e) => e instanceof Flaky });
    const run = failing([new TypeError('bad request')]);
    await expect(policy.execute(run.fn)).rejects.toBeInstanceOf(TypeError);
    expect(run.calls()).toBe(1);
  });

  it('gives each attempt its own signal, aborted when its time is over, usable after a success', async () => {
    const policy = outsidePolicy({ retries: 1, backoffMs: 1, timeoutMs: 50, retryWhen: () => true });
    const signals: AbortSignal[] = [];
    const answer = await policy.execute(async ({ signal }) => {
      signals.push(signal);
      if (signals.length === 1) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('timed out'))));
      return 'second';
    });
    expect(answer).toBe('second');
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('opens the breaker of a key after consecutive failed calls and lets a trial through later', async () => {
    const options = { key: `host-${Date.now()}`, failures: 2, halfOpenAfterMs: 50 };
    const policy = outsidePolicy({ retries: 1, backoffMs: 1, retryWhen: () => true, breaker: options });
    expect(breakerFor(options)).toBe(breakerFor({ ...options }));
    const down = failing(Array.from({ length: 4 }, () => new Flaky()));
    await expect(policy.execute(down.fn)).rejects.toBeInstanceOf(Flaky);
    await expect(policy.execute(down.fn)).rejects.toBeInstanceOf(Flaky);
    expect(down.calls()).toBe(4);
    // Open: no call reaches the service.
    await expect(policy.execute(down.fn)).rejects.toBeInstanceOf(BrokenCircuitError);
    expect(down.calls()).toBe(4);
    // Another key is not affected.
    const other = outsidePolicy({ retries: 0, backoffMs: 1, retryWhen: () => true, breaker: { ...options, key: `${options.key}-other` } });
    expect(await other.execute(async () => 'ok')).toBe('ok');
    await expect.poll(() => policy.execute(down.fn).catch((e: Error) => e.name)).toBe('ok');
  });
});

describe('callOutside on the policy', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeServer();
    fake.route('GET', '/slow', () => ({ json: {} }));
  });
  afterAll(async () => fake?.close());

  it("does not sit out a Retry-After once the handler's signal is aborted", async () => {
    const before = fake.requests.length;
    fake.failNext(1, { status: 429, headers: { 'retry-after': '600' } });
    const controller = new AbortController();
    const call = callOutside(`${fake.url}/slow`, { method: 'GET' }, { retries: 2, maxRetryAfterMs: 3_600_000, signal: controller.signal });
    await expect.poll(() => fake.requests.length - before).toBe(1);
    controller.abort();
    await expect(call).rejects.toMatchObject({ reason: 'timeout' });
    expect(fake.requests.length - before).toBe(1);
  });
});
