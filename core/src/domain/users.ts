import type { Knex } from 'knex';
import type { SessionUser } from '@guiche/contracts';
import type { UsersService, UserSummary } from '../plugin-sdk/types.js';

const summaryColumns = ['id', 'name', 'email', 'profile', 'companyId', 'online', 'language'];

export function createUsersService(db: Knex): UsersService {
  return {
    async findMany(companyId, ids) {
      if (ids.length === 0) return [];
      return db('users').where({ companyId }).whereIn('id', ids).select(summaryColumns) as Promise<UserSummary[]>;
    },
    async findById(companyId, id) {
      return ((await db('users').where({ companyId, id }).first(summaryColumns)) as UserSummary | undefined) ?? null;
    },
  };
}

export async function loadSessionUser(db: Knex, userId: number, settings: Record<string, string>): Promise<SessionUser | null> {
  const row = await db('users').where({ id: userId }).first();
  if (!row) return null;
  const company = await db('companies').where({ id: row.companyId }).first('id', 'name', 'dueDate');
  const queues = await db('queues')
    .join('userQueues', 'userQueues.queueId', 'queues.id')
    .where('userQueues.userId', userId)
    .orderBy('queues.name')
    .select('queues.id', 'queues.name', 'queues.color');
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    companyId: row.companyId,
    language: row.language,
    profileImage: row.profileImage,
    defaultTheme: row.defaultTheme,
    defaultMenu: row.defaultMenu,
    showDashboard: row.showDashboard,
    allowRealTime: row.allowRealTime,
    allowConnections: row.allowConnections,
    allTicket: row.allTicket,
    allowGroup: row.allowGroup,
    startWork: row.startWork,
    endWork: row.endWork,
    farewellMessage: row.farewellMessage,
    whatsappId: row.whatsappId,
    queues,
    company: { id: company.id, name: company.name, dueDate: company.dueDate, companieSettings: settings },
  } as SessionUser;
}

/** A user row as the users API answers it: never the password hash. */
export function publicUser(row: Record<string, unknown>): Record<string, unknown> {
  const { passwordHash: _hash, tokenVersion: _version, ...rest } = row;
  return rest;
}
