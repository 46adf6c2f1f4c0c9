import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import flowBuilder from '../src/plugin.js';

let k: TestKernel;
let acme: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [flowBuilder] });
  acme = await k.createCompany();
  other = await k.createCompany();
});
afterAll(async () => {
  await k?.close();
});

const api = (method: string, path: string, body?: unknown, token = acme.admin.token) => k.api(method, path, { token, body });

/** start → message → menu (1: sales → set queue 7, 2: end; invalid → end). */
const threeNodes = (): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', position: { x: 0, y: 100 }, data: { text: 'Olá {{contact.name}}' } },
    { id: 'menu', type: 'menu', position: { x: 0, y: 200 }, data: { text: 'Escolha', options: [{ id: 'a', label: 'Vendas' }, { id: 'b', label: 'Sair' }], retries: 2 } },
    { id: 'queue', type: 'setQueue', position: { x: 0, y: 300 }, data: { queueId: 7 } },
    { id: 'bye', type: 'end', position: { x: 200, y: 300 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
    { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'menu' },
    { id: 'e3', source: 'menu', sourceHandle: 'option:a', target: 'queue' },
    { id: 'e4', source: 'menu', sourceHandle: 'option:b', target: 'bye' },
    { id: 'e5', source: 'menu', sourceHandle: 'invalid', target: 'bye' },
    { id: 'e6', source: 'queue', sourceHandle: 'next', target: 'bye' },
  ],
});

