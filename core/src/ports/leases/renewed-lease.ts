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
 * A held lease, renewed every ttl/3. Renewal that finds the key gone or owned by another holder
 * marks it lost; so does a store that keeps failing until the ttl has surely run out, because by
 * then another node may have taken it.
 */
export class RenewedLease implements Lease {
  private readonly lostCallbacks: (() => void)[] = [];
  private timer?: NodeJS.Timeout;
  private lastConfirmedAt = Date.now();
  private state: 'held' | 'lost' | 'released' = 'held';

  constructor(
    readonly key: string,
    private readonly token: string,
    private readonly ttlMs: number,
    private readonly store: LeaseStore,
    private readonly logger: PortsLogger,
    private readonly onEnd: (lease: RenewedLease) => void,
  ) {
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

  private scheduleRenewal(): void {
    this.timer = setTimeout(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 3)));
  }

  private async renew(): Promise<void> {
    let stillOurs: boolean;
    try {
      stillOurs = await this.store.renew(this.key, this.token, this.ttlMs);
      if (stillOurs) this.lastConfirmedAt = Date.now();
    } catch (err) {
      this.logger.warn({ err, key: this.key }, 'lease renewal failed; retrying');
      stillOurs = Date.now() - this.lastConfirmedAt < this.ttlMs;
    }
    if (this.state !== 'held') return;
    if (stillOurs) {
      this.scheduleRenewal();
      return;
    }
    this.logger.warn({ key: this.key }, 'lease lost');
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
    clearTimeout(this.timer);
    this.onEnd(this);
  }
}
