import type { FlowGraph, FlowNode } from '@guiche/contracts';
import type { ConversationInput, ConversationOutcome, MessageSender, TimedWork, WithinTransaction } from '@guiche/core';
import type { Knex } from 'knex';
import { FLOWS } from './flows.js';
import { interpolate } from './interpolate.js';
import { count, RUNS, startRun, versionGraph, type RunRow } from './runs.js';

/** Nodes walked for one customer message at most (the validator already refuses loops without a pause). */
const MAX_STEPS = 200;
const QUEUE_VAR = 'flow.queueId';
const USER_VAR = 'flow.userId';

export interface WalkDeps {
  messages: MessageSender;
  timedWork: Pick<TimedWork, 'schedule' | 'cancel'>;
}

/** The timer of a run's wait or answer timeout (one per run: a later one replaces it). */
export const RESUME_KIND = 'flow-builder.resume';
export const resumeKey = (runId: number) => `run-${runId}`;
export interface ResumePayload {
  runId: number;
  ticketId: number;
  nodeId: string;
}

/** What moves a run: a customer's message, or the timer of the node it waits on. */
export type WalkEvent = { kind: 'message'; body: string } | { kind: 'timer'; nodeId: string } | { kind: 'start' };

type NodeOf<T extends FlowNode['type']> = Extract<FlowNode, { type: T }>;

const targetOf = (graph: FlowGraph, nodeId: string, handle: string): string | null =>
  graph.edges.find((e) => e.source === nodeId && e.sourceHandle === handle)?.target ?? null;

const menuText = (node: NodeOf<'menu'>, variables: Record<string, string>) =>
  [interpolate(node.data.text ?? '', variables), '', ...node.data.options.map((o, i) => `${i + 1} - ${o.label}`)].join('\n');

/** The option the answer names: its number, or its label (case and spacing aside). */
function pickOption(node: NodeOf<'menu'>, answer: string) {
  const text = answer.trim();
  if (/^\d{1,3}$/.test(text)) return node.data.options[Number(text) - 1];
  const wanted = text.toLocaleLowerCase();
  return node.data.options.find((o) => o.label.trim().toLocaleLowerCase() === wanted);
}

function conditionHolds(node: NodeOf<'condition'>, variables: Record<string, string>, ticket: ConversationInput['ticket']): boolean {
  const { subject, name, operator = 'equals', value = '' } = node.data;
  const actual = subject === 'answer' ? variables.answer : subject === 'variable' ? variables[name ?? ''] : subject === 'channel' ? ticket.channel : undefined;
  if (operator === 'exists') return Boolean(actual);
  if (actual === undefined) return false;
  const a = actual.trim().toLocaleLowerCase();
  const b = value.trim().toLocaleLowerCase();
  return operator === 'contains' ? a.includes(b) : a === b;
}

/**
 * One event (a customer's message or a timer) through the ticket's run, in one transaction: the
 * answer to (or the timer of) the node the run waits on, then every node up to the next pause or the end. Messages are written in the same
 * transaction and queued on the connection's ordered queue after it commits, so a crash before
 * the commit repeats nothing and a crash after it finds the run already moved on.
 */
