import type { Knex } from 'knex';
import { USERS_PAGE_SIZE } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';
import { publicUser } from './users.js';

type Row = Record<string, unknown> & { id: number };
export interface QueueRef { id: number; name: string; color: string }

/** The queues of each user, one query for the whole page. */
export async function queuesByUser(db: Knex, companyId: number, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows: (QueueRef & { userId: number })[] = await db('userQueues')
    .join('queues', 'queues.id', 'userQueues.queueId')
    .where('userQueues.companyId', companyId)
    .whereIn('userQueues.userId', userIds)
    .orderBy('queues.name')
    .select('userQueues.userId', 'queues.id', 'queues.name', 'queues.color');
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

/** A user as the users API answers it: public fields and their queues. */
export async function userWithQueues(db: Knex, row: Row): Promise<Record<string, unknown>> {
  const queues = await queuesByUser(db, Number(row.companyId), [row.id]);
  return { ...publicUser(row), queues: queues.get(row.id) ?? [] };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /users. Admins get every public field and may search by name or e-mail; a plain user (who
 * needs the list to transfer a ticket) gets only what identifies a colleague, searched by name.
 */
export async function listUsers(db: Knex, auth: AuthUser, query: { searchParam?: string; pageNumber: number }) {
  const isAdmin = auth.profile === 'admin' || auth.super;
  const base = db('users').where({ companyId: auth.companyId });
  if (query.searchParam) {
    const like = `%${likeEscape(query.searchParam)}%`;
    base.where((w) => {
      w.whereILike('name', like);
      if (isAdmin) w.orWhereILike('email', like);
    });
  }
  const offset = (query.pageNumber - 1) * USERS_PAGE_SIZE;
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: Row[] = await base.clone().orderBy([{ column: 'name' }, { column: 'id' }]).limit(USERS_PAGE_SIZE).offset(offset).select('*');
  const queues = await queuesByUser(db, auth.companyId, rows.map((r) => r.id));
  const users = rows.map((row) => {
    const shown = isAdmin ? publicUser(row) : { id: row.id, name: row.name, profile: row.profile, online: row.online, profileImage: row.profileImage };
    return { ...shown, queues: queues.get(row.id) ?? [] };
  });
  const total = Number(count);
  return { users, count: total, hasMore: offset + rows.length < total };
}