describe('flows', () => {
  it('creates a flow with its start node, lists it by search, edits, duplicates and deletes it', async () => {
    const created = await api('POST', '/flowbuilder', { name: 'Boas-vindas' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Boas-vindas', liveVersionId: null, graph: { nodes: [{ id: 'start', type: 'start' }], edges: [] } });
    expect(created.body.webhookToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const id = created.body.id;
    await api('POST', '/flowbuilder', { name: 'Cobrança' });
    const found = await api('GET', '/flowbuilder?q=vindas');
    expect(found.body.map((f: any) => f.name)).toEqual(['Boas-vindas']);
    const edited = await api('PUT', `/flowbuilder/${id}`, { graph: threeNodes() });
    expect(edited.status).toBe(200);
    expect(edited.body.graph.nodes).toHaveLength(5);
    expect(edited.body.name).toBe('Boas-vindas');
    const copy = await api('POST', `/flowbuilder/${id}/duplicate`, { name: 'Cópia de Boas-vindas' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Cópia de Boas-vindas', graph: threeNodes() });
    expect(copy.body.webhookToken).not.toBe(created.body.webhookToken);
    expect((await api('DELETE', `/flowbuilder/${copy.body.id}`)).status).toBe(204);
    expect((await api('GET', `/flowbuilder/${copy.body.id}`)).body.error).toBe('ERR_NO_FLOW_FOUND');
  });

  it('refuses bad input with validation keys and never writes part of it', async () => {
    const noName = await api('POST', '/flowbuilder', { name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.issues).toEqual([{ path: ['name'], message: 'validation.flowName' }]);
    const badNode = await api('POST', '/flowbuilder', { name: 'X', graph: { nodes: [{ id: 'a b', type: 'start', data: {} }], edges: [] } });
    expect(badNode.status).toBe(400);
    expect(badNode.body.issues[0].message).toBe('validation.flowNodeId');
    const badType = await api('POST', '/flowbuilder', { name: 'X', graph: { nodes: [{ id: 'a', type: 'teleport', data: {} }] } });
    expect(badType.status).toBe(400);
    const tooLong = await api('POST', '/flowbuilder', { name: 'X', graph: { nodes: [{ id: 'm', type: 'message', data: { text: 'x'.repeat(4001) } }] } });
    expect(tooLong.status).toBe(400);
    expect((await api('GET', '/flowbuilder?q=X')).body).toEqual([]);
  });

  it('is for admins of a plan with the module', async () => {
    const agent = await k.createUser(acme.company.id);
    expect((await api('GET', '/flowbuilder', undefined, agent.token)).status).toBe(403);
    const without = await k.createCompany({ planFlags: { useFlowBuilder: false } });
    const refused = await api('GET', '/flowbuilder', undefined, without.admin.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_DISABLED');
  });

  it('keeps each company to its own flows', async () => {
    const mine = (await api('POST', '/flowbuilder', { name: 'Só da Acme' })).body;
    const token = other.admin.token;
    expect((await api('GET', `/flowbuilder/${mine.id}`, undefined, token)).status).toBe(404);
    expect((await api('PUT', `/flowbuilder/${mine.id}`, { name: 'Roubado' }, token)).status).toBe(404);
    expect((await api('POST', `/flowbuilder/${mine.id}/duplicate`, {}, token)).status).toBe(404);
    expect((await api('GET', `/flowbuilder/${mine.id}/export`, undefined, token)).status).toBe(404);
    expect((await api('POST', `/flowbuilder/${mine.id}/publish`, undefined, token)).status).toBe(404);
    expect((await api('DELETE', `/flowbuilder/${mine.id}`, undefined, token)).status).toBe(404);
    expect((await api('GET', '/flowbuilder', undefined, token)).body.map((f: any) => f.id)).not.toContain(mine.id);
    expect((await api('GET', `/flowbuilder/${mine.id}`)).body.name).toBe('Só da Acme');
  });
});

describe('export and import', () => {
  it('round-trips a flow as JSON and refuses a file of another format', async () => {
    const source = (await api('POST', '/flowbuilder', { name: 'Exportado', graph: threeNodes() })).body;
    const exported = await api('GET', `/flowbuilder/${source.id}/export`);
    expect(exported.body).toEqual({ format: 'guiche.flow', version: 1, name: 'Exportado', graph: threeNodes() });
    const imported = await api('POST', '/flowbuilder/import', exported.body, other.admin.token);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ name: 'Exportado', graph: threeNodes(), liveVersionId: null });
    expect(imported.body.id).not.toBe(source.id);
    const wrong = await api('POST', '/flowbuilder/import', { ...exported.body, format: 'typebot' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: ['format'], message: 'validation.flowImportFormat' }]);
  });
});

describe('publishing', () => {
  it('refuses an invalid draft with the problems by node, then publishes immutable numbered versions', async () => {
    const flow = (await api('POST', '/flowbuilder', { name: 'Versões' })).body;
    const graph = threeNodes();
    graph.edges = graph.edges.filter((e) => e.id !== 'e5');
    (graph.nodes[1]!.data as { text?: string }).text = ' ';
    await api('PUT', `/flowbuilder/${flow.id}`, { graph });
    const refused = await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('ERR_FLOW_INVALID');
    expect(refused.body.problems).toEqual(
      expect.arrayContaining([
        { code: 'validation.flowRequired', nodeId: 'hello', detail: 'text' },
        { code: 'validation.flowUnconnected', nodeId: 'menu', detail: 'invalid' },
      ]),
    );
    expect((await api('GET', `/flowbuilder/${flow.id}/versions`)).body).toEqual([]);

    await api('PUT', `/flowbuilder/${flow.id}`, { graph: threeNodes() });
    const v1 = await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect(v1.status).toBe(201);
    expect(v1.body).toMatchObject({ number: 1, graph: threeNodes(), publishedBy: acme.admin.user.id });
    const changed = threeNodes();
    (changed.nodes[1]!.data as { text?: string }).text = 'Oi de novo';
    await api('PUT', `/flowbuilder/${flow.id}`, { graph: changed });
    const v2 = (await api('POST', `/flowbuilder/${flow.id}/publish`)).body;
    expect(v2.number).toBe(2);
    expect((await api('GET', `/flowbuilder/${flow.id}`)).body).toMatchObject({ liveVersionId: v2.id, liveVersion: 2 });
    const list = (await api('GET', `/flowbuilder/${flow.id}/versions`)).body;
    expect(list.map((v: any) => v.number)).toEqual([2, 1]);
    const old = await api('GET', `/flowbuilder/${flow.id}/versions/${v1.body.id}`);
    expect(old.body.graph).toEqual(threeNodes());
    expect((await api('GET', `/flowbuilder/${flow.id}/versions/${v1.body.id}`, undefined, other.admin.token)).status).toBe(404);
    expect((await api('GET', `/flowbuilder/${flow.id}/counters`)).body).toEqual([]);
  });

  it("refuses an HTTP node whose header or response-map rows would not work, keeping them in the draft", async () => {
    const flow = (await api('POST', '/flowbuilder', { name: 'Cabeçalhos' })).body;
    const call = (headers: { name: string; value: string }[], responseMap: { path: string; variable: string }[]): FlowGraph => ({
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'call', type: 'http', position: { x: 0, y: 0 }, data: { method: 'GET', url: 'https://example.com/x', headers, responseMap } },
        { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', sourceHandle: 'next', target: 'call' },
        { id: 'e2', source: 'call', sourceHandle: 'success', target: 'end' },
        { id: 'e3', source: 'call', sourceHandle: 'error', target: 'end' },
      ],
    });
    const bad = call([{ name: 'X Loja', value: '1' }], [{ path: 'order.status', variable: 'meu status' }]);
    expect((await api('PUT', `/flowbuilder/${flow.id}`, { graph: bad })).status).toBe(200);
    expect((await api('GET', `/flowbuilder/${flow.id}`)).body.graph.nodes[1].data).toMatchObject({ headers: [{ name: 'X Loja', value: '1' }], responseMap: [{ path: 'order.status', variable: 'meu status' }] });
    const refused = await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      { code: 'validation.flowRequired', nodeId: 'call', detail: 'headers' },
      { code: 'validation.flowRequired', nodeId: 'call', detail: 'responseMap' },
    ]);
    await api('PUT', `/flowbuilder/${flow.id}`, { graph: call([{ name: 'X-Loja', value: '{{loja}}' }], [{ path: 'order.status', variable: 'status' }]) });
    expect((await api('POST', `/flowbuilder/${flow.id}/publish`)).status).toBe(201);
  });

  it('refuses a loop without a pause and a jump to a flow of another company', async () => {
    const theirs = (await api('POST', '/flowbuilder', { name: 'Deles' }, other.admin.token)).body;
    const flow = (await api('POST', '/flowbuilder', { name: 'Laço' })).body;
    const loop: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'a', type: 'message', position: { x: 0, y: 0 }, data: { text: 'a' } },
        { id: 'b', type: 'message', position: { x: 0, y: 0 }, data: { text: 'b' } },
        { id: 'jump', type: 'goToFlow', position: { x: 0, y: 0 }, data: { flowId: theirs.id } },
      ],
      edges: [
        { id: 'e1', source: 'start', sourceHandle: 'next', target: 'a' },
        { id: 'e2', source: 'a', sourceHandle: 'next', target: 'b' },
        { id: 'e3', source: 'b', sourceHandle: 'next', target: 'a' },
      ],
    };
    await api('PUT', `/flowbuilder/${flow.id}`, { graph: loop });
    const refused = await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      { code: 'validation.flowCycle', nodeId: 'a' },
      { code: 'validation.flowRequired', nodeId: 'jump', detail: 'flowId' },
    ]);
  });
});
