import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { signBody } from '@guiche/meta-graph';
import { FakeGraph, whatsappMessage } from '@guiche/meta-graph/testing';
import { createWebchatChannel } from '../../channel-webchat/src/plugin.js';
import { connectVisitor, say } from '../../channel-webchat/test/support.js';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { newCloudNumber, useFakeGraphEnv, type CloudNumber } from '../../channel-whatsapp-cloud/test/support.js';
import { createFacebookChannel } from '../../channel-facebook/src/plugin.js';
import { createInstagramChannel } from '../../channel-instagram/src/plugin.js';
import { createExternalApiPlugin } from '../src/plugin.js';

/**
 * Issue #26, "another company's keys over every public route": company B holds its own public keys
 * (widget site key, Cloud API webhook id and verify token, app secret, connection token) and aims
 * them, with company A's visitor id, phone number id and verify token, at every route that answers
 * without a session (found in the route catalog, plus the Meta webhooks) and at the widget's socket.
 * Nothing of A may come back, and nothing may be written in A.
 */
const graph = new FakeGraph();
const B_APP_SECRET = 'b-app-secret-' + randomBytes(6).toString('hex');
const SECRET_OF_A = 'segredo-de-A-' + randomBytes(4).toString('hex');
let k: TestKernel;
const sockets: Socket[] = [];

interface Side {
  company: TestCompany;
  widget: { id: number; key: string };
  cloud: { id: number; token: string; webhookId: string; number: CloudNumber };
}
let a: Side;
let b: Side;
let visitorA: string;

async function side(name: string, appSecret: string): Promise<Side> {
  const company = await k.createCompany({ name, planFlags: { useWhatsapp: true, useFacebook: true, useInstagram: true, useExternalApi: true } });
  const admin = company.admin.token;
  const webchat = await k.api('POST', '/whatsapp', { token: admin, body: { name: `Site ${name}`, channel: 'webchat' } });
  expect(webchat.status).toBe(201);
  const site = await k.api('PUT', `/webchat/sites/${webchat.body.id}`, { token: admin, body: { title: `Loja ${name}` } });
  expect(site.status).toBe(200);
  const cloud = await k.api('POST', '/whatsapp', { token: admin, body: { name: `Cloud ${name}`, channel: 'whatsappapi' } });
  expect(cloud.status).toBe(201);
  const number = newCloudNumber(graph);
  const put = await k.api('PUT', `/whatsappapi/${cloud.body.id}/credentials`, {
    token: admin,
    body: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken, appSecret, verifyToken: number.verifyToken },
  });
  expect(put.status).toBe(200);
  const view = await k.api('GET', `/whatsappapi/${cloud.body.id}/credentials`, { token: admin });
  const { token } = await k.db('whatsapps').where({ id: cloud.body.id }).first('token');
  for (const id of [webchat.body.id, cloud.body.id]) await waitFor(async () => (await k.db('whatsapps').where({ id }).first('status')).status === 'CONNECTED', { timeout: 15000 });
  return {
    company,
    widget: { id: webchat.body.id, key: site.body.token },
    cloud: { id: cloud.body.id, token, webhookId: new URL(view.body.webhookUrl).pathname.split('/').at(-1)!, number },
  };
}

/** Everything of A a walk could write to or change. */
async function snapshotOfA(): Promise<string> {
  const companyId = a.company.company.id;
  const count = async (table: string) => Number((await k.db(table).where({ companyId }).count<{ count: string }[]>('id as count'))[0]!.count);
  return JSON.stringify({
    contacts: await count('contacts'),
    tickets: await count('tickets'),
    messages: await count('messages'),
    connections: await k.db('whatsapps').where({ companyId }).orderBy('id').select('id', 'token', 'status', 'name', 'updatedAt'),
    cloud: await k.db('whatsappCloudAccounts').where({ companyId }).select('connectionId', 'phoneNumberId', 'accessToken', 'appSecret', 'verifyToken', 'updatedAt'),
    webhooks: await k.db('whatsappCloudWebhooks').where({ companyId }).select('connectionId', 'webhookId', 'legacyUsedAt'),
    users: await k.db('users').where({ companyId }).orderBy('id').select('id', 'email', 'passwordHash', 'tokenVersion'),
  });
}

