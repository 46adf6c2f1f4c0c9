import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fenceDeadline, RenewedLease, type LeaseStore } from '../../src/ports/leases/renewed-lease.js';
import { recordingLogger } from './helpers.js';

/**
 * The fence of a held lease, on a clock the test drives: a holder that cannot get a renewal
 * confirmed gives the lease up before the key can expire, whatever its store does.
 */
const TTL = 6_000;

type RenewAnswer = 'ours' | 'taken' | 'hang' | 'error';

function storeAnswering(answer: () => RenewAnswer, renewDelayMs = 0) {
  const calls: number[] = [];
  const store: LeaseStore = {
    renew: (_key, _token, _ttl) => {
      calls.push(Date.now());
      const reply = answer();
      if (reply === 'hang') return new Promise<boolean>(() => undefined);
      if (reply === 'error') return Promise.reject(new Error('connection is closed'));
      if (renewDelayMs === 0) return Promise.resolve(reply === 'ours');
      return new Promise<boolean>((resolve) => setTimeout(() => resolve(reply === 'ours'), renewDelayMs));
    },
    release: async () => undefined,
  };
  return { store, calls };
}

function holdLease(store: LeaseStore) {
  const lostAt: number[] = [];
  const lease = new RenewedLease('connection:1', 'token', TTL, store, recordingLogger(), () => undefined, Date.now());
  lease.onLost(() => lostAt.push(Date.now()));
  return { lease, lostAt, acquiredAt: Date.now() };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('a held lease', () => {
  it('stays held while every renewal is confirmed, renewing every third of its ttl', async () => {
    const { store, calls } = storeAnswering(() => 'ours');
    const { lease, lostAt } = holdLease(store);
    await vi.advanceTimersByTimeAsync(TTL * 10);
    expect(lease.held).toBe(true);
    expect(lostAt).toEqual([]);
    expect(calls.length).toBe(30);
    await lease.release();
  });

  it.each(['hang', 'error'] as const)('gives itself up before its key can expire when the store %ss on renewal', async (failure) => {
    let answer: RenewAnswer = 'ours';
    const { store } = storeAnswering(() => answer);
    const { lease, lostAt } = holdLease(store);
    await vi.advanceTimersByTimeAsync(TTL); // a few confirmed renewals
    const lastConfirmedSend = 1_000_000 + 2 * (TTL / 3) + (TTL / 3); // the renewal sent at t = ttl
    answer = failure;
    const deadline = fenceDeadline(lastConfirmedSend, TTL);
    await vi.advanceTimersByTimeAsync(deadline - Date.now() - 1);
    expect(lease.held).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(lease.held).toBe(false);
    expect(lostAt).toEqual([deadline]);
    // The key, renewed last by the request sent at lastConfirmedSend, lives until then at the earliest.
    expect(deadline).toBeLessThan(lastConfirmedSend + TTL);
  });

  it('counts the fence from when a confirmed renewal was sent, not from when its answer came', async () => {
    const { store, calls } = storeAnswering(() => (calls.length === 1 ? 'ours' : 'hang'), 1_000);
    const { lease, lostAt } = holdLease(store);
    await vi.advanceTimersByTimeAsync(TTL * 2);
    expect(lease.held).toBe(false);
    expect(lostAt).toEqual([fenceDeadline(calls[0]!, TTL)]);
  });

  it('is lost at once when a renewal finds another holder', async () => {
    const { store, calls } = storeAnswering(() => 'taken');
    const { lease, lostAt } = holdLease(store);
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(lease.held).toBe(false);
    expect(lostAt).toEqual([calls[0]]);
  });
});
