import type { PluginContext } from '@guiche/core';
import { clientOf, loadAccount, type CloudAccount } from './accounts.js';
import { publishStanding, readNumber, readPortfolio, standingOf, storeStanding } from './standing.js';

/** Timed-work kind of the periodic Graph re-read of a connection's standing (key = connection id). */
export const STANDING_REFRESH_KIND = 'whatsappapi.standing-refresh';
/** Core's connections API topic (core/src/connections/topics.ts): the connection is gone. */
const CONNECTION_DELETED = 'core.connection.deleted';
/** Default period: a webhook or bus message lost on the way is corrected within it. */
export const STANDING_REFRESH_DEFAULT_MS = 6 * 3_600_000;

/** The period: the plugin's option, else WHATSAPPAPI_STANDING_REFRESH_MS, else 6 hours (at least a minute). */
export function standingRefreshMs(option?: number): number {
  const fromEnv = Number(process.env.WHATSAPPAPI_STANDING_REFRESH_MS);
  const ms = option ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : STANDING_REFRESH_DEFAULT_MS);
  return Math.max(60_000, ms);
}

/** (Re)arms the connection's re-read one period after a read (the session's start just read it). */
export function scheduleStandingRefresh(ctx: Pick<PluginContext, 'timedWork'>, account: Pick<CloudAccount, 'connectionId' | 'companyId'>, everyMs: number, from = new Date()): Promise<void> {
  return ctx.timedWork.schedule({ kind: STANDING_REFRESH_KIND, key: String(account.connectionId), companyId: account.companyId, dueAt: new Date(from.getTime() + everyMs), payload: { connectionId: account.connectionId } });
}

/** One re-read: Graph first, outside any transaction; then a short transaction stores what changed. */
async function rereadStanding(ctx: PluginContext, account: CloudAccount): Promise<void> {
  const client = clientOf(account);
  let info;
  try {
    info = await readNumber(client, account.phoneNumberId);
  } catch (err) {
    ctx.log.warn({ err, connectionId: account.connectionId }, 'whatsappapi: periodic standing read failed; tried again next period');
    return;
  }
  const portfolioId = await readPortfolio(client, account.wabaId);
  const note = await ctx.db.transaction((trx) => storeStanding(trx, account, { ...standingOf(info), portfolioId }, 'graph_refresh', { onlyOnChange: true }));
  if (note) await publishStanding(ctx, note);
}

/**
 * The periodic re-read (issue #31): one durable timer per connection, claimed once across nodes,
 * moved on by a period in the claim's transaction; the Graph reads run after that commit, so a slow
 * Graph holds no row lock nor pooled connection. The standing is stored (a row locked only for the
 * write) and STANDING_TOPIC published only when something changed. A Graph failure (token revoked,
 * Meta down), or a node that dies before its read, leaves the read to the next period: the
 * session's own start and Meta's webhooks read it too. Deleting the connection cancels its timer;
 * one whose bus message was missed ends at its next run, finding no account.
 */
export function defineStandingRefresh(ctx: PluginContext, everyMs: number): void {
  ctx.timedWork.define<{ connectionId: number }>(STANDING_REFRESH_KIND, async (job) => {
    const account = await loadAccount(job.trx, job.payload.connectionId);
    if (!account) return;
    job.afterCommit(() => rereadStanding(ctx, account));
    return { rescheduleAt: new Date(job.now.getTime() + everyMs) };
  });
  ctx.bus.subscribe<{ connectionId: number }>(CONNECTION_DELETED, async ({ payload }) => {
    await ctx.timedWork.cancel(STANDING_REFRESH_KIND, String(payload.connectionId));
  });
}
