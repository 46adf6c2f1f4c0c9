import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';

export const AUDIT_PURGE_KIND = 'audit.purge';
const AUDIT_PURGE_KEY = 'all';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes rows older than the retention, inside the claim's transaction: the only writer allowed
 * past the append-only trigger (it sets guiche.audit_purge for this transaction alone).
 */
export async function purgeAuditLogs(trx: Knex.Transaction, now: Date, retentionDays: number): Promise<number> {
  return withAuditDeletes(trx, () => trx('auditLogs').where('createdAt', '<', new Date(now.getTime() - retentionDays * DAY_MS)).delete());
}

/**
 * Runs `work` with audit rows deletable in this transaction alone: the retention purge, and the
 * deletion of a company, whose audit rows go with the rest of its data (the super user's own row
 * saying the company was deleted is not the company's and stays).
 */
export async function withAuditDeletes<T>(trx: Knex.Transaction, work: () => Promise<T>): Promise<T> {
  await trx.raw("SELECT set_config('guiche.audit_purge', 'on', true)");
  const result = await work();
  await trx.raw("SELECT set_config('guiche.audit_purge', 'off', true)");
  return result;
}

/** The daily purge as one timed-work row, claimed by one node, set again after each run. */
export function defineAuditRetention(core: CoreServices): void {
  core.timedWork.define(AUDIT_PURGE_KIND, async (job) => {
    const deleted = await purgeAuditLogs(job.trx, job.now, core.config.AUDIT_RETENTION_DAYS);
    if (deleted) core.log.info({ deleted }, 'audit rows past retention purged');
    return { rescheduleAt: new Date(job.now.getTime() + DAY_MS) };
  });
}

/** Makes sure the purge's row exists; a row already there keeps its due time. */
export async function scheduleAuditRetention(db: Knex): Promise<void> {
  await db('timedWork')
    .insert({ kind: AUDIT_PURGE_KIND, key: AUDIT_PURGE_KEY, companyId: null, dueAt: new Date(), payload: JSON.stringify({}) })
    .onConflict(['kind', 'key'])
    .ignore();
}
