import type { Knex } from 'knex';
import type { ConnectionService, ConnectionSummary } from '../plugin-sdk/connections.js';
import type { Bus } from '../plugin-sdk/ports.js';
import { generateConnectionToken } from './token.js';
import { ConnectionTopics } from './topics.js';

const COLUMNS = ['id', 'companyId', 'name', 'channel', 'status', 'isDefault'] as const;

/** ctx.connections: core's `whatsapps` rows as ConnectionSummary, scoped to a company except by token. */
export function createConnectionService(db: Knex, bus: Bus): ConnectionService {
  const reader = (within?: { trx: Knex.Transaction }) => within?.trx ?? db;
  const one = async (query: Knex.QueryBuilder): Promise<ConnectionSummary | null> => ((await query.first(...COLUMNS)) as ConnectionSummary | undefined) ?? null;
  return {
    find: (companyId, id, within) => one(reader(within)('whatsapps').where({ id, companyId })),
    async findMany(companyId, ids, within) {
      if (!ids.length) return [];
      return reader(within)('whatsapps').where({ companyId }).whereIn('id', [...ids]).orderBy('id').select(...COLUMNS);
    },
    async connected(companyId, channels, within) {
      const q = reader(within)('whatsapps').where({ companyId, status: 'CONNECTED' }).orderBy([{ column: 'isDefault', order: 'desc' }, { column: 'id' }]);
      if (channels?.length) q.whereIn('channel', [...channels]);
      return q.select(...COLUMNS);
    },
    defaultOf: (companyId, within) => one(reader(within)('whatsapps').where({ companyId, isDefault: true })),
    byToken: (token) => one(db('whatsapps').where({ token })),
    async apiToken(companyId, id) {
      const row: { token: string } | undefined = await db('whatsapps').where({ id, companyId }).whereNot({ channel: 'webchat' }).first('token');
      return row?.token ?? null;
    },
    async start(companyId, id) {
      const updated = await db('whatsapps').where({ id, companyId }).update({ status: 'OPENING', updatedAt: db.fn.now() });
      if (updated) await bus.publish(ConnectionTopics.start, { companyId, connectionId: id }, { companyId });
      return updated > 0;
    },
    async rotateApiToken(companyId, id) {
      const token = generateConnectionToken();
      const updated = await db('whatsapps').where({ id, companyId }).whereNot({ channel: 'webchat' }).update({ token, updatedAt: db.fn.now() });
      return updated ? token : null;
    },
  };
}
