import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import flowBuilder from '../src/plugin.js';

/**
 * Conversation scripts of published flows over the website chat (issue 34): what the visitor
 * receives, what the ticket becomes, the run row and the per-node counters.
 */
let w: BotWorld;
let admin: string;
let sales: { id: number };

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder] });
  admin = w.company.admin.token;
  sales = await w.queue({ name: 'Vendas' });
  // The connection's own menu bot would greet otherwise: the flow must win over it.
  await w.configure('webchat', { queueIds: [sales.id], greetingMessage: 'Olá da fila' });
});
afterAll(async () => w?.close());

const api = async (method: string, path: string, body?: unknown) => {
  const res = await w.k.api(method, path, { token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const menuFlow = (queueId: number, greeting = 'Bem-vindo!'): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', position: { x: 0, y: 0 }, data: { text: greeting } },
    { id: 'menu', type: 'menu', position: { x: 0, y: 0 }, data: { text: 'Como podemos ajudar?', options: [{ id: 'buy', label: 'Comprar' }, { id: 'name', label: 'Meu nome' }], retries: 1, invalidText: 'Não entendi.' } },
    { id: 'queue', type: 'setQueue', position: { x: 0, y: 0 }, data: { queueId } },
    { id: 'ask', type: 'question', position: { x: 0, y: 0 }, data: { text: 'Qual é o seu nome?', saveTo: { kind: 'variable', name: 'nome' } } },
    { id: 'thanks', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Obrigado, {{nome}}!' } },
    { id: 'close', type: 'ticket', position: { x: 0, y: 0 }, data: { action: 'close' } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
    { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'menu' },
    { id: 'e3', source: 'menu', sourceHandle: 'option:buy', target: 'queue' },
    { id: 'e4', source: 'menu', sourceHandle: 'option:name', target: 'ask' },
    { id: 'e5', source: 'menu', sourceHandle: 'invalid', target: 'end' },
    { id: 'e6', source: 'queue', sourceHandle: 'next', target: 'end' },
    { id: 'e7', source: 'ask', sourceHandle: 'next', target: 'thanks' },
    { id: 'e8', source: 'thanks', sourceHandle: 'next', target: 'close' },
  ],
});

async function publishedFlow(name: string, graph: FlowGraph, triggers: unknown[]) {
  const flow = await api('POST', '/flowbuilder', { name, graph });
  const version = await api('POST', `/flowbuilder/${flow.id}/publish`);
  await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers });
  return { flow, version };
}

const counters = async (flowId: number) =>
  Object.fromEntries(((await api('GET', `/flowbuilder/${flowId}/counters`)) as any[]).map((c) => [c.nodeId, [c.entered, c.completed, c.dropped, c.errors]]));

