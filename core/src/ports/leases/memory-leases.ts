import { randomUUID } from 'node:crypto';
import type { Lease, Leases } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { DEFAULT_LEASE_TTL_MS, RenewedLease, type LeaseStore } from './renewed-lease.js';

export interface LeaseEntry {
  token: string;
  expiresAt: number;
}
/** Key → current holder. Two MemoryLeases given the same table behave like two nodes. */
export type LeaseTable = Map<string, LeaseEntry>;

export interface MemoryLeasesOptions {
  logger: PortsLogger;
  table?: LeaseTable;
}

/** Local leases for the embedded mode, with the same expiry and renewal rules as Redis. */
export class MemoryLeases implements Leases {
  private readonly table: LeaseTable;
  private readonly held = new Set<RenewedLease>();
  private readonly store: LeaseStore;

  constructor(private readonly options: MemoryLeasesOptions) {
    this.table = options.table ?? new Map();
    this.store = {
      renew: async (key, token, ttlMs) => {
        const entry = this.liveEntry(key);
        if (entry?.token !== token) return false;
        entry.expiresAt = Date.now() + ttlMs;
        return true;
      },
      release: async (key, token) => {
        if (this.table.get(key)?.token === token) this.table.delete(key);
      },
    };
  }

  async acquire(key: string, ttlMs = DEFAULT_LEASE_TTL_MS): Promise<Lease | null> {
    if (this.liveEntry(key)) return null;
    const token = randomUUID();
    this.table.set(key, { token, expiresAt: Date.now() + ttlMs });
    const lease = new RenewedLease(key, token, ttlMs, this.store, this.options.logger, (ended) => this.held.delete(ended), Date.now());
    this.held.add(lease);
    return lease;
  }

  async vacant(keys: string[]): Promise<string[]> {
    return keys.filter((key) => !this.liveEntry(key));
  }

  /** Releases every lease this instance holds, so a successor can take over at once. */
  async close(): Promise<void> {
    await Promise.all([...this.held].map((lease) => lease.release()));
  }

  private liveEntry(key: string): LeaseEntry | undefined {
    const entry = this.table.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.table.delete(key);
      return undefined;
    }
    return entry;
  }
}
