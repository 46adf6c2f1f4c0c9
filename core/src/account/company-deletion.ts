import type { Knex } from 'knex';
import { CompanyDeletionEvent, Rooms, type CompanyDeletionStep } from '@guiche/contracts';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import { ConnectionTopics } from '../connections/topics.js';
import { withAuditDeletes } from '../audit/retention.js';
import type { CoreServices } from '../services.js';

export const COMPANY_DELETION_KIND = 'account.companyDeletion';

interface DeletionPayload {
  companyId: number;
  step: Exclude<CompanyDeletionStep, 'done'>;
}

/** Every table of the schema with a company_id column (plugins' too), but the timers' own table. */
async function companyTables(trx: Knex.Transaction): Promise<string[]> {
  const result = await trx.raw(
    `SELECT table_name FROM information_schema.columns
      WHERE column_name = 'company_id' AND table_schema = current_schema() AND table_name <> 'companies'
        AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = current_schema())`,
  );
  return (result.rows as { table_name: string }[]).map((r) => r.table_name).sort();
}

/**
 * Deletes the company's rows of every table, then the company. Tables are emptied in any order;
 * one refused by a foreign key of a table not emptied yet is tried again after the others (each
 * attempt in its own savepoint), so no table needs to declare its order.
 */
async function deleteRows(trx: Knex.Transaction, companyId: number): Promise<void> {
  let pending = await companyTables(trx);
  while (pending.length) {
    const refused: string[] = [];
    for (const table of pending) {
      try {
        await trx.transaction(async (sp) => {
          await sp.raw('DELETE FROM ?? WHERE company_id = ?', [table, companyId]);
        });
      } catch (err) {
        if ((err as { code?: string }).code !== '23503') throw err;
        refused.push(table);
      }
    }
    if (refused.length === pending.length) throw new Error(`company ${companyId}: rows of ${refused.join(', ')} are held by foreign keys`);
    pending = refused;
  }
  await trx('companies').where({ id: companyId }).delete();
}

function announce(core: CoreServices, companyId: number, step: CompanyDeletionStep): void {
  core.realtime.emit(Rooms.company(SUPER_COMPANY_ID), CompanyDeletionEvent, { companyId, step });
}

/**
 * The background deletion (core timed work): step "media" removes the company's media folder,
 * step "rows" every row of the company in one transaction with the timer's claim. Each step is
 * idempotent and the timer survives a crash, so a killed node resumes where it stopped.
 */
export function defineCompanyDeletion(core: CoreServices): void {
  core.timedWork.define<DeletionPayload>(COMPANY_DELETION_KIND, async (job) => {
    const { companyId, step } = job.payload;
    if (companyId === SUPER_COMPANY_ID) return;
    if (step === 'media') {
      await core.storage.removePrefix(`company${companyId}/`);
      job.afterCommit(() => announce(core, companyId, 'media'));
      return { rescheduleAt: job.now, payload: { companyId, step: 'rows' } };
    }
    const connections: number[] = (await job.trx('whatsapps').where({ companyId }).pluck('id')).map(Number);
    await withAuditDeletes(job.trx, () => deleteRows(job.trx, companyId));
    job.afterCommit(async () => {
      for (const connectionId of connections) {
        core.connectionCache.invalidate(connectionId);
        await core.bus.publish(ConnectionTopics.deleted, { companyId, connectionId }, { companyId });
      }
      await core.tokens.changed({ companyId });
      announce(core, companyId, 'done');
    });
  });
}

/** Marks the company as being deleted (its users are logged out at once) and starts the work. */
export async function requestCompanyDeletion(core: CoreServices, companyId: number): Promise<boolean> {
  const started = await core.db.transaction(async (trx) => {
    const updated = await trx('companies').where({ id: companyId }).whereNull('deletingSince').update({ deletingSince: trx.fn.now(), status: false });
    if (!updated) return false;
    await core.timedWork.schedule<DeletionPayload>({ kind: COMPANY_DELETION_KIND, key: String(companyId), companyId: null, dueAt: new Date(), payload: { companyId, step: 'media' } }, trx);
    return true;
  });
  if (started) await core.tokens.changed({ companyId });
  return started;
}
