import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '@guiche/core';
import { waitFor } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import flowBuilder from '../src/plugin.js';

/**
 * A flow's inbound webhook (issue 34): signed with the flow's own secret (X-Guiche-Signature over
 * t + "." + the raw body), refused unsigned, badly signed, stale or replayed; flows made before
 * signing start unsigned until a secret is generated.
 */
let w: BotWorld;
let admin: string;

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder] });
  admin = w.company.admin.token;
});
afterAll(async () => w?.close());

const api = async (method: string, path: string, body?: unknown) => {
  const res = await w.k.api(method, path, { token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const offer: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'offer', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Oferta exclusiva para você' } },
    { id: 'ask', type: 'question', position: { x: 0, y: 0 }, data: { text: 'Quer saber mais?', saveTo: { kind: 'variable', name: 'quer' } } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'offer' },
    { id: 'e2', source: 'offer', sourceHandle: 'next', target: 'ask' },
    { id: 'e3', source: 'ask', sourceHandle: 'next', target: 'end' },
  ],
};

async function publishedFlow(name: string) {
  const flow = await api('POST', '/flowbuilder', { name, graph: offer });
  await api('POST', `/flowbuilder/${flow.id}/publish`);
  return flow;
}

const hook = async (token: string, raw: string, signature?: string) => {
  const res = await fetch(`${w.k.apiUrl}/flowbuilder/hooks/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-guiche-signature': signature } : {}) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as any };
};
const started = (ticketId: number) => w.k.db('messages').where({ ticketId, fromMe: true, body: 'Oferta exclusiva para você' }).count({ n: '*' }).first().then((r) => Number(r!.n));
const runs = async (flowId: number) => Number((await w.k.db('flowBuilderRuns').where({ flowId }).count({ n: '*' }).first())!.n);
const now = () => Math.floor(Date.now() / 1000);

describe("a flow's signed webhook", () => {
  it('a call signed with the secret starts the flow for the number; the secret is sealed at rest and shown only when made', async () => {
    const flow = await publishedFlow('Gancho');
    expect(flow.webhookSigned).toBe(true);
    expect(JSON.stringify(await api('GET', `/flowbuilder/${flow.id}`))).not.toMatch(/whsec_/);
    const { secret } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
    expect(secret).toMatch(/^whsec_/);
    const stored = await w.k.db('flowBuilderFlows').where({ id: flow.id }).first('webhookSecret');
    expect(stored.webhookSecret).not.toContain(secret);

    expect((await hook('x'.repeat(32), '{"number":"5511988887777"}')).status).toBe(404);
    const short = '{"number":"12"}';
    expect((await hook(flow.webhookToken, short, signatureHeader(secret, short))).status).toBe(400);
    const raw = JSON.stringify({ number: '+55 11 98888-7777', connectionId: w.connections.whatsapp.id });
    const res = await hook(flow.webhookToken, raw, signatureHeader(secret, raw));
    expect(res.status).toBe(201);
    const { ticketId } = res.body as { ticketId: number };
    await waitFor(async () => ((await started(ticketId)) ? true : undefined));
    expect(await w.k.db('tickets').where({ id: ticketId }).first()).toMatchObject({ conversationHandler: 'flow-builder', whatsappId: w.connections.whatsapp.id });
    expect(await w.k.db('flowBuilderRuns').where({ ticketId }).first()).toMatchObject({ status: 'waiting', nodeId: 'ask' });
  });

  it('refuses a call unsigned, signed with another or an old secret, over another body, or too old, with 401 ERR_INVALID_SIGNATURE; a replay is 409 and starts nothing', async () => {
    const flow = await publishedFlow('Assinado');
    const { secret: old } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
    const { secret } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
    const raw = JSON.stringify({ number: '5511977776666' });
    const refused = [
      await hook(flow.webhookToken, raw),
      await hook(flow.webhookToken, raw, 'nonsense'),
      await hook(flow.webhookToken, raw, signatureHeader(old, raw)),
      await hook(flow.webhookToken, raw, signatureHeader('whsec_other', raw)),
      await hook(flow.webhookToken, raw, signatureHeader(secret, JSON.stringify({ number: '5511900000000' }))),
      await hook(flow.webhookToken, raw, signatureHeader(secret, raw, now() - 600)),
      await hook(flow.webhookToken, raw, signatureHeader(secret, raw, now() + 600)),
    ];
    for (const r of refused) expect(r).toEqual({ status: 401, body: { error: 'ERR_INVALID_SIGNATURE' } });
    expect(await runs(flow.id)).toBe(0);

    const signed = signatureHeader(secret, raw);
    const first = await hook(flow.webhookToken, raw, signed);
    expect(first.status).toBe(201);
    expect(await hook(flow.webhookToken, raw, signed)).toEqual({ status: 409, body: { error: 'ERR_WEBHOOK_REPLAYED' } });
    expect(await runs(flow.id)).toBe(1);
    await waitFor(async () => ((await started(first.body.ticketId)) ? true : undefined));
    expect(await started(first.body.ticketId)).toBe(1);
  });

  it('a refused start (not published) does not use up the signature: the same call succeeds once the flow is live', async () => {
    const flow = await api('POST', '/flowbuilder', { name: 'Rascunho', graph: offer });
    const { secret } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
    const raw = JSON.stringify({ number: '5511955554444' });
    const signed = signatureHeader(secret, raw);
    expect(await hook(flow.webhookToken, raw, signed)).toEqual({ status: 422, body: { error: 'ERR_FLOW_NOT_PUBLISHED' } });
    await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect((await hook(flow.webhookToken, raw, signed)).status).toBe(201);
  });

  it('a flow made before signing starts on its URL alone until a secret is generated; from then on only signed calls start it', async () => {
    const flow = await publishedFlow('Antigo');
    // As the migration leaves flows created before it.
    await w.k.db('flowBuilderFlows').where({ id: flow.id }).update({ webhookSecret: null });
    expect((await api('GET', `/flowbuilder/${flow.id}`)).webhookSigned).toBe(false);
    const raw = JSON.stringify({ number: '5511933332222' });
    expect((await hook(flow.webhookToken, raw)).status).toBe(201);

    const { secret } = await api('POST', `/flowbuilder/${flow.id}/webhook-secret`);
    expect((await api('GET', `/flowbuilder/${flow.id}`)).webhookSigned).toBe(true);
    const again = JSON.stringify({ number: '5511933331111' });
    expect((await hook(flow.webhookToken, again)).status).toBe(401);
    expect((await hook(flow.webhookToken, again, signatureHeader(secret, again))).status).toBe(201);
  });

  it("another company's admin cannot make a secret for the flow; an agent cannot either", async () => {
    const flow = await publishedFlow('Alheio');
    const other = await w.k.createCompany({ name: 'Outra', planFlags: { useFlowBuilder: true } });
    expect((await w.k.api('POST', `/flowbuilder/${flow.id}/webhook-secret`, { token: other.admin.token })).body).toMatchObject({ error: 'ERR_NO_FLOW_FOUND' });
    const agent = await w.k.createUser(w.company.company.id, { profile: 'user' });
    expect((await w.k.api('POST', `/flowbuilder/${flow.id}/webhook-secret`, { token: agent.token })).status).toBe(403);
  });
});
