import { AppError, type PluginContext, type WithinTransaction } from '@guiche/core';
import type { Knex } from 'knex';
import { FLOW_HANDLER } from './conversation.js';
import { FLOWS } from './flows.js';
import { takeSignature } from './hook-signatures.js';
import { RUNS, startRun, type RunRow } from './runs.js';
import { walk, type WalkDeps } from './walk.js';

type Ctx = Pick<PluginContext, 'db' | 'bot' | 'conversations' | 'connections' | 'plans'> & { walkDeps: WalkDeps };

async function liveFlow(trx: Knex.Transaction, companyId: number, flowId: number): Promise<{ id: number; liveVersionId: number }> {
  const flow = await trx(FLOWS).where({ companyId, id: flowId }).first('id', 'liveVersionId');
  if (!flow) throw new AppError('ERR_NO_FLOW_FOUND', 404);
  if (!flow.liveVersionId) throw new AppError('ERR_FLOW_NOT_PUBLISHED', 422);
  return flow;
}

/** In one transaction: the ticket goes to the flow, a run starts on the live version and walks to its first pause. */
async function startOn(ctx: Ctx, trx: Knex.Transaction, within: WithinTransaction, companyId: number, ticketId: number, flow: { id: number; liveVersionId: number }): Promise<void> {
  const ticket = await ctx.bot.claimTicket(within, { companyId, ticketId }, FLOW_HANDLER);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  await startRun(trx, { companyId, ticketId, flowId: flow.id, versionId: flow.liveVersionId });
  await ctx.bot.continueConversation(within, { companyId, ticketId }, async (current) => {
    const run: RunRow = await trx(RUNS).where({ ticketId, status: 'running' }).forUpdate().first();
    return walk(ctx.walkDeps, trx, within, run, current, { kind: 'start' });
  });
}

async function inTransaction(ctx: Ctx, fn: (trx: Knex.Transaction, within: WithinTransaction) => Promise<void>): Promise<void> {
  const after: (() => Promise<void> | void)[] = [];
  await ctx.db.transaction((trx) => fn(trx, { trx, afterCommit: (f) => void after.push(f) }));
  for (const f of after) await f();
}

/** An agent's "start flow" on a ticket they see (visibility checked by the route). */
export function startOnTicket(ctx: Ctx, companyId: number, flowId: number, ticketId: number): Promise<void> {
  return inTransaction(ctx, async (trx, within) => startOn(ctx, trx, within, companyId, ticketId, await liveFlow(trx, companyId, flowId)));
}

export interface HookFlow {
  id: number;
  companyId: number;
  liveVersionId: number | null;
}

/**
 * The flow's inbound webhook, once hook.ts verified the call: the number's conversation on the
 * connection (the company's default when none is given) is opened or reopened and the flow starts
 * on it, in the transaction that takes the call's signature (so a replay starts nothing). Answers
 * the ticket id.
 */
export async function startByHook(ctx: Ctx, flow: HookFlow, signature: string | null, input: { number: string; connectionId?: number }): Promise<{ ticketId: number }> {
  if (!flow.liveVersionId) throw new AppError('ERR_FLOW_NOT_PUBLISHED', 422);
  const live = { id: flow.id, liveVersionId: flow.liveVersionId };
  const connection = input.connectionId ? await ctx.connections.find(flow.companyId, input.connectionId) : await ctx.connections.defaultOf(flow.companyId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  let ticketId = 0;
  await inTransaction(ctx, async (trx, within) => {
    if (signature) await takeSignature(trx, flow.id, signature);
    const opened = await ctx.conversations.open({ companyId: flow.companyId, connectionId: connection.id, number: input.number.replace(/\D/g, '') }, within);
    ticketId = opened.ticketId;
    await startOn(ctx, trx, within, flow.companyId, opened.ticketId, live);
  });
  return { ticketId };
}
