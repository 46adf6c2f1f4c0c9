import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { cloudConnection, FakeGraph, useFakeGraphEnv, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import flowBuilder from '../src/plugin.js';

/**
 * The bot on a WhatsApp Cloud API connection (issue 29) over the fake Graph API: a message node says
 * its approved template when the contact's 24-hour window is closed (a flow started by its webhook
 * for a number that never wrote), free text while it is open; without a template the node counts an
 * error, the run fails with ERR_WINDOW_CLOSED and the ticket goes to the agents, nothing sent to Meta.
 */
const fake = new FakeGraph();
let k: TestKernel;
let c: TestCompany;
let cloud: CloudConnection;
let seq = 0;

const api = async (method: string, path: string, body?: unknown) => (await k.api(method, path, { token: c.admin.token, body })).body;
const graph = (template?: { name: string; language: string; variables: string[] }): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Seu pedido {{pedido}} saiu para entrega', ...(template ? { template } : {}) } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
    { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'end' },
  ],
});

async function publishedFlow(name: string, g: FlowGraph): Promise<{ id: number; webhookToken: string; secret: string }> {
  const flow = await api('POST', '/flowbuilder', { name, graph: g });
  expect((await k.api('POST', `/flowbuilder/${flow.id}/publish`, { token: c.admin.token })).status).toBe(201);
  const { secret } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
  return { id: flow.id, webhookToken: flow.webhookToken, secret };
}

/** The flow's signed webhook starts it for a number on the Cloud API connection: the ticket id. */
async function startFor(flow: { webhookToken: string; secret: string }, number: string): Promise<number> {
  const raw = JSON.stringify({ number, connectionId: cloud.id });
  const res = await fetch(`${k.apiUrl}/flowbuilder/hooks/${flow.webhookToken}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-guiche-signature': signatureHeader(flow.secret, raw) }, body: raw });
  const body = (await res.json()) as { ticketId: number };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.ticketId;
}
const newNumber = () => `55419${String(7_000_000 + ++seq * 7919).slice(-7)}`;
const runOf = (ticketId: number) => k.db('flowBuilderRuns').where({ ticketId }).orderBy('id', 'desc').first();
const counter = (versionId: number, nodeId: string) => k.db('flowBuilderNodeCounters').where({ versionId, nodeId }).first();

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), flowBuilder] });
  c = await k.createCompany();
  cloud = await cloudConnection(k, fake, c);
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

describe('a message node on a WhatsApp Cloud API connection', () => {
  it("says the node's approved template to a contact whose window is closed, its variables filled from the run", async () => {
    const flow = await publishedFlow('Entrega', graph({ name: 'hello_world', language: 'en_US', variables: ['Ana', '#{{pedido}}'] }));
    const number = newNumber();
    const ticketId = await startFor(flow, number);
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === number);
    expect(call.body.template).toEqual({ name: 'hello_world', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#' }] }] });
    expect(await k.db('messages').where({ ticketId, fromMe: true }).pluck('body')).toEqual(['Hello Ana, your order # is ready.']);
    expect(await runOf(ticketId)).toMatchObject({ status: 'done', error: null });
  });

  it('says free text while the window is open (the contact just wrote), the template aside', async () => {
    const flow = await publishedFlow('Entrega aberta', graph({ name: 'hello_world', language: 'en_US', variables: ['Ana', '#1'] }));
    await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'keyword', connectionId: cloud.id, phrase: 'onde está meu pedido', match: 'exact' }] });
    const number = newNumber();
    const inbound = whatsappMessage(cloud.number, { waId: number, name: 'Escreveu' }, { type: 'text', text: { body: 'onde está meu pedido' } });
    expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
    const call = await fake.nextCall((x) => x.body?.to === number);
    expect(call.body).toMatchObject({ type: 'text', text: { body: 'Seu pedido  saiu para entrega' } });
  });

  it('without a template: nothing goes to Meta, the node counts an error, the run fails with ERR_WINDOW_CLOSED and the ticket goes to the agents', async () => {
    const flow = await publishedFlow('Sem modelo', graph());
    const number = newNumber();
    const before = fake.calls.filter((x) => x.body?.to === number).length;
    const ticketId = await startFor(flow, number);
    const run = await runOf(ticketId);
    expect(run).toMatchObject({ status: 'failed', nodeId: 'hello', error: 'ERR_WINDOW_CLOSED' });
    expect(await counter(run.versionId, 'hello')).toMatchObject({ entered: 1, errors: 1 });
    expect(await k.db('messages').where({ ticketId, fromMe: true })).toHaveLength(0);
    const ticket = await waitFor(() => k.db('tickets').where({ id: ticketId }).first());
    expect(ticket).toMatchObject({ status: 'pending', useIntegration: false, conversationHandler: null });
    expect(fake.calls.filter((x) => x.body?.to === number)).toHaveLength(before);
  });
});
