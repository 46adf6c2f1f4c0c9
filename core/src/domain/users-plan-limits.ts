import type { Knex } from 'knex';
import { AppError } from '../plugin-sdk/types.js';

/**
 * Locks the company row until the transaction ends, so concurrent writes that count a company's
 * users or queues (plan limits, the greeting rule) run one after the other instead of both
 * seeing room for one more.
 */
export async function lockCompany(trx: Knex.Transaction, companyId: number): Promise<{ planId: number | null }> {
  const company = await trx('companies').where({ id: companyId }).forUpdate().first('planId');
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  return company;
}

/** The plan's users / queues value is a maximum when above 0 (0 = unlimited). */
export async function assertPlanRoom(trx: Knex.Transaction, companyId: number, planId: number | null, resource: 'users' | 'queues'): Promise<void> {
  if (!planId) return;
  const plan = await trx('plans').where({ id: planId }).first(resource);
  const max = Number(plan?.[resource] ?? 0);
  if (max <= 0) return;
  const [{ count }] = await trx(resource).where({ companyId }).count({ count: '*' });
  if (Number(count) >= max) throw new AppError('ERR_PLAN_LIMIT', 403, { limit: resource, max });
}
