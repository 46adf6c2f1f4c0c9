import { flowMediaTypeOf, type FlowGraph, type FlowNode } from '@guiche/contracts';
import type { ConversationOutcome } from '@guiche/core';
import { interpolate } from './interpolate.js';
import type { Counter } from './runs.js';

/**
 * The walk of a flow, apart from where it runs: a published run (walk.ts: rows, messages, timers
 * in the event's transaction) and the editor's simulator (simulate.ts: nothing sent, nothing
 * stored) give the same machine their effects, so the simulator shows exactly what customers get.
 */

/** Nodes walked for one event at most (the validator already refuses loops without a pause). */
const MAX_STEPS = 200;
export const QUEUE_VAR = 'flow.queueId';
export const USER_VAR = 'flow.userId';

export interface RunState {
  nodeId: string;
  status: 'running' | 'waiting' | 'done' | 'stopped' | 'failed';
  variables: Record<string, string>;
  attempts: number;
}

/** What moves a run: a customer's message, the timer of the node it waits on, the recorded result of its HTTP node, or its start. */
export type WalkEvent =
  | { kind: 'message'; body: string }
  | { kind: 'timer'; nodeId: string }
  | { kind: 'http'; nodeId: string; values: Record<string, string> | null }
  | { kind: 'start' };

export interface OutMessage {
  body: string;
  /** A file uploaded for the node (sent from the company's storage), else a URL fetched at run time. */
  media?: { type: 'image' | 'audio' | 'video' | 'document' } & ({ file: { path: string; mimetype: string; fileName: string }; url?: undefined } | { url: string; file?: undefined });
  /** Seconds the customer sees "typing…" before this message. */
  typingSeconds?: number;
  /** The message node's Cloud API template (variables filled) for a closed 24-hour window. */
  template?: { name: string; language: string; variables: string[] };
}

export type NodeOf<T extends FlowNode['type']> = Extract<FlowNode, { type: T }>;

/** What the contact and ticket look like to a condition. */
export interface Facts {
  channel: string;
  tagIds(): Promise<number[]>;
  contact(): Promise<Record<string, string>>;
  withinHours(): Promise<boolean>;
}

export interface Effects {
  say(message: OutMessage): Promise<void>;
  /**
   * A message's typing delay before it is said: 'deferred' when the run waits on the message node
   * (the contact sees "typing…", the run's timer says it), 'inline' when the message is said now
   * with its `typingSeconds` (the simulator).
   */
  typing(nodeId: string, seconds: number): Promise<'deferred' | 'inline'>;
  /** The run's timer (a wait, or an answer's timeout) at `minutes` from now; one per run. */
  timer(nodeId: string, minutes: number): Promise<void>;
  cancelTimer(): Promise<void>;
  count(nodeId: string, counter: Counter): Promise<void>;
  /** The run ends here and one of the named flow's live version starts: its graph, or null when there is none. */
  switchFlow(flowId: number, state: RunState): Promise<FlowGraph | null>;
  /**
   * The HTTP node's request: the values its response map names, or null on any failure (the error
   * branch) — or 'deferred' when the call is durable work of its own: the run waits on the node
   * and goes on with a `{ kind: 'http' }` event carrying the recorded result.
   */
  http(node: NodeOf<'http'>, variables: Record<string, string>): Promise<Record<string, string> | null | 'deferred'>;
  /** A tag on or off the ticket: false when it could not be (not the company's). */
  tag(tagId: number, on: boolean): Promise<boolean>;
  facts: Facts;
}

export interface Advanced {
  state: RunState;
  outcome: ConversationOutcome;
  /** Why the run failed at its node (a StepRefused code: ERR_WINDOW_CLOSED, ERR_TEMPLATE_NOT_FOUND…). */
  error?: string;
}

/** The message node's text and media with the run's variables in them (null when it has neither). */
function messageOf(node: NodeOf<'message'>, variables: Record<string, string>): OutMessage | null {
  const { text, mediaUrl, mediaType, mediaFile, template } = node.data;
  const file = mediaFile?.path ? { path: mediaFile.path, mimetype: mediaFile.mimetype, fileName: mediaFile.fileName } : undefined;
  const media: OutMessage['media'] = file
    ? { file, type: flowMediaTypeOf(file.mimetype) }
    : !mediaFile && mediaUrl?.trim() && mediaType ? { url: interpolate(mediaUrl.trim(), variables), type: mediaType } : undefined;
  const closedWindow = template?.name ? { template: { name: template.name, language: template.language, variables: template.variables.map((v) => interpolate(v, variables)) } } : {};
  return text?.trim() || media ? { body: interpolate(text ?? '', variables), media, ...closedWindow } : null;
}

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

