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
  /** What the bot reads (core/src/bot): its messages, limits, timers and the connection's queues by orderQueue. */
  name: string;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  inactiveMessage: string | null;
  expiresInactiveMessage: string | null;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  whenExpiresTicket: number;
  timeInactiveMessage: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  maxUseBotQueuesNPS: number;
  expiresTicketNPS: number;
  integrationId: number | null;
  promptId: number | null;
  schedules: { weekdayEn: string; startTimeA: string; endTimeA: string; startTimeB: string; endTimeB: string }[];
  queueIds: number[];
}

export interface ConnectionCache {
  /** The connection by id, or undefined when there is none (never cached). */
  get(id: number): Promise<CachedConnection | undefined>;
  /** Drops the connection here; the other nodes drop it on the ConnectionTopics the change publishes. */
  invalidate(id: number): void;
}

const CACHE_TTL_MS = 60000;
const COLUMNS = [
  'id', 'companyId', 'channel', 'allowGroup', 'groupAsTicket', 'timeCreateNewTicket', 'name', 'greetingMessage', 'complationMessage',
  'outOfHoursMessage', 'ratingMessage', 'inactiveMessage', 'expiresInactiveMessage', 'maxUseBotQueues', 'timeUseBotQueues', 'expiresTicket',
  'whenExpiresTicket', 'timeInactiveMessage', 'timeSendQueue', 'sendIdQueue', 'maxUseBotQueuesNps', 'expiresTicketNps', 'integrationId',
  'promptId', 'schedules',
];

/** The connection's queues in menu order, in the same statement. */
function queueIdsOf(db: Knex) {
  return db.raw(
    `coalesce((select array_agg(q.id order by q.order_queue asc nulls last, q.name, q.id) from whatsapp_queues wq
      join queues q on q.id = wq.queue_id where wq.whatsapp_id = whatsapps.id), '{}') as queue_ids`,
  );
}

/**
 * Per-process cache of the connection rows ingest uses. The connections service invalidates a
 * connection locally when it updates or deletes it, and every node drops it on the bus topics
 * published for any change of a connection (update, delete, and the session status actions).
 */
export function createConnectionCache(db: Knex, bus: Bus): ConnectionCache {
  const cache = createKeyedCache<number, CachedConnection | undefined>({
    ttlMs: CACHE_TTL_MS,
    load: async (id) => {
      const row = await db(CONNECTIONS_TABLE).where({ id }).first([...COLUMNS, queueIdsOf(db)]);
      if (!row) return undefined;
      const { maxUseBotQueuesNps, expiresTicketNps, ...rest } = row;
      return { ...rest, maxUseBotQueuesNPS: maxUseBotQueuesNps, expiresTicketNPS: expiresTicketNps, queueIds: (row.queueIds ?? []).map(Number) };
    },
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
