import type { Readable } from 'node:stream';

/**
 * Ports: the kernel's outside-facing services. Each has an in-process driver (embedded default)
 * and a Redis-backed driver (production). Code above the ports never knows which one runs.
 */

export interface BusMessage<T = unknown> {
  topic: string;
  payload: T;
  /** The tenant the event belongs to (null for platform-wide events). */
  companyId: number | null;
  publishedAt: string;
}
export type BusHandler<T = unknown> = (message: BusMessage<T>) => void | Promise<void>;

export interface Bus {
  /** Delivers to every subscriber on every node (Redis pub/sub in production). */
  publish<T>(topic: string, payload: T, meta: { companyId: number | null }): Promise<void>;
  /** Returns an unsubscribe function. A throwing handler is logged, never breaks the publisher. */
  subscribe<T>(topic: string, handler: BusHandler<T>): () => void;
  close(): Promise<void>;
}

export interface JobOptions {
  /** Milliseconds to wait before the job runs. */
  delay?: number;
  /** Idempotency key: a second enqueue with the same id while the first is pending is ignored. */
  jobId?: string;
  attempts?: number;
  /** Base of the exponential backoff between attempts, ms. */
  backoffMs?: number;
}
export type JobHandler<T = unknown> = (data: T, meta: { attempt: number; jobId: string }) => Promise<void>;
export interface JobDefinition<T = unknown> {
  /** Per-queue concurrency; 1 keeps order. */
  concurrency?: number;
  handler: JobHandler<T>;
  /**
   * Called by the in-process driver on start: returns the jobs that must exist according to the
   * database (the database is the source of truth; queue jobs are triggers that can be rebuilt).
   */
  rehydrate?: () => Promise<{ data: T; opts?: JobOptions }[]>;
}
export interface Jobs {
  define<T>(queue: string, definition: JobDefinition<T>): void;
  enqueue<T>(queue: string, data: T, opts?: JobOptions): Promise<void>;
  /** Repeating job (BullMQ upsertJobScheduler): every ms, or a cron pattern in a timezone. */
  schedule<T>(schedulerId: string, queue: string, when: { every: number } | { pattern: string; tz?: string }, data: T): Promise<void>;
  unschedule(schedulerId: string, queue: string): Promise<void>;
  /** Start consuming (after all definitions). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface Lease {
  readonly key: string;
  /** False once renewal failed: the holder must stop the work it guards. */
  readonly held: boolean;
  release(): Promise<void>;
  onLost(cb: () => void): void;
}
export interface Leases {
  /** Null when another node holds it. Renewed automatically until released. */
  acquire(key: string, ttlMs?: number): Promise<Lease | null>;
  /** The keys nobody holds now (one round trip), so a watcher knows which ones to race for. */
  vacant(keys: string[]): Promise<string[]>;
  close(): Promise<void>;
}

export interface StoredFile {
  /** The storage key, e.g. company3/chats/uuid.png; served at /public/<path>. */
  path: string;
  size: number;
}
export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
  /** A strong validator of the content (quoted, as HTTP sends it). */
  etag: string;
}
/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}
/**
 * Media of every company (local folder or an S3-compatible bucket). Keys are `company<id>/...`;
 * any other key, or one with `.`/`..`/empty segments, backslashes or control characters, is
 * refused with StorageKeyError. Nobody reads a file by filesystem path: every byte goes through here.
 */
export interface Storage {
  save(companyId: number, folder: string, fileName: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile>;
  /** Null when there is no such file. */
  stat(path: string): Promise<StoredFileInfo | null>;
  /** The whole file; StorageNotFoundError when there is none. */
  read(path: string): Promise<Buffer<ArrayBuffer>>;
  /** The file, or the given bytes of it, as a stream; StorageNotFoundError when there is none. */
  stream(path: string, range?: ByteRange): Promise<Readable>;
  /** Removing a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** Removes every file whose key starts with the prefix (e.g. `company7/` when a company is deleted). */
  removePrefix(prefix: string): Promise<void>;
  /** URL the browser uses. */
  url(path: string): string;
}

export interface Realtime {
  /** Emit to one or more rooms (see Rooms in @guiche/contracts); fans out across nodes. */
  emit(rooms: string | string[], event: string, payload: unknown): void;
  /** Disconnect every socket of a user (e.g. logged in elsewhere). */
  disconnectUser(userId: number): Promise<void>;
}

export interface RateLimitHit {
  allowed: boolean;
  /** Requests left in the current window. */
  remaining: number;
  /** When refused: milliseconds until the window ends (the Retry-After). */
  retryAfterMs: number;
}
export interface RateLimits {
  /** Counts one request of `key` in the current fixed window of windowMs; refused past `limit`. */
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<RateLimitHit>;
}
