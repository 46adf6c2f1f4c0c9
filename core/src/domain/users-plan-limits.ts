import type { Knex } from 'knex';
import { AppError } from '../plugin-sdk/types.js';

/** What a plan limit is decided from: the company's plan and its own maxima (account-admin.md §3). */
export interface LockedCompany {
  planId: number | null;
  numberAttendants: number | null;
  numberConections: number | null;
}

export type LimitedResource = 'users' | 'queues' | 'connections';

/** The company's own maximum that replaces its plan's for a resource, when set. */
const OWN_MAXIMUM: Partial<Record<LimitedResource, 'numberAttendants' | 'numberConections'>> = {
  users: 'numberAttendants',
  connections: 'numberConections',
};

/**
 * Locks the company row until the transaction ends, so concurrent writes that count a company's
 * users, queues or connections (plan limits, the greeting rule) run one after the other instead of
 * both seeing room for one more.
 */
export async function lockCompany(trx: Knex.Transaction, companyId: number): Promise<LockedCompany> {
  const company = await trx('companies').where({ id: companyId }).forUpdate().first('planId', 'numberAttendants', 'numberConections');
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  return company;
}

/**
 * The most users / queues / connections the company may have; 0 = unlimited. The company's own
 * numberAttendants / numberConections, when set, take the place of its plan's users / connections.
 */
export async function planMaximum(trx: Knex.Transaction, company: LockedCompany, resource: LimitedResource): Promise<number> {
  const ownColumn = OWN_MAXIMUM[resource];
  const own = ownColumn ? company[ownColumn] : null;
  if (own !== null && own !== undefined) return Number(own);
  if (!company.planId) return 0;
  const plan = await trx('plans').where({ id: company.planId }).first(resource);
  return Number(plan?.[resource] ?? 0);
}

/** Refuses one more row of `table` when the company already has its maximum (ERR_PLAN_LIMIT, 403). */
export async function assertPlanRoom(trx: Knex.Transaction, companyId: number, company: LockedCompany, resource: LimitedResource, table: string = resource): Promise<void> {
  const max = await planMaximum(trx, company, resource);
  if (max <= 0) return;
  const [{ count }] = await trx(table).where({ companyId }).count({ count: '*' });
  if (Number(count) >= max) throw new AppError('ERR_PLAN_LIMIT', 403, { limit: resource, max });
}
