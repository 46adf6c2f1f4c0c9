import type { PluginContext, WithinTransaction } from '@guiche/core';
import type { Knex } from 'knex';
import { count, RUNS, type RunRow } from '../runs.js';
import { walk, type WalkDeps } from '../walk.js';
import { callKey, HTTP_KIND, type HttpCallPayload } from './defer.js';
import { performHttpCall } from './request.js';

/**
 * The HTTP node as claimed-once work (docs/architecture.md, "Durable HTTP step"). Reaching the
 * node, the run waits on it and a timed-work row holding the prepared request is written in the
 * same transaction. A claim leases the row (the call's timeout + a margin) and makes the call after
 * the commit, outside any transaction; its result is recorded in one transaction that locks the
 * run, walks on from it and drops the row. A node killed mid-call leaves the row leased: when the
 * lease ends another claim calls again with the same Idempotency-Key (at least once to the
 * remote), while the run moves on only once (exactly once for the flow's messages, tags and
 * counters).
 */

/** Leases that ended without a recorded result before the error branch is taken without calling again. */
export const HTTP_MAX_CLAIMS = 3;
const LEASE_MARGIN_MS = 30_000;

type Ctx = Pick<PluginContext, 'db' | 'bot' | 'timedWork' | 'log'>;

const waitingOn = (trx: Knex.Transaction, p: HttpCallPayload) => trx(RUNS).where({ id: p.runId, companyId: p.companyId, status: 'waiting', nodeId: p.nodeId, httpCallId: p.callId });

/** The call's result, once: the run walks on from it while the flow holds the ticket, else it stops where it waits. */
async function record(ctx: Ctx, deps: WalkDeps, within: WithinTransaction, p: HttpCallPayload, values: Record<string, string> | null): Promise<void> {
  const { trx } = within;
  await deps.timedWork.cancel(HTTP_KIND, callKey(p.callId), trx);
  const outcome = await ctx.bot.continueConversation(within, { companyId: p.companyId, ticketId: p.ticketId }, async (ticket) => {
    const run: RunRow | undefined = await waitingOn(trx, p).forUpdate().first();
    if (!run) return 'continue';
    return walk(deps, trx, within, run, ticket, { kind: 'http', nodeId: p.nodeId, values });
  });
  if (outcome === 'skipped') {
    const stopped = await waitingOn(trx, p).update({ status: 'stopped', endedAt: trx.fn.now() }).returning('*');
    if (stopped[0]) await count(trx, stopped[0], stopped[0].nodeId, 'dropped');
  }
}

/** After the claim committed, outside any transaction: the call, then its result recorded. */
async function callAndRecord(ctx: Ctx, deps: WalkDeps, p: HttpCallPayload): Promise<void> {
  try {
    const values = await performHttpCall(p.call, deps.http);
    const after: (() => Promise<void> | void)[] = [];
    await ctx.db.transaction((trx) => record(ctx, deps, { trx, afterCommit: (fn) => void after.push(fn) }, p, values));
    for (const fn of after) await fn();
  } catch (err) {
    // The row stays leased: another claim calls again when the lease ends.
    ctx.log.warn({ err, runId: p.runId, nodeId: p.nodeId }, 'flow HTTP step not recorded; it runs again when its lease ends');
  }
}

export function defineHttpCalls(ctx: Ctx, deps: WalkDeps): void {
  ctx.timedWork.define<HttpCallPayload>(HTTP_KIND, async (job) => {
    const p = job.payload;
    if (!(await waitingOn(job.trx, p).first('id'))) return; // recorded already, or the run ended
    const claims = (p.claims ?? 0) + 1;
    if (claims > HTTP_MAX_CLAIMS) {
      ctx.log.error({ runId: p.runId, nodeId: p.nodeId, claims: p.claims }, 'flow HTTP step never recorded a result; it takes its error branch');
      await record(ctx, deps, { trx: job.trx, afterCommit: job.afterCommit }, p, null);
      return;
    }
    // Not awaited: other timers go on while the call is out.
    job.afterCommit(() => void callAndRecord(ctx, deps, p));
    return { rescheduleAt: new Date(job.now.getTime() + p.call.timeoutSeconds * 1000 + LEASE_MARGIN_MS), payload: { ...p, claims } };
  });
}
