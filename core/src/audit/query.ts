import type { Knex } from 'knex';
import type { AuditFacets, AuditQuery, AuditRecord } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';

export const AUDIT_PAGE_SIZE = 50;
/** An export stops here: a larger period is exported in parts. */
export const AUDIT_EXPORT_MAX = 50000;

/** The rows the caller may read, filtered: an admin only its company's, a super user all (or one company's). */
export function auditRows(db: Knex, auth: AuthUser, query: AuditQuery): Knex.QueryBuilder {
  const rows = db('auditLogs');
  if (!auth.super) rows.where({ companyId: auth.companyId });
  else if (query.companyId === 0) rows.whereNull('companyId');
  else if (query.companyId !== undefined) rows.where({ companyId: query.companyId });
  if (query.userId) rows.where({ userId: query.userId });
  if (query.entity) rows.where({ entity: query.entity });
  if (query.action) rows.where({ action: query.action });
  if (query.from) rows.where('createdAt', '>=', db.raw("(?::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'", [query.from]));
  if (query.to) rows.where('createdAt', '<', db.raw("((?::date) + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'", [query.to]));
  return rows;
}

export async function auditPage(db: Knex, auth: AuthUser, query: AuditQuery) {
  const offset = (query.pageNumber - 1) * AUDIT_PAGE_SIZE;
  const records: AuditRecord[] = await auditRows(db, auth, query).clone().orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(AUDIT_PAGE_SIZE + 1).offset(offset).select();
  const hasMore = records.length > AUDIT_PAGE_SIZE;
  return { records: records.slice(0, AUDIT_PAGE_SIZE), hasMore };
}

/** The filter lists: users who appear in the caller's rows, entities and actions. */
export async function auditFacets(db: Knex, auth: AuthUser): Promise<AuditFacets> {
  const base = auditRows(db, auth, { pageNumber: 1 });
  const [users, entities, actions] = await Promise.all([
    base.clone().whereNotNull('userId').distinct('userId', 'userName').orderBy('userName'),
    base.clone().distinct('entity').orderBy('entity').pluck('entity'),
    base.clone().distinct('action').orderBy('action').pluck('action'),
  ]);
  return { users: users.map((u: { userId: number; userName: string | null }) => ({ id: u.userId, name: u.userName })), entities, actions };
}
