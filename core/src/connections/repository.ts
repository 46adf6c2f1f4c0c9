import type { Knex } from 'knex';
import type { Connection } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';

export const CONNECTIONS_TABLE = 'whatsapps';

type Row = Record<string, unknown> & { id: number; companyId: number };
type QueueRef = Connection['queues'][number];

/**
 * What a caller may read: the QR code and session only when asked and allowed. The API token is
 * never part of a connection (list, detail, socket events): admins read it through
 * GET /messages-api/connections/{id}/token only (#29).
 */
export interface ConnectionView {
  session: boolean;
  secrets: boolean;
}
export const FULL_VIEW: ConnectionView = { session: true, secrets: true };

/** The snake-case mapper reads max_use_bot_queues_nps back as ...Nps; the API spells it NPS. */
function toConnection(row: Row, queues: QueueRef[], view: ConnectionView): Connection {
  const { maxUseBotQueuesNps, expiresTicketNps, qrcode, session, token: _apiToken, ...rest } = row;
  const connection = { ...rest, maxUseBotQueuesNPS: maxUseBotQueuesNps, expiresTicketNPS: expiresTicketNps, queues } as Record<string, unknown>;
  if (view.secrets && view.session) Object.assign(connection, { qrcode, session });
  return connection as unknown as Connection;
}

async function queuesOf(db: Knex, ids: number[]): Promise<Map<number, QueueRef[]>> {
  const byConnection = new Map<number, QueueRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byConnection;
  const rows = await db('whatsappQueues')
    .join('queues', 'queues.id', 'whatsappQueues.queueId')
    .whereIn('whatsappQueues.whatsappId', ids)
    .orderBy('queues.name')
    .select('whatsappQueues.whatsappId', 'queues.id', 'queues.name', 'queues.color');
  for (const { whatsappId, ...queue } of rows) byConnection.get(whatsappId)?.push(queue);
  return byConnection;
}

export async function listConnections(db: Knex, companyId: number, view: ConnectionView): Promise<Connection[]> {
  const rows: Row[] = await db(CONNECTIONS_TABLE).where({ companyId }).orderBy([{ column: 'name' }, { column: 'id' }]);
  const queues = await queuesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toConnection(row, queues.get(row.id) ?? [], view));
}

/** The company's connection, or 404 ERR_NO_WAPP_FOUND (another company's id is simply not found). */
export async function findConnection(db: Knex, companyId: number, id: number, view: ConnectionView = FULL_VIEW): Promise<Connection> {
  const row: Row | undefined = await db(CONNECTIONS_TABLE).where({ companyId, id }).first();
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  const queues = await queuesOf(db, [row.id]);
  return toConnection(row, queues.get(row.id) ?? [], view);
}

/**
 * The connection a new outbound conversation uses: the user's own default connection when set,
 * else the company's default; 404 ERR_NO_DEF_WAPP_FOUND when the company has none.
 */
export async function getDefaultConnection(db: Knex, companyId: number, userId?: number): Promise<Connection> {
  if (userId) {
    const user = await db('users').where({ companyId, id: userId }).first('whatsappId');
    if (user?.whatsappId) return findConnection(db, companyId, user.whatsappId);
  }
  const row = await db(CONNECTIONS_TABLE).where({ companyId, isDefault: true }).first('id');
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
  return findConnection(db, companyId, row.id);
}