export async function walk(deps: WalkDeps, trx: Knex.Transaction, within: WithinTransaction, run: RunRow, ticket: ConversationInput['ticket'], event: WalkEvent): Promise<ConversationOutcome> {
  let graph = await versionGraph(trx, run.companyId, run.versionId);
  const variables: Record<string, string> = { ...run.variables };
  let attempts = run.attempts;
  const say = (body: string) => deps.messages.send({ companyId: run.companyId, ticketId: ticket.id, userId: null, body }, within);
  const save = (change: Record<string, unknown>) => trx(RUNS).where({ id: run.id }).update({ variables: JSON.stringify(variables), attempts, updatedAt: trx.fn.now(), ...change });
  const finish = async (status: RunRow['status'], nodeId: string): Promise<void> => {
    await save({ status, nodeId, endedAt: trx.fn.now() });
  };
  const handOver = (): ConversationOutcome => {
    const queueId = variables[QUEUE_VAR] ? Number(variables[QUEUE_VAR]) : null;
    const userId = variables[USER_VAR] ? Number(variables[USER_VAR]) : null;
    return queueId || userId ? { transfer: { queueId, userId } } : 'handover';
  };
  const byId = (id: string) => graph?.nodes.find((n) => n.id === id);
  const timer = (nodeId: string, minutes: number) =>
    deps.timedWork.schedule<ResumePayload>(
      { kind: RESUME_KIND, key: resumeKey(run.id), companyId: run.companyId, dueAt: new Date(Date.now() + minutes * 60_000), payload: { runId: run.id, ticketId: ticket.id, nodeId } },
      trx,
    );

  if (!graph) {
    await finish('failed', run.nodeId);
    return 'handover';
  }
  if (ticket.userId && ticket.status === 'open') {
    // An agent accepted the ticket: the flow lets go of it.
    await count(trx, run, run.nodeId, 'dropped');
    await finish('stopped', run.nodeId);
    return 'handover';
  }

  let next: string | null = run.nodeId;
  if (run.status === 'waiting' && event.kind === 'timer') {
    const node = byId(run.nodeId);
    if (!node || node.id !== event.nodeId) return 'continue';
    await count(trx, run, node.id, 'completed');
    next = targetOf(graph, node.id, node.type === 'wait' ? 'next' : 'timeout');
  } else if (event.kind === 'timer') {
    return 'continue';
  } else if (event.kind === 'message' && run.status === 'waiting') {
    const node = byId(run.nodeId);
    const answer = event.body;
    if (node?.type === 'menu' || node?.type === 'question') await deps.timedWork.cancel(RESUME_KIND, resumeKey(run.id), trx);
    if (node?.type === 'menu') {
      const choice = pickOption(node, answer);
      if (choice) {
        variables.answer = choice.label;
        attempts = 0;
        await count(trx, run, node.id, 'completed');
        next = targetOf(graph, node.id, `option:${choice.id}`);
      } else if (attempts + 1 > (node.data.retries ?? 2)) {
        attempts = 0;
        await count(trx, run, node.id, 'completed');
        next = targetOf(graph, node.id, 'invalid');
      } else {
        attempts += 1;
        if (node.data.invalidText?.trim()) await say(interpolate(node.data.invalidText, variables));
        await say(menuText(node, variables));
        if (node.data.timeoutMinutes) await timer(node.id, node.data.timeoutMinutes);
        await save({});
        return 'continue';
      }
    } else if (node?.type === 'question') {
      const target = node.data.saveTo?.name ?? 'answer';
      variables[node.data.saveTo?.kind === 'contactField' ? `contact.${target}` : target] = answer;
      variables.answer = answer;
      await count(trx, run, node.id, 'completed');
      next = targetOf(graph, node.id, 'next');
    } else {
      // Waiting on the clock: the customer's message is for the agents, not the flow.
      return 'continue';
    }
  }

  for (let steps = 0; steps < MAX_STEPS; steps++) {
    if (!next) {
      await finish('done', run.nodeId);
      return handOver();
    }
    const node = byId(next);
    if (!node) {
      await finish('failed', next);
      return 'handover';
    }
    await count(trx, run, node.id, 'entered');
    const go = async (handle: string) => {
      await count(trx, run, node.id, 'completed');
      next = targetOf(graph!, node.id, handle);
    };
    switch (node.type) {
      case 'start':
        await go('next');
        break;
      case 'message':
        if (node.data.text?.trim()) await say(interpolate(node.data.text, variables));
        await go('next');
        break;
      case 'menu':
        await say(menuText(node, variables));
        attempts = 0;
        if (node.data.timeoutMinutes) await timer(node.id, node.data.timeoutMinutes);
        await save({ status: 'waiting', nodeId: node.id });
        return 'continue';
      case 'question':
        await say(interpolate(node.data.text ?? '', variables));
        if (node.data.timeoutMinutes) await timer(node.id, node.data.timeoutMinutes);
        await save({ status: 'waiting', nodeId: node.id });
        return 'continue';
      case 'wait':
        await timer(node.id, node.data.minutes ?? 1);
        await save({ status: 'waiting', nodeId: node.id });
        return 'continue';
      case 'condition':
        await go(conditionHolds(node, variables, ticket) ? 'true' : 'false');
        break;
      case 'setQueue':
        variables[QUEUE_VAR] = String(node.data.queueId ?? '');
        await go('next');
        break;
      case 'assign':
        if (node.data.userId) variables[USER_VAR] = String(node.data.userId);
        await go('next');
        break;
      case 'ticket':
        if (node.data.action === 'close') {
          await count(trx, run, node.id, 'completed');
          await finish('done', node.id);
          return 'close';
        }
        await go('next');
        break;
      case 'goToFlow': {
        const target = await trx(FLOWS).where({ companyId: run.companyId, id: node.data.flowId ?? 0 }).whereNotNull('liveVersionId').first('id', 'liveVersionId');
        if (!target) {
          await count(trx, run, node.id, 'errors');
          await finish('failed', node.id);
          return 'handover';
        }
        await count(trx, run, node.id, 'completed');
        await finish('done', node.id);
        await startRun(trx, { companyId: run.companyId, ticketId: ticket.id, flowId: target.id, versionId: target.liveVersionId });
        run = (await trx(RUNS).where({ ticketId: ticket.id, status: 'running' }).first()) as RunRow;
        graph = await versionGraph(trx, run.companyId, run.versionId);
        await save({ variables: JSON.stringify(variables) });
        next = 'start';
        break;
      }
      case 'end':
        await count(trx, run, node.id, 'completed');
        await finish('done', node.id);
        return handOver();
      default:
        // Tags and HTTP are not run yet: a human takes the ticket rather than a step being skipped.
        await count(trx, run, node.id, 'errors');
        await finish('failed', node.id);
        return handOver();
    }
    await save({ nodeId: next ?? node.id });
  }
  await finish('failed', run.nodeId);
  return 'handover';
}
