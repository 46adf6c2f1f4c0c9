import type { Ack, AuthStateStore, ConnectionInfo, DisconnectInfo, MessageMediaType, NormalizedMessage, PresenceState, SessionIO, SessionStatus } from '@guiche/core';

/**
 * An AuthStateStore held in memory with the PostgreSQL store's contract: values go through JSON
 * (a string written is a string read), a null value deletes, and each set() is one "transaction".
 */
export class MemoryAuthStore implements AuthStateStore {
  readonly rows = new Map<string, string>();
  transactions = 0;
  private key = (category: string, id: string) => `${category}\u0000${id}`;

  async get<T>(category: string, id: string): Promise<T | null> {
    const row = this.rows.get(this.key(category, id));
    return row === undefined ? null : (JSON.parse(row) as T);
  }
  async getMany<T>(category: string, ids: string[]): Promise<Record<string, T>> {
    const found: Record<string, T> = {};
    for (const id of ids) {
      const row = this.rows.get(this.key(category, id));
      if (row !== undefined) found[id] = JSON.parse(row) as T;
    }
    return found;
  }
  async set(entries: { category: string; id: string; value: unknown | null }[]): Promise<void> {
    this.transactions++;
    for (const e of entries) {
      if (e.value === null || e.value === undefined) this.rows.delete(this.key(e.category, e.id));
      else this.rows.set(this.key(e.category, e.id), JSON.stringify(e.value));
    }
  }
  async clear(): Promise<void> {
    this.rows.clear();
  }
  categories(): string[] {
    return [...new Set([...this.rows.keys()].map((k) => k.split('\u0000')[0]!))];
  }
}

export const connectionInfo = (over: Partial<ConnectionInfo> = {}): ConnectionInfo => ({
  id: 7,
  companyId: 3,
  name: 'Main',
  channel: 'whatsapp',
  token: 'T'.repeat(30),
  allowGroup: true,
  groupAsTicket: 'disabled',
  importOldMessages: null,
  importRecentMessages: null,
  importOldMessagesGroups: false,
  ...over,
});

function silentLogger(): Record<string, unknown> {
  const noop = () => undefined;
  const logger: Record<string, unknown> = { level: 'silent', trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, silent: noop };
  logger.child = () => logger;
  return logger;
}

type StatusExtra = Parameters<SessionIO['status']>[1];
type Stored = { body: string; mediaType: MessageMediaType; data: Record<string, unknown> | null };

/** A SessionIO that records what the session reports. */
export class RecordingIO implements SessionIO {
  readonly log = silentLogger() as unknown as SessionIO['log'];
  readonly statuses: { status: SessionStatus; extra?: StatusExtra }[] = [];
  readonly inbounds: NormalizedMessage[] = [];
  readonly acks: [string, Ack][] = [];
  readonly edits: [string, string][] = [];
  readonly deletes: string[] = [];
  readonly presences: [string, PresenceState][] = [];
  readonly progress: { action: 'update' | 'refresh'; status?: { this: number; all: number; date?: string } }[] = [];
  readonly disconnects: DisconnectInfo[] = [];
  /** Messages core would find by wid (getMessage, quotes, keys). */
  readonly messages = new Map<string, Stored>();
  private waiters: (() => void)[] = [];

  constructor(
    readonly connection: ConnectionInfo = connectionInfo(),
    readonly authState: MemoryAuthStore = new MemoryAuthStore(),
  ) {}

  private changed(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  /** Resolves once `check` holds (re-checked after every report). */
  async until(check: () => boolean, what = 'condition'): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  get lastStatus(): SessionStatus | undefined {
    return this.statuses.at(-1)?.status;
  }

  async status(status: SessionStatus, extra?: StatusExtra): Promise<void> {
    this.statuses.push({ status, ...(extra ? { extra } : {}) });
    this.changed();
  }
  async inbound(message: NormalizedMessage): Promise<void> {
    this.inbounds.push(message);
    this.changed();
  }
  async ack(wid: string, ack: Ack): Promise<void> {
    this.acks.push([wid, ack]);
    this.changed();
  }
  async edited(wid: string, body: string): Promise<void> {
    this.edits.push([wid, body]);
    this.changed();
  }
  async deleted(wid: string): Promise<void> {
    this.deletes.push(wid);
    this.changed();
  }
  presence(peerId: string, state: PresenceState): void {
    this.presences.push([peerId, state]);
    this.changed();
  }
  importProgress(progress: { action: 'update' | 'refresh'; status?: { this: number; all: number; date?: string } }): void {
    this.progress.push(progress);
    this.changed();
  }
  disconnected(info: DisconnectInfo): void {
    this.disconnects.push(info);
    this.changed();
  }
  async findMessage(wid: string): Promise<Stored | null> {
    return this.messages.get(wid) ?? null;
  }
}
