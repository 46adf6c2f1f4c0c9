import type { Knex } from 'knex';
import { PlanFlags } from '@guiche/contracts';
import { hashPassword } from '../auth/password.js';

export const SUPER_COMPANY_ID = 1;
export const SUPER_COMPANY_DUE_DATE = '2999-12-31';

/**
 * First start: company 1 (the platform's own, never expires), a public plan with every module on,
 * and the super user. Idempotent: does nothing once company 1 exists.
 */
export async function seedFirstStart(db: Knex, superAdmin: { email: string; password: string }): Promise<boolean> {
  if (await db('companies').where({ id: SUPER_COMPANY_ID }).first('id')) return false;
  const passwordHash = await hashPassword(superAdmin.password);
  await db.transaction(async (trx) => {
    const flags = Object.fromEntries(PlanFlags.map((f) => [f, true]));
    const [plan] = await trx('plans')
      .insert({ name: 'Completo', users: 10, connections: 10, queues: 10, amount: 199.9, isPublic: true, ...flags })
      .onConflict('name')
      .merge()
      .returning('id');
    await trx('companies').insert({
      id: SUPER_COMPANY_ID,
      name: 'Guichê',
      email: superAdmin.email,
      planId: plan.id,
      status: true,
      dueDate: SUPER_COMPANY_DUE_DATE,
      recurrence: 'ANUAL',
    });
    // The explicit id above does not advance the sequence.
    await trx.raw("SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))");
    await trx('users').insert({
      companyId: SUPER_COMPANY_ID,
      name: 'Super Admin',
      email: superAdmin.email,
      passwordHash,
      profile: 'admin',
      super: true,
      showDashboard: true,
      allowRealTime: true,
      allowConnections: true,
    });
  });
  return true;
}
