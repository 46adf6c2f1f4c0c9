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
  await trx.raw("SELECT set_config('guiche.audit_purge', 'on', true)");
  const deleted = await trx('auditLogs').where('createdAt', '<', new Date(now.getTime() - retentionDays * DAY_MS)).delete();
  await trx.raw("SELECT set_config('guiche.audit_purge', 'off', true)");
  return deleted;
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