beforeAll(async () => {
  await graph.start();
  useFakeGraphEnv(graph);
  process.env.META_APP_SECRET = 'meta-app-secret-' + randomBytes(6).toString('hex');
  process.env.META_VERIFY_TOKEN = 'meta-verify-' + randomBytes(6).toString('hex');
  k = await createTestKernel({
    plugins: [createWebchatChannel(), createWhatsappCloudChannel(), createFacebookChannel(), createInstagramChannel(), createExternalApiPlugin({ rateLimit: { max: 100000, windowMs: 60_000 } })],
  });
  a = await side('A', graph.appSecret);
  b = await side('B', B_APP_SECRET);
  // A's visitor, with a conversation only A may read.
  visitorA = randomBytes(16).toString('hex');
  const socket = await connectVisitor(k.url, { token: a.widget.key, visitorId: visitorA, name: 'Visitante de A' }, sockets);
  expect((await say(socket, SECRET_OF_A)).message).toBeTruthy();
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await k?.close();
  await graph.stop();
  delete process.env.META_APP_SECRET;
  delete process.env.META_VERIFY_TOKEN;
});

/** A's phone number's inbound message, as Meta would send it. */
const messageForA = (body: string) => whatsappMessage(a.cloud.number, { waId: '5511' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Cliente de A' }, { type: 'text', text: { body } });

describe("company B's keys over every public route", () => {
  it('finds the public routes: the website chat, the Meta webhooks, sign-in and recovery', async () => {
    expect(publicRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/webchat/:token/messages',
        'POST /api/webchat/:token/messages',
        'GET /api/webchat/:token/site',
        'GET /api/whatsappapi/webhook/:webhookId',
        'POST /api/whatsappapi/webhook/:webhookId',
        'POST /api/facebook/webhook',
        'POST /api/instagram/webhook',
        'POST /api/auth/login',
        'GET /api/verificar-code/:wpp',
      ]),
    );
  });

  it("returns nothing of A and writes nothing in A, whichever of B's keys goes in path, bearer, query or body", async () => {
    const before = await snapshotOfA();
    const keysOfB = { 'widget key': b.widget.key, 'webhook id': b.cloud.webhookId, 'verify token': b.cloud.number.verifyToken, 'connection token': b.cloud.token, 'app secret': B_APP_SECRET };
    const markersOfA = [SECRET_OF_A, a.widget.key, a.cloud.webhookId, a.cloud.token, a.cloud.number.verifyToken, a.cloud.number.accessToken, 'Loja A'];
    const leaks: string[] = [];
    for (const route of publicRoutes()) {
      for (const [name, key] of Object.entries(keysOfB)) {
        const { payload } = messageForA(`via ${route.url} with ${name}`);
        const body = JSON.stringify({ ...payload, visitorId: visitorA, token: key, email: b.company.admin.user.email, password: key, number: a.cloud.number.phoneNumberId });
        const query = new URLSearchParams({ visitorId: visitorA, 'hub.mode': 'subscribe', 'hub.verify_token': a.cloud.number.verifyToken, 'hub.challenge': '7' });
        const url = `${k.url}${route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(key))}?${query}`;
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await fetch(url, {
          method: route.method,
          headers: { authorization: `Bearer ${key}`, 'x-hub-signature-256': signBody(body, B_APP_SECRET), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          body: hasBody ? body : undefined,
        });
        const text = await res.text();
        if (res.status >= 500) leaks.push(`${name}: ${route.method} ${route.url} → ${res.status}`);
        for (const marker of markersOfA) if (text.includes(marker)) leaks.push(`${name}: ${route.method} ${route.url} answered A's ${marker}`);
        // A verification GET with A's verify token must never echo the challenge on B's keys.
        if (route.url.includes('webhook') && route.method === 'GET' && text === '7') leaks.push(`${name}: ${route.url} verified with A's verify token`);
      }
    }
    expect(leaks).toEqual([]);
    // Queued webhook deliveries are processed before the verdict: one of B's own, sent last, is stored.
    const own = whatsappMessage(b.cloud.number, { waId: '5521' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Cliente de B' }, { type: 'text', text: { body: 'de B para B' } });
    expect(await graph.deliver(`${k.apiUrl}/whatsappapi/webhook/${b.cloud.webhookId}`, own.payload, 'signed', B_APP_SECRET)).toBe(200);
    await waitFor(() => k.db('messages').where({ wid: own.id }).first('id'), { timeout: 15000 });
    expect(await snapshotOfA()).toBe(before);
  }, 180_000);

  it("reads and writes only B's conversation through B's widget key, even with A's visitor id", async () => {
    const before = await snapshotOfA();
    const history = await fetch(`${k.apiUrl}/webchat/${b.widget.key}/messages?visitorId=${visitorA}`);
    expect(history.status).toBe(200);
    const page = await history.json();
    expect(page.messages).toEqual([]);
    expect(JSON.stringify(page)).not.toContain(SECRET_OF_A);
    const look = await (await fetch(`${k.apiUrl}/webchat/${b.widget.key}/site`)).json();
    expect(look.title).toBe('Loja B');

    const form = new FormData();
    form.append('visitorId', visitorA);
    form.append('clientId', randomBytes(8).toString('hex'));
    form.append('file', new Blob([new Uint8Array(Buffer.from('um arquivo'))], { type: 'text/plain' }), 'nota.txt');
    const upload = await fetch(`${k.apiUrl}/webchat/${b.widget.key}/messages`, { method: 'POST', body: form });
    expect(upload.status).toBe(201);
    const socket = await connectVisitor(k.url, { token: b.widget.key, visitorId: visitorA }, sockets);
    const said = await say(socket, 'pelo widget de B');
    expect(said.message).toBeTruthy();
    const stored = await k.db('messages').where({ body: 'pelo widget de B' }).first('companyId');
    expect(stored.companyId).toBe(b.company.company.id);
    expect(await snapshotOfA()).toBe(before);
  });

  it("refuses B's verify token and app secret on A's webhook, and takes nothing for A's number on B's", async () => {
    const before = await snapshotOfA();
    const verify = (webhookId: string, token: string) => fetch(`${k.apiUrl}/whatsappapi/webhook/${webhookId}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=9`);
    expect((await verify(a.cloud.webhookId, b.cloud.number.verifyToken)).status).toBe(403);
    expect((await verify(b.cloud.webhookId, a.cloud.number.verifyToken)).status).toBe(403);
    expect((await verify(a.cloud.token, b.cloud.number.verifyToken)).status).toBe(403);

    const forA = messageForA('assinada com o segredo de B');
    expect(await graph.deliver(`${k.apiUrl}/whatsappapi/webhook/${a.cloud.webhookId}`, forA.payload, 'signed', B_APP_SECRET)).toBe(401);
    expect(await graph.deliver(`${k.apiUrl}/whatsappapi/webhook/${a.cloud.token}`, forA.payload, 'signed', B_APP_SECRET)).toBe(401);
    expect(await graph.deliver(`${k.apiUrl}/facebook/webhook`, { object: 'page', entry: [] }, 'signed', B_APP_SECRET)).toBe(401);
    expect(await graph.deliver(`${k.apiUrl}/instagram/webhook`, { object: 'instagram', entry: [] }, 'signed', B_APP_SECRET)).toBe(401);
    // B's own URL and secret, carrying A's number: accepted from Meta's side, dropped for A.
    expect(await graph.deliver(`${k.apiUrl}/whatsappapi/webhook/${b.cloud.webhookId}`, forA.payload, 'signed', B_APP_SECRET)).toBe(200);
    const own = whatsappMessage(b.cloud.number, { waId: '5521' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Cliente de B' }, { type: 'text', text: { body: 'depois' } });
    expect(await graph.deliver(`${k.apiUrl}/whatsappapi/webhook/${b.cloud.webhookId}`, own.payload, 'signed', B_APP_SECRET)).toBe(200);
    await waitFor(() => k.db('messages').where({ wid: own.id }).first('id'), { timeout: 15000 });
    expect(await k.db('messages').where({ wid: forA.id }).first('id')).toBeUndefined();
    expect(await snapshotOfA()).toBe(before);
  });
});

/**
 * The routes that answer without a session: an anonymous call is not refused with 401/403 (checked
 * once per route), and the Meta webhooks, which refuse the anonymous call but take signed ones.
 */
let found: { method: string; url: string }[] | null = null;
function publicRoutes(): { method: string; url: string }[] {
  if (!found) throw new Error('public routes not collected');
  return found;
}

beforeAll(async () => {
  const catalog = k.kernel.app.routeCatalog.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*') && !r.url.startsWith('/api/docs'));
  const routes: { method: string; url: string }[] = [];
  for (const route of catalog) {
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const res = await fetch(`${k.url}${route.url.replace(/:[A-Za-z_]+/g, '1')}`, {
      method: route.method,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      body: hasBody ? '{}' : undefined,
    });
    await res.arrayBuffer();
    if ((res.status !== 401 && res.status !== 403) || route.url.includes('/webhook')) routes.push({ method: route.method, url: route.url });
  }
  found = routes;
}, 120_000);
