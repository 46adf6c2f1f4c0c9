import type { Knex } from 'knex';
import type { PluginContext } from '@guiche/core';
import { clientOf, loadAccount, type CloudAccount } from './accounts.js';
import { fetchTemplates, storedFields } from './templates.js';

/** Timed-work kind of the daily template sync of a connection (key = connection id). */
export const TEMPLATES_SYNC_KIND = 'whatsappapi.templates-sync';
/** Core's connections API topic (core/src/connections/topics.ts): the connection is gone. */
const CONNECTION_DELETED = 'core.connection.deleted';
export const TEMPLATES_SYNC_DEFAULT_MS = 24 * 3_600_000;
const TABLE = 'whatsappCloudTemplates';

/** The period: the plugin's option, else WHATSAPPAPI_TEMPLATES_SYNC_MS, else a day (at least a minute). */
export function templatesSyncMs(option?: number): number {
  const fromEnv = Number(process.env.WHATSAPPAPI_TEMPLATES_SYNC_MS);
  const ms = option ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : TEMPLATES_SYNC_DEFAULT_MS);
  return Math.max(60_000, ms);
}

/**
 * Reads the WABA's templates from Graph (outside any transaction), then stores them in one short
 * transaction: each one upserted with its current status (a template Meta paused or disabled is no
 * longer APPROVED, so sends refuse it), those Graph no longer lists marked DELETED. Graph errors
 * reach the caller.
 */
export async function syncTemplates(db: Knex, account: CloudAccount): Promise<{ templates: number; approved: number }> {
  const listed = await fetchTemplates(clientOf(account), account.wabaId);
  const now = new Date();
  await db.transaction(async (trx) => {
    const rows = listed.map((t) => {
      const fields = storedFields(t);
      return {
        ...fields,
        variableNames: JSON.stringify(fields.variableNames),
        components: JSON.stringify(fields.components),
        connectionId: account.connectionId,
        companyId: account.companyId,
        syncedAt: now,
      };
    });
    if (rows.length) await trx(TABLE).insert(rows).onConflict(['connectionId', 'name', 'language']).merge();
    const gone = trx(TABLE).where({ connectionId: account.connectionId }).whereNot({ status: 'DELETED' });
    if (listed.length) gone.whereNot((q) => { for (const t of listed) q.orWhere({ name: t.name, language: t.language }); });
    await gone.update({ status: 'DELETED', syncedAt: now });
    await trx('whatsappCloudAccounts').where({ connectionId: account.connectionId }).update({ templatesSyncedAt: now });
  });
  return { templates: listed.length, approved: listed.filter((t) => t.status === 'APPROVED').length };
}

/** When the connection's templates were last synced (null: never). */
export async function templatesSyncedAt(db: Knex, connectionId: number): Promise<Date | null> {
  const row = await db('whatsappCloudAccounts').where({ connectionId }).first('templatesSyncedAt');
  return row?.templatesSyncedAt ? new Date(row.templatesSyncedAt) : null;
}

/** (Re)arms the connection's daily sync: at once when never synced, else a period after the last one. */
export async function scheduleTemplatesSync(ctx: Pick<PluginContext, 'timedWork' | 'db'>, account: Pick<CloudAccount, 'connectionId' | 'companyId'>, everyMs: number): Promise<void> {
  const last = await templatesSyncedAt(ctx.db, account.connectionId);
  const dueAt = last ? new Date(last.getTime() + everyMs) : new Date();
  await ctx.timedWork.schedule({ kind: TEMPLATES_SYNC_KIND, key: String(account.connectionId), companyId: account.companyId, dueAt, payload: { connectionId: account.connectionId } });
}

/**
 * The daily sync: one durable timer per connection, claimed once across nodes and moved on a
 * period in the claim's transaction; the Graph read runs after that commit (no row lock nor pooled
 * connection held while Meta answers). A failure (token revoked, Meta down) is logged and tried
 * next period; an admin can sync at once (POST /whatsappapi/:id/templates/sync). Deleting the
 * connection cancels it; one whose bus message was missed ends at its next run, finding no account.
 */
export function defineTemplatesSync(ctx: PluginContext, everyMs: number): void {
  ctx.timedWork.define<{ connectionId: number }>(TEMPLATES_SYNC_KIND, async (job) => {
    const account = await loadAccount(job.trx, job.payload.connectionId);
    if (!account) return;
    job.afterCommit(async () => {
      await syncTemplates(ctx.db, account).catch((err: unknown) => ctx.log.warn({ err, connectionId: account.connectionId }, 'whatsappapi: template sync failed; tried again next period'));
    });
    return { rescheduleAt: new Date(job.now.getTime() + everyMs) };
  });
  ctx.bus.subscribe<{ connectionId: number }>(CONNECTION_DELETED, async ({ payload }) => {
    await ctx.timedWork.cancel(TEMPLATES_SYNC_KIND, String(payload.connectionId));
  });
}
