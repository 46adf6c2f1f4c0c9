import type { Lease } from '../types.js';
import type { PortsLogger } from '../logger.js';

/** How a driver stores one lease: each call answers whether the value is still ours. */
export interface LeaseStore {
  /** Extends the ttl if the key still holds our token. */
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key if it still holds our token. */
  release(key: string, token: string): Promise<void>;
}

export const DEFAULT_LEASE_TTL_MS = 30_000;

/**
 * The holder gives the lease up this share of the ttl before the key may expire, so whatever it
 * guards has stopped before another node can win the key (clock drift and the stop itself).
 */
const FENCE_MARGIN = 0.25;

/** How long after a confirmation sent at `confirmedAt` the holder must consider the lease gone. */
export function fenceDeadline(confirmedAt: number, ttlMs: number): number {
  return confirmedAt + ttlMs - Math.ceil(ttlMs * FENCE_MARGIN);
}

/**
 * A held lease, renewed every ttl/3 by compare-and-set on its token. Renewal that finds the key
 * gone or owned by another holder marks it lost; so does the fence: when no renewal has been
 * confirmed for ttl − margin (counted from when the confirmed request was sent, which is before
 * the store applied it), the lease is lost even if the store never answers, because by the time
 * the key expires another node may take it.
 */
export class RenewedLease implements Lease {
  private readonly lostCallbacks: (() => void)[] = [];
  private renewTimer?: NodeJS.Timeout;
  private fenceTimer?: NodeJS.Timeout;
  private state: 'held' | 'lost' | 'released' = 'held';

  constructor(
    readonly key: string,
    private readonly token: string,
    private readonly ttlMs: number,
    private readonly store: LeaseStore,
    private readonly logger: PortsLogger,
    private readonly onEnd: (lease: RenewedLease) => void,
    /** When the request that won the key was sent. */
    acquiredAt: number,
  ) {
    this.armFence(acquiredAt);
    this.scheduleRenewal();
  }

  get held(): boolean {
    return this.state === 'held';
  }

  onLost(cb: () => void): void {
    if (this.state === 'lost') {
      queueMicrotask(cb);
      return;
    }
    this.lostCallbacks.push(cb);
  }

  async release(): Promise<void> {
    if (this.state !== 'held') return;
    this.end('released');
    await this.store.release(this.key, this.token);
  }

  private armFence(confirmedAt: number): void {
    clearTimeout(this.fenceTimer);
    const delay = Math.max(0, fenceDeadline(confirmedAt, this.ttlMs) - Date.now());
    this.fenceTimer = setTimeout(() => this.lose('lease not renewed in time: giving it up before it expires'), delay);
  }

  private scheduleRenewal(): void {
    this.renewTimer = setTimeout(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 3)));
  }

  private async renew(): Promise<void> {
    const sentAt = Date.now();
    let stillOurs: boolean;
    try {
      stillOurs = await this.store.renew(this.key, this.token, this.ttlMs);
    } catch (err) {
      this.logger.warn({ err, key: this.key }, 'lease renewal failed; retrying');
      if (this.state === 'held') this.scheduleRenewal();
      return;
    }
    if (this.state !== 'held') return;
    if (!stillOurs) {
      this.lose('lease lost');
      return;
    }
    this.armFence(sentAt);
    this.scheduleRenewal();
  }

  private lose(reason: string): void {
    if (this.state !== 'held') return;
    this.logger.warn({ key: this.key }, reason);
    this.end('lost');
    for (const cb of this.lostCallbacks) {
      try {
        cb();
      } catch (err) {
        this.logger.error({ err, key: this.key }, 'lease onLost callback failed');
      }
    }
  }

  private end(state: 'lost' | 'released'): void {
    this.state = state;
    clearTimeout(this.renewTimer);
    clearTimeout(this.fenceTimer);
    this.onEnd(this);
  }
}
