import type { ConversationHandler, ConversationStarter, PluginContext } from '@guiche/core';
import type { TriggerCache } from './trigger-cache.js';
import { triggeredFlow } from './triggers.js';
import { campaignReplyFlow } from './campaign-replies.js';
import { ACTIVE, activeRun, count, RUNS, startRun } from './runs.js';
import { RESUME_KIND, walk, type ResumePayload, type WalkDeps } from './walk.js';

/** The conversation type of a ticket a flow holds (tickets.conversation_handler). */
export const FLOW_HANDLER = 'flow-builder';

/**
 * In the message's transaction: a campaign's flow waiting for this contact's reply, else a
 * trigger's flow, gets a run at its start and the ticket is claimed for the flow handler.
 */
export const flowStarter =
  (cache: TriggerCache): ConversationStarter =>
  async ({ trx, companyId, connectionId, ticket, newConversation, firstContact, message }) => {
    const hit = (await campaignReplyFlow(cache, { trx, companyId, connectionId, ticket })) ?? (await triggeredFlow(cache, trx, { companyId, connectionId, body: message.body, newConversation, firstContact }));
    if (!hit) return null;
    await startRun(trx, { companyId, ticketId: ticket.id, ...hit });
    return FLOW_HANDLER;
  };

/** Each customer message of a ticket the flow holds: its run walks on (walk.ts). */
export function flowHandler(ctx: Pick<PluginContext, 'db'>, deps: WalkDeps): ConversationHandler {
  return async (input) => {
    const after: (() => Promise<void> | void)[] = [];
    const outcome = await ctx.db.transaction(async (trx) => {
      const run = await activeRun(trx, input.companyId, input.ticket.id);
      if (!run) return 'handover' as const;
      return walk(deps, trx, { trx, afterCommit: (fn) => void after.push(fn) }, run, input.ticket, { kind: 'message', body: input.message.body });
    });
    for (const fn of after) await fn();
    return outcome;
  };
}

/**
 * A wait or an answer timeout comes due (a timed-work row: claimed once, survives kill -9): the
 * run walks on in the claim's transaction while the flow still holds the ticket; otherwise the
 * run is stopped where it was.
 */
export function defineResume(ctx: Pick<PluginContext, 'timedWork' | 'bot'>, deps: WalkDeps): void {
  ctx.timedWork.define<ResumePayload>(RESUME_KIND, async (job) => {
    const { trx } = job;
    const within = { trx, afterCommit: job.afterCommit };
    const companyId = job.companyId ?? 0;
    const outcome = await ctx.bot.continueConversation(within, { companyId, ticketId: job.payload.ticketId }, async (ticket) => {
      const run = await trx(RUNS).where({ id: job.payload.runId, companyId, status: 'waiting', nodeId: job.payload.nodeId }).forUpdate().first();
      if (!run) return 'continue';
      return walk(deps, trx, within, run, ticket, { kind: 'timer', nodeId: job.payload.nodeId });
    });
    if (outcome === 'skipped') {
      const stopped = await trx(RUNS).where({ id: job.payload.runId, companyId }).whereIn('status', ACTIVE).update({ status: 'stopped', endedAt: trx.fn.now() }).returning('*');
      if (stopped[0]) await count(trx, stopped[0], stopped[0].nodeId, 'dropped');
    }
  });
}
