import type { FlowGraph, FlowSimState, FlowSimStep, FlowSimulateInput, FlowSimulation } from '@guiche/contracts';
import { interpolate } from './interpolate.js';
import { advance, type Effects } from './machine.js';

const toRecord = (list: { name: string; value: string }[] = []) => Object.fromEntries(list.map((v) => [v.name, v.value]));
const toList = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value }));

/**
 * The editor's dry run: the same machine as a published run (machine.ts), with effects that only
 * write down what would happen: no message is sent, no row, timer, tag or counter is written and
 * no HTTP address is called (the node takes its success output, its map left empty). A go-to-flow
 * ends the simulation there.
 */
export async function simulate(graph: FlowGraph, input: FlowSimulateInput): Promise<FlowSimulation> {
  const start: FlowSimState = input.event.kind === 'start' || !input.state ? { nodeId: 'start', status: 'running', variables: [], attempts: 0 } : input.state;
  const steps: FlowSimStep[] = [];
  let at = start.nodeId;
  const facts = input.facts ?? {};
  const fx: Effects = {
    say: async (m) => void steps.push({ kind: 'message', nodeId: at, body: m.body, ...(m.media ? { media: m.media.file ? { url: '', type: m.media.type, fileName: m.media.file.fileName } : { url: m.media.url, type: m.media.type } } : {}), ...(m.typingSeconds ? { typingSeconds: m.typingSeconds } : {}) }),
    typing: async () => 'inline',
    timer: async (nodeId, minutes) => void steps.push({ kind: 'wait', nodeId, minutes }),
    cancelTimer: async () => undefined,
    count: async (nodeId, counter) => {
      if (counter === 'entered') at = nodeId;
    },
    switchFlow: async (flowId) => {
      steps.push({ kind: 'flow', nodeId: at, flowId });
      return null;
    },
    http: async (node, variables) => {
      steps.push({ kind: 'http', nodeId: node.id, method: node.data.method ?? 'GET', url: interpolate(node.data.url ?? '', variables) });
      return {};
    },
    tag: async (tagId, on) => {
      steps.push({ kind: 'tag', nodeId: at, tagId, on });
      return true;
    },
    facts: {
      channel: facts.channel ?? 'webchat',
      tagIds: async () => facts.tagIds ?? [],
      contact: async () => toRecord(facts.contact),
      withinHours: async () => facts.withinHours ?? true,
    },
  };
  const event = input.event.kind === 'timer' ? { kind: 'timer' as const, nodeId: start.nodeId } : input.event;
  const { state, outcome } = await advance(graph, { ...start, variables: toRecord(start.variables) }, event, fx);
  const transfer = typeof outcome === 'object' ? { queueId: outcome.transfer.queueId ?? null, userId: outcome.transfer.userId ?? null } : null;
  // A go-to-flow leaves this graph: the simulation of this flow ends there.
  const ended = steps.some((s) => s.kind === 'flow');
  return {
    state: { ...state, status: ended ? 'done' : state.status, variables: toList(state.variables) },
    outcome: ended ? 'flow' : transfer ? 'transfer' : (outcome as FlowSimulation['outcome']),
    transfer,
    steps,
  };
}