async function conditionHolds(node: NodeOf<'condition'>, variables: Record<string, string>, facts: Facts): Promise<boolean> {
  const { subject, name, operator = 'equals', value = '' } = node.data;
  if (subject === 'businessHours') return facts.withinHours();
  if (subject === 'tag') {
    const tagIds = await facts.tagIds();
    if (operator === 'exists') return tagIds.length > 0;
    return tagIds.includes(Number(value));
  }
  const actual =
    subject === 'answer' ? variables.answer
    : subject === 'variable' ? variables[name ?? '']
    : subject === 'channel' ? facts.channel
    : subject === 'contactField' ? ((await facts.contact())[name ?? ''] ?? variables[`contact.${name ?? ''}`])
    : undefined;
  if (operator === 'exists') return Boolean(actual);
  if (actual === undefined) return false;
  const a = actual.trim().toLocaleLowerCase();
  const b = value.trim().toLocaleLowerCase();
  return operator === 'contains' ? a.includes(b) : a === b;
}

function handOver(variables: Record<string, string>): ConversationOutcome {
  const queueId = variables[QUEUE_VAR] ? Number(variables[QUEUE_VAR]) : null;
  const userId = variables[USER_VAR] ? Number(variables[USER_VAR]) : null;
  return queueId || userId ? { transfer: { queueId, userId } } : 'handover';
}

/**
 * A step the channel cannot take now (fx.say on a WhatsApp Cloud API connection whose 24-hour
 * window is closed, with no template to say instead): the node counts an error, the run fails
 * there and the ticket goes to the agents.
 */
export class StepRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * One event through a run: the answer to (or the timer of) the node it waits on, then every node
 * up to the next pause or the end. Answers the run's new state and how the conversation goes on.
 */
export async function advance(initial: FlowGraph, start: RunState, event: WalkEvent, fx: Effects): Promise<Advanced> {
  let entered = start.nodeId;
  const tracked: Effects = { ...fx, count: (nodeId, counter) => ((entered = counter === 'entered' ? nodeId : entered), fx.count(nodeId, counter)) };
  try {
    return await advanceNodes(initial, start, event, tracked);
  } catch (err) {
    if (!(err instanceof StepRefused)) throw err;
    await fx.count(entered, 'errors');
    return { state: { ...start, nodeId: entered, status: 'failed' }, outcome: handOver(start.variables), error: err.code };
  }
}

