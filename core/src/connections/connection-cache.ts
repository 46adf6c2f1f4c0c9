import type { Knex } from 'knex';
import { createKeyedCache } from '../cache/keyed-cache.js';
import type { Bus } from '../ports/types.js';
import { CONNECTIONS_TABLE } from './repository.js';
import { ConnectionTopics, type ConnectionsRestartPayload, type ConnectionTopicPayload } from './topics.js';

/** What ingest reads of a connection for every inbound message. */
export interface CachedConnection {
  id: number;
  companyId: number;
  channel: string;
  allowGroup: boolean;
  groupAsTicket: string;
  timeCreateNewTicket: number;
}

export interface ConnectionCache {
  /** The connection by id, or undefined when there is none (never cached). */
  get(id: number): Promise<CachedConnection | undefined>;
  /** Drops the connection here; the other nodes drop it on the ConnectionTopics the change publishes. */
  invalidate(id: number): void;
}

const CACHE_TTL_MS = 60000;
const COLUMNS = ['id', 'companyId', 'channel', 'allowGroup', 'groupAsTicket', 'timeCreateNewTicket'];

/**
 * Per-process cache of the connection rows ingest uses. The connections service invalidates a
 * connection locally when it updates or deletes it, and every node drops it on the bus topics
 * published for any change of a connection (update, delete, and the session status actions).
 */
export function createConnectionCache(db: Knex, bus: Bus): ConnectionCache {
  const cache = createKeyedCache<number, CachedConnection | undefined>({
    ttlMs: CACHE_TTL_MS,
    load: async (id) => db(CONNECTIONS_TABLE).where({ id }).first(COLUMNS),
    keep: (row) => row !== undefined,
  });
  for (const topic of [ConnectionTopics.updated, ConnectionTopics.deleted, ConnectionTopics.start, ConnectionTopics.newQr, ConnectionTopics.logout]) {
    bus.subscribe<ConnectionTopicPayload>(topic, (msg) => cache.invalidate(msg.payload.connectionId));
  }
  bus.subscribe<ConnectionsRestartPayload>(ConnectionTopics.restart, (msg) => {
    for (const id of msg.payload.connectionIds) cache.invalidate(id);
  });
  return { get: (id) => cache.get(id), invalidate: (id) => cache.invalidate(id) };
}