describe('a published flow over the website chat', () => {
  let main: { flow: any; version: any };

  it('greets a new conversation with the default flow, walks the menu into the chosen queue and counts each node', async () => {
    main = await publishedFlow('Atendimento', menuFlow(sales.id), [{ kind: 'default', connectionId: w.connections.webchat.id }]);
    const c = await w.customer('webchat');
    await c.send('oi');
    const [hello, menu] = await receive(c, 2);
    expect(hello.body).toBe('Bem-vindo!');
    expect(menu.body).toBe('Como podemos ajudar?\n\n1 - Comprar\n2 - Meu nome');
    expect(await c.ticket()).toMatchObject({ useIntegration: true, isBot: true, conversationHandler: 'flow-builder', botStage: null, queueId: null });
    await c.send('1');
    const ticket = await waitFor(async () => {
      const t = await c.ticket();
      return t.useIntegration ? undefined : t;
    });
    expect(ticket).toMatchObject({ queueId: sales.id, status: 'pending', conversationHandler: null, isBot: false });
    const run = await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first();
    expect(run).toMatchObject({ status: 'done', nodeId: 'end', versionId: main.version.id, variables: { answer: 'Comprar', 'flow.queueId': String(sales.id) } });
    expect(await counters(main.flow.id)).toMatchObject({ start: [1, 1, 0, 0], hello: [1, 1, 0, 0], menu: [1, 1, 0, 0], queue: [1, 1, 0, 0], end: [1, 1, 0, 0] });
  });

  it('repeats the menu after an invalid answer, saves a free-text answer in a variable and closes the ticket', async () => {
    const c = await w.customer('webchat');
    await c.send('bom dia');
    await receive(c, 2);
    await c.send('talvez');
    const [sorry, again] = await receive(c, 2);
    expect(sorry.body).toBe('Não entendi.');
    expect(again.body).toContain('1 - Comprar');
    await c.send('meu nome');
    expect((await receive(c))[0].body).toBe('Qual é o seu nome?');
    await c.send('Ana');
    expect((await receive(c))[0].body).toBe('Obrigado, Ana!');
    await waitFor(async () => (await c.ticket()).status === 'closed');
  });

  it('after the retry limit leaves by the invalid output to a human', async () => {
    const c = await w.customer('webchat');
    await c.send('olá');
    await receive(c, 2);
    await c.send('x');
    await receive(c, 2);
    await c.send('y');
    const ticket = await waitFor(async () => {
      const t = await c.ticket();
      return t.useIntegration ? undefined : t;
    });
    expect(ticket).toMatchObject({ status: 'pending', queueId: null });
    expect((await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first()).nodeId).toBe('end');
  });

  it('keeps running conversations on the version they started while new ones get the new version', async () => {
    const before = await w.customer('webchat');
    await before.send('oi');
    await receive(before, 2);
    await api('PUT', `/flowbuilder/${main.flow.id}`, { graph: menuFlow(sales.id, 'Versão nova!') });
    const v2 = await api('POST', `/flowbuilder/${main.flow.id}/publish`);
    const after = await w.customer('webchat');
    await after.send('oi');
    expect((await receive(after, 2))[0].body).toBe('Versão nova!');
    await before.send('2');
    expect((await receive(before))[0].body).toBe('Qual é o seu nome?');
    const runOf = async (c: typeof before) => w.k.db('flowBuilderRuns').where({ ticketId: (await c.ticket()).id }).first('versionId');
    expect((await runOf(before)).versionId).toBe(main.version.id);
    expect((await runOf(after)).versionId).toBe(v2.id);
  });

  it('stops when an agent accepts the ticket: the next message is for the agent', async () => {
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 2);
    const ticket = await c.ticket();
    const accepted = await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin, body: { status: 'open', userId: w.company.admin.user.id, queueId: sales.id } });
    expect(accepted.status).toBe(200);
    await c.send('1');
    const after = await waitFor(async () => {
      const t = await c.ticket();
      return t.useIntegration ? undefined : t;
    });
    expect(after).toMatchObject({ status: 'open', userId: w.company.admin.user.id });
    expect((await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first()).status).toBe('stopped');
  });

  it('starts a flow on a keyword phrase, and a plan without the module leaves conversations to the menu bot', async () => {
    await publishedFlow('Promoção', { nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'promo', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Promoção de hoje: 10% off' } },
      { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
    ], edges: [
      { id: 'e1', source: 'start', sourceHandle: 'next', target: 'promo' },
      { id: 'e2', source: 'promo', sourceHandle: 'next', target: 'end' },
    ] }, [{ kind: 'keyword', connectionId: null, phrase: 'promoção', match: 'contains' }]);
    const c = await w.customer('webchat');
    await c.send('Quero a PROMOÇÃO');
    expect((await receive(c))[0].body).toBe('Promoção de hoje: 10% off');

    await w.k.setPlanFlags(w.company.company.id, { useFlowBuilder: false });
    const plain = await w.customer('webchat');
    await plain.send('oi');
    expect((await receive(plain))[0].body).toContain('Olá da fila');
    expect(await plain.ticket()).toMatchObject({ conversationHandler: null, useIntegration: false });
    await w.k.setPlanFlags(w.company.company.id, { useFlowBuilder: true });
  });
});

describe('flows started without a customer message', () => {
  const promo = (): FlowGraph => ({
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'offer', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Oferta exclusiva para você' } },
      { id: 'ask', type: 'menu', position: { x: 0, y: 0 }, data: { text: 'Quer aproveitar?', options: [{ id: 'y', label: 'Sim' }], retries: 0 } },
      { id: 'queue', type: 'setQueue', position: { x: 0, y: 0 }, data: { queueId: sales.id } },
      { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'next', target: 'offer' },
      { id: 'e2', source: 'offer', sourceHandle: 'next', target: 'ask' },
      { id: 'e3', source: 'ask', sourceHandle: 'option:y', target: 'queue' },
      { id: 'e4', source: 'ask', sourceHandle: 'invalid', target: 'end' },
      { id: 'e5', source: 'queue', sourceHandle: 'next', target: 'end' },
    ],
  });

  it("an agent starts a flow on a ticket they see: it leaves the agent, the customer walks it", async () => {
    const flow = (await publishedFlow('Oferta', promo(), [])).flow;
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 2);
    const ticket = await c.ticket();
    const agent = await w.k.createUser(w.company.company.id, { profile: 'user' });
    // A plain user who cannot see the ticket (no queue of theirs) is refused, and a draft never starts.
    expect((await w.k.api('POST', `/flowbuilder/${flow.id}/start`, { token: agent.token, body: { ticketId: ticket.id } })).status).toBe(404);
    const draft = await api('POST', '/flowbuilder', { name: 'Rascunho' });
    const unpublished = await w.k.api('POST', `/flowbuilder/${draft.id}/start`, { token: admin, body: { ticketId: ticket.id } });
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.error).toBe('ERR_FLOW_NOT_PUBLISHED');
    expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin, body: { status: 'open', userId: w.company.admin.user.id, queueId: sales.id } })).status).toBe(200);

    expect((await w.k.api('POST', `/flowbuilder/${flow.id}/start`, { token: admin, body: { ticketId: ticket.id } })).status).toBe(204);
    const [offer, ask] = await receive(c, 2);
    expect(offer.body).toBe('Oferta exclusiva para você');
    expect(ask.body).toContain('1 - Sim');
    expect(await c.ticket()).toMatchObject({ status: 'pending', userId: null, conversationHandler: 'flow-builder' });
    await c.send('1');
    await waitFor(async () => ((await c.ticket()).useIntegration ? undefined : true));
    expect(await c.ticket()).toMatchObject({ queueId: sales.id, status: 'pending' });
  });
});

