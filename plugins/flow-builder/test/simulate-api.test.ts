import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import flowBuilder from '../src/plugin.js';

/** The simulator's dry run: the draft walked with typed answers; nothing sent, stored or called. */
let k: TestKernel;
let acme: TestCompany;
let other: TestCompany;
let flowId: number;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [flowBuilder] });
  acme = await k.createCompany();
  other = await k.createCompany();
});
afterAll(async () => k?.close());

const api = (method: string, path: string, body?: unknown, token = acme.admin.token) => k.api(method, path, { token, body });
const n = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, data }) as FlowGraph['nodes'][number];
const e = (source: string, sourceHandle: string, target: string) => ({ id: `${source}-${sourceHandle}`.replace(/:/g, '_'), source, sourceHandle, target });

const graph: FlowGraph = {
  nodes: [
    n('start', 'start'),
    n('hi', 'message', { text: 'Olá!', mediaUrl: 'https://example.com/logo.png', mediaType: 'image', typingSeconds: 2 }),
    n('menu', 'menu', { text: 'Escolha', options: [{ id: 'a', label: 'Pedido' }, { id: 'b', label: 'Humano' }], retries: 1, invalidText: 'Não entendi' }),
    n('ask', 'question', { text: 'Número?', saveTo: { kind: 'variable', name: 'pedido' } }),
    n('call', 'http', { method: 'GET', url: 'https://api.example.com/orders/{{pedido}}' }),
    n('tag', 'setTag', { tagId: 5 }),
    n('hours', 'condition', { subject: 'businessHours' }),
    n('wait', 'wait', { minutes: 30 }),
    n('bye', 'message', { text: 'Pedido {{pedido}} a caminho' }),
    n('queue', 'setQueue', { queueId: 3 }),
    n('end', 'end'),
  ],
  edges: [
    e('start', 'next', 'hi'), e('hi', 'next', 'menu'), e('menu', 'option:a', 'ask'), e('menu', 'option:b', 'queue'), e('menu', 'invalid', 'end'),
    e('ask', 'next', 'call'), e('call', 'success', 'tag'), e('call', 'error', 'end'), e('tag', 'next', 'hours'),
    e('hours', 'true', 'bye'), e('hours', 'false', 'wait'), e('wait', 'next', 'bye'), e('bye', 'next', 'end'), e('queue', 'next', 'end'),
  ],
};

describe('the simulator', () => {
  it('walks the draft with typed answers and jumped waits, and writes nothing', async () => {
    flowId = (await api('POST', '/flowbuilder', { name: 'Sim', graph })).body.id;
    const sim = async (body: unknown) => {
      const res = await api('POST', `/flowbuilder/${flowId}/simulate`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // The stored draft (no graph sent): greeting with its media and typing, then the menu.
    const first = await sim({ event: { kind: 'start' } });
    expect(first.steps).toEqual([
      { kind: 'message', nodeId: 'hi', body: 'Olá!', media: { url: 'https://example.com/logo.png', type: 'image' }, typingSeconds: 2 },
      { kind: 'message', nodeId: 'menu', body: 'Escolha\n\n1 - Pedido\n2 - Humano' },
    ]);
    expect(first).toMatchObject({ outcome: 'continue', state: { nodeId: 'menu', status: 'waiting' } });

    const wrong = await sim({ state: first.state, event: { kind: 'message', body: 'talvez' } });
    expect(wrong.steps.map((s: any) => s.body)).toEqual(['Não entendi', 'Escolha\n\n1 - Pedido\n2 - Humano']);
    const chosen = await sim({ state: wrong.state, event: { kind: 'message', body: '1' } });
    expect(chosen.steps).toEqual([{ kind: 'message', nodeId: 'ask', body: 'Número?' }]);
    // Out of hours: the HTTP call and the tag are only written down, then the wait.
    const answered = await sim({ state: chosen.state, event: { kind: 'message', body: '42' }, facts: { withinHours: false } });
    expect(answered.steps).toEqual([
      { kind: 'http', nodeId: 'call', method: 'GET', url: 'https://api.example.com/orders/42' },
      { kind: 'tag', nodeId: 'tag', tagId: 5, on: true },
      { kind: 'wait', nodeId: 'wait', minutes: 30 },
    ]);
    expect(answered.state).toMatchObject({ nodeId: 'wait', status: 'waiting' });
    expect(answered.state.variables).toContainEqual({ name: 'pedido', value: '42' });
    const jumped = await sim({ state: answered.state, event: { kind: 'timer' } });
    expect(jumped).toMatchObject({ outcome: 'handover', steps: [{ kind: 'message', body: 'Pedido 42 a caminho' }] });

    // The editor's unsaved graph is walked when sent: option 2 transfers to the queue.
    const edited = { ...graph, nodes: graph.nodes.map((x) => (x.id === 'hi' ? n('hi', 'message', { text: 'Oi (rascunho)' }) : x)) };
    const started = await sim({ graph: edited, event: { kind: 'start' } });
    expect(started.steps[0]).toEqual({ kind: 'message', nodeId: 'hi', body: 'Oi (rascunho)' });
    const human = await sim({ graph: edited, state: started.state, event: { kind: 'message', body: 'humano' } });
    expect(human).toMatchObject({ outcome: 'transfer', transfer: { queueId: 3, userId: null } });

    expect(await k.db('flowBuilderRuns').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await k.db('flowBuilderNodeCounters').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await k.db('messages').where({ companyId: acme.company.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('ends cleanly at a go-to-flow: the step names the other flow and nothing hands the ticket over', async () => {
    const target = (await api('POST', '/flowbuilder', { name: 'Outro' })).body.id;
    const jump: FlowGraph = { nodes: [n('start', 'start'), n('hi', 'message', { text: 'Vou te passar' }), n('jump', 'goToFlow', { flowId: target })], edges: [e('start', 'next', 'hi'), e('hi', 'next', 'jump')] };
    const res = await api('POST', `/flowbuilder/${flowId}/simulate`, { graph: jump, event: { kind: 'start' } });
    expect(res.body).toMatchObject({
      outcome: 'flow',
      transfer: null,
      state: { nodeId: 'jump', status: 'done' },
      steps: [{ kind: 'message', nodeId: 'hi', body: 'Vou te passar' }, { kind: 'flow', nodeId: 'jump', flowId: target }],
    });
  });

  it('refuses bad input (400), another company (404) and a plain user (403)', async () => {
    const bad = await api('POST', `/flowbuilder/${flowId}/simulate`, { event: { kind: 'jump' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect((await api('POST', `/flowbuilder/${flowId}/simulate`, { event: { kind: 'message', body: 'x'.repeat(4001) } })).status).toBe(400);
    expect((await api('POST', `/flowbuilder/${flowId}/simulate`, { state: { nodeId: 'a b', status: 'waiting' }, event: { kind: 'timer' } })).status).toBe(400);
    const foreign = await api('POST', `/flowbuilder/${flowId}/simulate`, { event: { kind: 'start' } }, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_FLOW_FOUND');
    expect((await api('POST', `/flowbuilder/${flowId}/simulate`, { graph, event: { kind: 'start' } }, other.admin.token)).status).toBe(404);
    const agent = await k.createUser(acme.company.id, { profile: 'user' });
    expect((await api('POST', `/flowbuilder/${flowId}/simulate`, { event: { kind: 'start' } }, agent.token)).status).toBe(403);
  });
});
