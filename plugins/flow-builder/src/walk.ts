import type { ConversationInput, ConversationOutcome, Conversations, MessageSender, PluginContext, TimedWork, WithinTransaction } from '@guiche/core';
import type { Knex } from 'knex';
import { FLOWS } from './flows.js';
import { deferHttpCall } from './http/defer.js';
import type { HttpNodeConfig } from './http/request.js';
import { advance, type Effects, type OutMessage, type RunState, type WalkEvent } from './machine.js';
import { cloudWindow } from './cloud-window.js';
import { fetchMedia } from './media.js';
import { storedMedia } from './media-files.js';
import { count, RUNS, startRun, versionGraph, type RunRow } from './runs.js';

export type { WalkEvent } from './machine.js';

export interface WalkDeps {
  messages: MessageSender;
  timedWork: Pick<TimedWork, 'schedule' | 'cancel'>;
  tickets: Pick<PluginContext['tickets'], 'facts' | 'setTag'>;
  storage: PluginContext['storage'];
  http: HttpNodeConfig;
  channels: Pick<PluginContext['channels'], 'presence'>;
  /** The contact's 24-hour window on WhatsApp Cloud API connections. */
  conversations: Pick<Conversations, 'lastInbound'>;
  log?: PluginContext['log'];
}

/** The timer of a run's wait or answer timeout (one per run: a later one replaces it). */
export const RESUME_KIND = 'flow-builder.resume';
export const resumeKey = (runId: number) => `run-${runId}`;
export interface ResumePayload {
  runId: number;
  ticketId: number;
  nodeId: string;
}

/**
 * One event (a customer's message or a timer) through the ticket's run, in one transaction
 * (machine.ts walks; this gives it rows, messages and timers). Messages are written in the same
 * transaction and queued on the connection's ordered queue after it commits, so a crash before
 * the commit repeats nothing and a crash after it finds the run already moved on.
 */
export async function walk(deps: WalkDeps, trx: Knex.Transaction, within: WithinTransaction, start: RunRow, ticket: ConversationInput['ticket'], event: WalkEvent): Promise<ConversationOutcome> {
  let run = start;
  const graph = await versionGraph(trx, run.companyId, run.versionId);
  const save = (state: RunState) =>
    trx(RUNS)
      .where({ id: run.id })
      .update({ variables: JSON.stringify(state.variables), attempts: state.attempts, status: state.status, nodeId: state.nodeId, updatedAt: trx.fn.now(), ...(state.status === 'waiting' || state.status === 'running' ? {} : { endedAt: trx.fn.now() }) });

  if (!graph) {
    await save({ ...run, status: 'failed' });
    return 'handover';
  }
  if (ticket.userId && ticket.status === 'open') {
    // An agent accepted the ticket: the flow lets go of it.
    await count(trx, run, run.nodeId, 'dropped');
    await save({ ...run, status: 'stopped' });
    return 'handover';
  }
  const ref = { companyId: run.companyId, ticketId: ticket.id };
  let facts: Awaited<ReturnType<WalkDeps['tickets']['facts']>> | undefined;
  const known = async () => (facts ??= await deps.tickets.facts(trx, ref));

  const closedWindow = cloudWindow(deps.conversations, trx, ticket);
  const say = async (message: OutMessage) => {
    const template = await closedWindow(message);
    if (template) return void (await deps.messages.send({ companyId: run.companyId, ticketId: ticket.id, userId: null, ...template }, within));
    const m = message.media;
    const media = m?.file ? await storedMedia(deps, run.companyId, m.file) : m?.url ? await fetchMedia(deps, run.companyId, { url: m.url, type: m.type }, deps.http) : undefined;
    await deps.messages.send({ companyId: run.companyId, ticketId: ticket.id, userId: null, body: message.body, media }, within);
  };
  const resumeAt = (nodeId: string, ms: number) =>
    deps.timedWork.schedule<ResumePayload>({ kind: RESUME_KIND, key: resumeKey(run.id), companyId: run.companyId, dueAt: new Date(Date.now() + ms), payload: { runId: run.id, ticketId: ticket.id, nodeId } }, trx);
  const fx: Effects = {
    say,
    async typing(nodeId, seconds) {
      // The delay is the run's timer (durable); "typing…" goes on the connection's ordered queue once this walk commits.
      await resumeAt(nodeId, seconds * 1000);
      within.afterCommit(() =>
        deps.channels.presence({ companyId: run.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId }, 'composing').catch((err: unknown) => deps.log?.warn({ err, ticketId: ticket.id }, 'typing not shown')),
      );
      return 'deferred';
    },
    timer: (nodeId, minutes) => resumeAt(nodeId, minutes * 60_000),
    cancelTimer: async () => void (await deps.timedWork.cancel(RESUME_KIND, resumeKey(run.id), trx)),
    count: (nodeId, counter) => count(trx, run, nodeId, counter),
    async switchFlow(flowId, state) {
      const target = await trx(FLOWS).where({ companyId: run.companyId, id: flowId }).whereNotNull('liveVersionId').first('id', 'liveVersionId');
      const targetGraph = target ? await versionGraph(trx, run.companyId, target.liveVersionId) : undefined;
      if (!target || !targetGraph) return null;
      await save(state);
      await startRun(trx, { companyId: run.companyId, ticketId: ticket.id, flowId: target.id, versionId: target.liveVersionId });
      run = (await trx(RUNS).where({ ticketId: ticket.id, status: 'running' }).first()) as RunRow;
      return targetGraph;
    },
    http: (node, variables) => deferHttpCall(deps, trx, run, ticket.id, node, variables),
    tag: (tagId, on) => deps.tickets.setTag(within, ref, tagId, on),
    facts: {
      channel: ticket.channel,
      tagIds: async () => (await known())?.tagIds ?? [],
      contact: async () => (await known())?.contact ?? {},
      withinHours: async () => (await known())?.withinHours ?? true,
    },
  };
  const { state, outcome, error } = await advance(graph, { nodeId: run.nodeId, status: run.status, variables: run.variables, attempts: run.attempts }, event, fx);
  await save(state);
  if (error) {
    await trx(RUNS).where({ id: run.id }).update({ error });
    deps.log?.warn({ companyId: run.companyId, ticketId: ticket.id, runId: run.id, nodeId: state.nodeId, code: error }, 'flow step refused: the ticket goes to the agents');
  }
  return outcome;
}
