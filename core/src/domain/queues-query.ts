import type { Knex } from 'knex';
import type { Queue } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { chatbotsOfQueues } from './queues-chatbots.js';

/** The queues with their users and their chatbot options trees (outreach-config.md §3 Queue). */
async function withUserIds(db: Knex, companyId: number, rows: Omit<Queue, 'userIds' | 'chatbots'>[]): Promise<Queue[]> {
  const links: { queueId: number; userId: number }[] = rows.length
    ? await db('userQueues').where({ companyId }).whereIn('queueId', rows.map((r) => r.id)).orderBy('userId').select('queueId', 'userId')
    : [];
  const chatbots = await chatbotsOfQueues(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => ({
    ...row,
    userIds: links.filter((l) => l.queueId === row.id).map((l) => l.userId),
    chatbots: chatbots.get(row.id) ?? [],
  }));
}

/** GET /queue: the company's queues by orderQueue (unset last), then name. */
export async function listQueues(db: Knex, companyId: number): Promise<Queue[]> {
  const rows = await db('queues')
    .where({ companyId })
    .orderBy([{ column: 'orderQueue', order: 'asc', nulls: 'last' }, { column: 'name' }, { column: 'id' }])
    .select('*');
  return withUserIds(db, companyId, rows);
}

export async function findQueue(db: Knex, companyId: number, id: number): Promise<Queue> {
  const row = await db('queues').where({ companyId, id }).first();
  if (!row) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
  return (await withUserIds(db, companyId, [row]))[0];
}