async function advanceNodes(initial: FlowGraph, start: RunState, event: WalkEvent, fx: Effects): Promise<Advanced> {
  let graph = initial;
  const variables: Record<string, string> = { ...start.variables };
  let attempts = start.attempts;
  let current = start.nodeId;
  const byId = (id: string) => graph.nodes.find((n) => n.id === id);
  const state = (status: RunState['status'], nodeId = current): RunState => ({ nodeId, status, variables, attempts });
  const done = (status: RunState['status'], outcome: ConversationOutcome, nodeId = current): Advanced => ({ state: state(status, nodeId), outcome });

  /** The HTTP node's result: mapped into variables (success) or counted as an error; its output. */
  const settleHttp = async (node: NodeOf<'http'>, values: Record<string, string> | null) => {
    if (values) Object.assign(variables, values);
    else await fx.count(node.id, 'errors');
    await fx.count(node.id, 'completed');
    return targetOf(graph, node.id, values ? 'success' : 'error');
  };

  let next: string | null = start.nodeId;
  if (event.kind === 'http') {
    const node = start.status === 'waiting' ? byId(start.nodeId) : undefined;
    if (node?.type !== 'http' || node.id !== event.nodeId) return done(start.status, 'continue');
    next = await settleHttp(node, event.values);
  } else if (event.kind === 'timer') {
    const node = start.status === 'waiting' ? byId(start.nodeId) : undefined;
    if (!node || node.id !== event.nodeId) return done(start.status, 'continue');
    // A message's typing delay is over: it is said now.
    const message = node.type === 'message' ? messageOf(node, variables) : null;
    if (message) await fx.say(message);
    await fx.count(node.id, 'completed');
    next = targetOf(graph, node.id, node.type === 'wait' || node.type === 'message' ? 'next' : 'timeout');
  } else if (event.kind === 'message' && start.status === 'waiting') {
    const node = byId(start.nodeId);
    const answer = event.body;
    if (node?.type === 'menu' || node?.type === 'question') await fx.cancelTimer();
    if (node?.type === 'menu') {
      const choice = pickOption(node, answer);
      if (choice) {
        variables.answer = choice.label;
        attempts = 0;
        await fx.count(node.id, 'completed');
        next = targetOf(graph, node.id, `option:${choice.id}`);
      } else if (attempts + 1 > (node.data.retries ?? 2)) {
        attempts = 0;
        await fx.count(node.id, 'completed');
        next = targetOf(graph, node.id, 'invalid');
      } else {
        attempts += 1;
        if (node.data.invalidText?.trim()) await fx.say({ body: interpolate(node.data.invalidText, variables) });
        await fx.say({ body: menuText(node, variables) });
        if (node.data.timeoutMinutes) await fx.timer(node.id, node.data.timeoutMinutes);
        return done('waiting', 'continue');
      }
    } else if (node?.type === 'question') {
      const target = node.data.saveTo?.name ?? 'answer';
      variables[node.data.saveTo?.kind === 'contactField' ? `contact.${target}` : target] = answer;
      variables.answer = answer;
      await fx.count(node.id, 'completed');
      next = targetOf(graph, node.id, 'next');
    } else {
      // Waiting on the clock: the customer's message is for the agents, not the flow.
      return done('waiting', 'continue');
    }
  }

  for (let steps = 0; steps < MAX_STEPS; steps++) {
    if (!next) return done('done', handOver(variables));
    const node = byId(next);
    if (!node) return done('failed', 'handover', next);
    current = node.id;
    await fx.count(node.id, 'entered');
    const go = async (handle: string) => {
      await fx.count(node.id, 'completed');
      next = targetOf(graph, node.id, handle);
    };
    switch (node.type) {
      case 'start':
        await go('next');
        break;
      case 'message': {
        const message = messageOf(node, variables);
        const seconds = node.data.typingSeconds ?? 0;
        if (message && seconds > 0 && (await fx.typing(node.id, seconds)) === 'deferred') return done('waiting', 'continue');
        if (message) await fx.say(seconds > 0 ? { ...message, typingSeconds: seconds } : message);
        await go('next');
        break;
      }
      case 'menu':
        await fx.say({ body: menuText(node, variables) });
        attempts = 0;
        if (node.data.timeoutMinutes) await fx.timer(node.id, node.data.timeoutMinutes);
        return done('waiting', 'continue');
      case 'question':
        await fx.say({ body: interpolate(node.data.text ?? '', variables) });
        if (node.data.timeoutMinutes) await fx.timer(node.id, node.data.timeoutMinutes);
        return done('waiting', 'continue');
      case 'wait':
        await fx.timer(node.id, node.data.minutes ?? 1);
        return done('waiting', 'continue');
      case 'condition':
        await go((await conditionHolds(node, variables, fx.facts)) ? 'true' : 'false');
        break;
      case 'setQueue':
        variables[QUEUE_VAR] = String(node.data.queueId ?? '');
        await go('next');
        break;
      case 'assign':
        if (node.data.userId) variables[USER_VAR] = String(node.data.userId);
        await go('next');
        break;
      case 'setTag':
      case 'removeTag':
        if (!node.data.tagId || !(await fx.tag(node.data.tagId, node.type === 'setTag'))) {
          await fx.count(node.id, 'errors');
          return done('failed', handOver(variables));
        }
        await go('next');
        break;
      case 'http': {
        const values = await fx.http(node, variables);
        if (values === 'deferred') return done('waiting', 'continue');
        next = await settleHttp(node, values);
        break;
      }
      case 'ticket':
        if (node.data.action === 'close') {
          await fx.count(node.id, 'completed');
          return done('done', 'close');
        }
        await go('next');
        break;
      case 'goToFlow': {
        const target = node.data.flowId ? await fx.switchFlow(node.data.flowId, state('done')) : null;
        if (!target) {
          await fx.count(node.id, 'errors');
          return done('failed', 'handover');
        }
        graph = target;
        attempts = 0;
        next = 'start';
        break;
      }
      case 'end':
        await fx.count(node.id, 'completed');
        return done('done', handOver(variables));
    }
  }
  return done('failed', 'handover');
}
