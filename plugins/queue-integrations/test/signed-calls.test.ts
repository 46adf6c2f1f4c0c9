import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, verifyGuicheSignature, waitFor, type FakeRequest, type FakeServer } from '@guiche/core/testing';
import { secretBox } from '@guiche/core';
import { createQueueIntegrationsPlugin } from '../src/plugin.js';
import { createIntegrationRepository } from '../src/repository.js';
import { logOf, receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';

/**
 * Issue #29: the N8N and webhook integrations' calls are signed like the external API's webhooks
 * (X-Guiche-Signature: t=<unix>,v1=HMAC-SHA256(secret, t + "." + body)), with a per-integration
 * secret sealed at rest, shown once and rotatable; destinations in private ranges are refused unless
 * the operator allows them. The receiver is a real local HTTP server verifying like an integrator.
 */
let w: BotWorld;
let receiver: FakeServer;
let secret = '';
const verified: FakeRequest[] = [];
const rejected: FakeRequest[] = [];

beforeAll(async () => {
  receiver = await startFakeServer();
  receiver.route('POST', '/n8n', (req) => {
    const header = req.headers['x-guiche-signature'];
    if (!verifyGuicheSignature(secret, typeof header === 'string' ? header : undefined, req.raw)) {
      rejected.push(req);
      return { status: 401, json: { error: 'bad signature' } };
    }
    verified.push(req);
    return { json: { messages: [{ text: `Assinado: ${req.json.message.body}` }] } };
  });
  w = await startBotWorld({ plugins: [createQueueIntegrationsPlugin({ allowPrivate: true, limits: { timeoutMs: 1500, retries: 0, backoffMs: 50 } })] });
});
afterAll(async () => {
  await w?.close();
  await receiver?.close();
});

const lastHandover = async (ticketId: number) => (await logOf(w.k, ticketId)).filter((l) => l.type === 'chatBot' && l.data?.handover).at(-1)?.data.handover;

describe('signed N8N / webhook calls', () => {
  let integrationId: number;

  it('answers the secret once on creation, keeps it sealed, and signs each call so the receiver verifies it', async () => {
    const created = await w.k.api('POST', '/queueIntegration', { token: w.company.admin.token, body: { type: 'n8n', name: 'Fluxo assinado', urlN8N: `${receiver.url}/n8n` } });
    expect(created.status).toBe(201);
    expect(created.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    integrationId = created.body.id;
    secret = created.body.signingSecret;
    // Never again: not in the detail, the list or the row as stored.
    const shown = await w.k.api('GET', `/queueIntegration/${integrationId}`, { token: w.company.admin.token });
    expect(shown.body.signingSecret).toBeUndefined();
    expect(JSON.stringify((await w.k.api('GET', '/queueIntegration', { token: w.company.admin.token })).body)).not.toContain(secret);
    const row = await w.k.db('queueIntegrations').where({ id: integrationId }).first('signingSecret');
    expect(row.signingSecret).toMatch(/^v1\./);
    expect(row.signingSecret).not.toContain(secret.slice(6));
    // Saving the integration again keeps its secret (nothing answered).
    const put = await w.k.api('PUT', `/queueIntegration/${integrationId}`, { token: w.company.admin.token, body: { type: 'n8n', name: 'Fluxo assinado', urlN8N: `${receiver.url}/n8n` } });
    expect(put.status).toBe(200);
    expect(put.body.signingSecret).toBeUndefined();

    const queue = await w.queue({ name: 'Assinado', integrationId, greetingMessage: 'Um robô responde.' });
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const c = await w.customer('webchat');
    await c.send('olá');
    expect((await receive(c, 2))[1].body).toBe('Assinado: olá');
    expect(rejected).toEqual([]);
    const call = verified.at(-1)!;
    expect(call.headers).toMatchObject({ 'x-guiche-event': 'message', 'content-type': 'application/json' });
    expect(call.json).toMatchObject({ event: 'message', integration: { id: integrationId, type: 'n8n' } });
    // The timestamp is the signing time, in seconds.
    const t = Number(/t=(\d+)/.exec(String(call.headers['x-guiche-signature']))![1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
  });

  it('rotates the secret: the next call is signed with the new one only, and the old one no longer verifies', async () => {
    const old = secret;
    const rotated = await w.k.api('POST', `/queueIntegration/${integrationId}/secret`, { token: w.company.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(old);
    secret = rotated.body.secret;
    const c = await w.customer('webchat');
    await c.send('de novo');
    expect((await receive(c, 2))[1].body).toBe('Assinado: de novo');
    const call = verified.at(-1)!;
    expect(verifyGuicheSignature(old, String(call.headers['x-guiche-signature']), call.raw)).toBe(false);
    expect(verifyGuicheSignature(secret, String(call.headers['x-guiche-signature']), call.raw)).toBe(true);
  });

  it('a receiver with the wrong secret refuses the call and the ticket goes to a human; "toggle integration" hands it back and takes it again', async () => {
    const good = secret;
    secret = 'whsec_not-the-one';
    const c = await w.customer('webchat');
    await c.send('falso');
    expect((await receive(c))[0].body).toBe('Um robô responde.');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    const ticket = await c.ticket();
    expect(await lastHandover(ticket.id)).toBe('outside:status:401');
    expect(rejected.length).toBeGreaterThan(0);
    secret = good;

    // An agent takes it, then hands it back to the queue's integration from the ticket's menu (inbox.md §4).
    const admin = w.company.admin;
    expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: admin.user.id } })).status).toBe(200);
    const on = await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { useIntegration: true } });
    expect(on.body).toMatchObject({ status: 'open', useIntegration: true });
    const calls = verified.length;
    await c.send('de volta ao robô');
    expect((await receive(c))[0].body).toBe('Assinado: de volta ao robô');
    expect(verified.length).toBe(calls + 1);

    // Taken back: the next message stays with the agent.
    expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { useIntegration: false } })).status).toBe(200);
    await c.send('agora com a pessoa');
    await waitFor(async () => (await w.k.db('messages').where({ ticketId: ticket.id, body: 'agora com a pessoa' }).first('id')) !== undefined);
    expect(verified.length).toBe(calls + 1);
    const types = (await logOf(w.k, ticket.id)).map((l) => l.type);
    expect(types).toEqual(expect.arrayContaining(['integrationOn', 'integrationOff']));
  });

  it('rotation is for admins of the company, of a signed type, with a valid id', async () => {
    const other = await w.k.createCompany({ planFlags: { useIntegrations: true } });
    expect((await w.k.api('POST', `/queueIntegration/${integrationId}/secret`, { token: other.admin.token })).status).toBe(404);
    const user = await w.k.createUser(w.company.company.id, { profile: 'user' });
    expect((await w.k.api('POST', `/queueIntegration/${integrationId}/secret`, { token: user.token })).status).toBe(403);
    const bad = await w.k.api('POST', '/queueIntegration/abc/secret', { token: w.company.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const typebot = await w.k.api('POST', '/queueIntegration', { token: w.company.admin.token, body: { type: 'typebot', name: 'Sem assinatura', urlN8N: 'https://typebot.invalid', typebotSlug: 'x' } });
    expect(typebot.body.signingSecret).toBeUndefined();
    const refused = await w.k.api('POST', `/queueIntegration/${typebot.body.id}/secret`, { token: w.company.admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_INTEGRATION_NOT_SIGNED');
    // Turned into a webhook, it gets a secret, answered once.
    const switched = await w.k.api('PUT', `/queueIntegration/${typebot.body.id}`, { token: w.company.admin.token, body: { type: 'webhook', name: 'Agora assina', urlN8N: 'https://hook.invalid/x' } });
    expect(switched.body.signingSecret).toMatch(/^whsec_/);
  });

  it('gives integrations saved before signing existed a secret when the plugin starts', async () => {
    const [row] = await w.k.db('queueIntegrations').insert({ companyId: w.company.company.id, type: 'webhook', name: 'Antiga', projectName: 'Antiga', urlN8n: 'https://hook.invalid/' }).returning('id');
    // The start-up step alone (plugin.ts runs it before registering anything).
    const filled = await createIntegrationRepository(w.k.db, await secretBox(w.k.db)).fillMissingSecrets();
    expect(filled).toBeGreaterThanOrEqual(1);
    const stored = await w.k.db('queueIntegrations').where({ id: row.id }).first('signingSecret');
    expect(stored.signingSecret).toMatch(/^v1\./);
  });
});

describe('destinations in private ranges (operator default)', () => {
  let strict: BotWorld;
  let inside: FakeServer;
  beforeAll(async () => {
    inside = await startFakeServer();
    inside.route('POST', '/n8n', () => ({ json: { messages: [{ text: 'nunca' }] } }));
    strict = await startBotWorld({ plugins: [createQueueIntegrationsPlugin({ allowPrivate: false, limits: { timeoutMs: 1500, retries: 2, backoffMs: 50 } })] });
  });
  afterAll(async () => {
    await strict?.close();
    await inside?.close();
  });

  it('refuses a loopback, private or link-local URL on save with the translated key', async () => {
    for (const url of [`${inside.url}/n8n`, 'http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/x']) {
      const res = await strict.k.api('POST', '/queueIntegration', { token: strict.company.admin.token, body: { type: 'webhook', name: 'Interna', urlN8N: url } });
      expect(res.status, url).toBe(400);
      expect(res.body.issues, url).toContainEqual(expect.objectContaining({ path: ['urlN8N'], message: 'queueIntegrations:validation.destination' }));
    }
    // A public address or a name not resolvable yet is accepted.
    expect((await strict.k.api('POST', '/queueIntegration', { token: strict.company.admin.token, body: { type: 'webhook', name: 'Pública', urlN8N: 'https://93.184.215.14/hook' } })).status).toBe(201);
  });

  it('never calls a stored private destination: the ticket goes to a human with the reason', async () => {
    // As if saved while the operator allowed private addresses.
    const [row] = await strict.k.db('queueIntegrations').insert({ companyId: strict.company.company.id, type: 'n8n', name: 'Antes', projectName: 'Antes', urlN8n: `${inside.url}/n8n` }).returning('id');
    const queue = await strict.queue({ name: 'Interna', integrationId: row.id, greetingMessage: 'Um robô responde.' });
    await strict.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const c = await strict.customer('webchat');
    await c.send('oi');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    expect((await logOf(strict.k, (await c.ticket()).id)).filter((l) => l.data?.handover).at(-1)?.data.handover).toBe('outside:destination');
    expect(inside.requests).toEqual([]);
  });
});
