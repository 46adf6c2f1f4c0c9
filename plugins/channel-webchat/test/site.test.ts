import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '../src/plugin.js';
import { connectVisitor, createWebchatConnection, newVisitorId, say } from './support.js';

/**
 * The connection dialog's "Site" section: the widget's default look and the sites allowed to
 * embed it (REST for admins), the look the widget reads, the origin check on every visitor door
 * (handshake, history, media) and the preview page on Guichê's own origin.
 */
let k: TestKernel;
let company: TestCompany;
let other: TestCompany;
let connection: { id: number; token: string };
const sockets: Socket[] = [];
const SHOP = 'https://shop.example.com';

beforeAll(async () => {
  k = await createTestKernel({ plugins: [createWebchatChannel()] });
  company = await k.createCompany();
  other = await k.createCompany();
  connection = await createWebchatConnection(k, company.admin);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await k?.close();
});

const site = (token = company.admin.token, id = connection.id) => k.api('GET', `/webchat/sites/${id}`, { token });
const saveSite = (body: unknown, token = company.admin.token, id = connection.id) => k.api('PUT', `/webchat/sites/${id}`, { token, body });
const look = (origin?: string) => fetch(`${k.apiUrl}/webchat/${connection.token}/site`, { headers: origin ? { origin } : {} });

/** Connects a visitor whose page is on `origin`; resolves null when connected, else the handshake error. */
async function handshakeFrom(origin: string | undefined): Promise<string | null> {
  const socket = io(`${k.url}/webchat`, {
    auth: { token: connection.token, visitorId: newVisitorId() },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: origin ? { origin } : {},
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

describe('site settings (admins)', () => {
  it('start with the defaults and the token for the snippet', async () => {
    const res = await site();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: null, color: null, position: 'right', lang: null, allowedOrigins: [], token: connection.token });
  });

  it('refuse what is not an origin, a colour or a language, and store nothing', async () => {
    for (const [body, path, message] of [
      [{ allowedOrigins: ['https://shop.example.com/loja'] }, 'allowedOrigins.0', 'validation.webchatOrigin'],
      [{ allowedOrigins: ['shop.example.com'] }, 'allowedOrigins.0', 'validation.webchatOrigin'],
      [{ allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) }, 'allowedOrigins', 'validation.webchatOrigin'],
      [{ color: 'blue' }, 'color', 'validation.webchatColor'],
      [{ lang: 'fr' }, 'lang', 'validation.option'],
      [{ position: 'top' }, 'position', 'validation.option'],
      [{ title: 'x'.repeat(61) }, 'title', 'validation.tooLong'],
    ] as const) {
      const res = await saveSite(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
      expect(JSON.stringify(res.body)).toContain(path.split('.')[0]);
    }
    expect(await k.db('webchatSites').where({ connectionId: connection.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('save the look and the allowed sites (normalised, deduplicated)', async () => {
    const res = await saveSite({ title: 'Loja Exemplo', color: '#AA3366', position: 'left', lang: 'es', allowedOrigins: [`${SHOP}/`, 'HTTPS://Shop.Example.com', 'http://localhost:8080'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Loja Exemplo', color: '#aa3366', position: 'left', lang: 'es', allowedOrigins: [SHOP, 'http://localhost:8080'] });
    expect((await site()).body.allowedOrigins).toEqual([SHOP, 'http://localhost:8080']);
  });

  it('belong to the company admins: a plain user 403, another company and other channels 404', async () => {
    const agent = await k.createUser(company.company.id);
    expect((await site(agent.token)).status).toBe(403);
    expect((await saveSite({ title: 'x' }, agent.token)).status).toBe(403);
    expect(await site(other.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await saveSite({ title: 'Invasor' }, other.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const whatsapp = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Celular', channel: 'whatsapp' } });
    expect((await site(company.admin.token, whatsapp.body.id)).status).toBe(404);
    expect((await site()).body.title).toBe('Loja Exemplo');
  });
});

describe('visitors on allowed and other sites', () => {
  it('give the widget its look, without the list of sites', async () => {
    const res = await look(SHOP);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ title: 'Loja Exemplo', color: '#aa3366', position: 'left', lang: 'es' });
  });

  it('refuse another site, and a request without an origin, at every door', async () => {
    for (const origin of ['https://evil.example.net', undefined]) {
      const res = await look(origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'ERR_ORIGIN_NOT_ALLOWED' });
      expect(await handshakeFrom(origin)).toBe('ERR_ORIGIN_NOT_ALLOWED');
      const history = await fetch(`${k.apiUrl}/webchat/${connection.token}/messages?visitorId=${newVisitorId()}`, { headers: origin ? { origin } : {} });
      expect(history.status).toBe(403);
    }
    expect(await handshakeFrom(SHOP)).toBeNull();
    expect(await handshakeFrom('http://localhost:8080')).toBeNull();
  });

  it('always let Guichê\'s own origin in (its preview page), and any site once the list is empty', async () => {
    expect(await handshakeFrom(k.url)).toBeNull();
    const preview = await fetch(`${k.apiUrl}/webchat/${connection.token}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await preview.text();
    expect(html).toContain(`data-token="${connection.token}"`);
    expect(html).toContain('<title>Loja Exemplo</title>');

    await saveSite({ allowedOrigins: [] });
    expect(await handshakeFrom('https://evil.example.net')).toBeNull();
    expect((await look()).status).toBe(200);
  });

  it('answer 404 for an unknown token', async () => {
    expect((await fetch(`${k.apiUrl}/webchat/${'Z'.repeat(30)}/site`)).status).toBe(404);
    expect((await fetch(`${k.apiUrl}/webchat/${'Z'.repeat(30)}/preview`)).status).toBe(404);
  });
});

describe('rotating the site key', () => {
  it('gives a new key, keeps open visitors and the old key working, and is for admins of the company only', async () => {
    const rotation = await createWebchatConnection(k, company.admin, 'Rotating');
    await waitFor(async () => (await k.db('whatsapps').where({ id: rotation.id }).first('status')).status === 'CONNECTED');
    const open = await connectVisitor(k.url, { token: rotation.token, visitorId: newVisitorId() }, sockets);

    const agent = await k.createUser(company.company.id, { profile: 'user' });
    expect((await k.api('POST', `/webchat/sites/${rotation.id}/key`, { token: agent.token })).status).toBe(403);
    expect(await k.api('POST', `/webchat/sites/${rotation.id}/key`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });

    const rotated = await k.api('POST', `/webchat/sites/${rotation.id}/key`, { token: company.admin.token });
    expect(rotated.status).toBe(200);
    const key = rotated.body.token as string;
    expect(key).toMatch(/^[A-Z0-9]{30}$/);
    expect(key).not.toBe(rotation.token);
    expect((await k.api('GET', `/webchat/sites/${rotation.id}`, { token: company.admin.token })).body.token).toBe(key);

    expect(await say(open, 'still here')).toMatchObject({ message: { body: 'still here' } });
    const reconnected = await connectVisitor(k.url, { token: rotation.token, visitorId: newVisitorId() }, sockets);
    expect(await say(reconnected, 'old snippet')).toMatchObject({ message: { body: 'old snippet' } });
    const fresh = await connectVisitor(k.url, { token: key, visitorId: newVisitorId() }, sockets);
    expect(await say(fresh, 'new snippet')).toMatchObject({ message: { body: 'new snippet' } });

    await k.db('webchatPreviousKeys').where({ connectionId: rotation.id }).update({ validUntil: new Date(Date.now() - 1000) });
    await expect(connectVisitor(k.url, { token: rotation.token, visitorId: newVisitorId() }, sockets)).rejects.toThrow('ERR_NO_WAPP_FOUND');
  });

  it('refuses a bad id, no session, a plain user, another company and another channel, and rotates nothing then', async () => {
    const target = await createWebchatConnection(k, company.admin, 'Untouched');
    const rotate = (id: number | string, token?: string) => k.api('POST', `/webchat/sites/${id}/key`, token ? { token } : {});
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect(await rotate(bad, company.admin.token), bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await rotate(target.id)).status).toBe(401);
    const agent = await k.createUser(company.company.id, { profile: 'user' });
    expect((await rotate(target.id, agent.token)).status).toBe(403);
    expect(await rotate(target.id, other.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const whatsapp = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Celular 2', channel: 'whatsapp' } });
    const whatsappToken = (await k.db('whatsapps').where({ id: whatsapp.body.id }).first('token')).token;
    expect(await rotate(whatsapp.body.id, company.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });

    const tokens = await k.db('whatsapps').whereIn('id', [target.id, whatsapp.body.id]).orderBy('id').pluck('token');
    expect(tokens).toEqual([target.token, whatsappToken]);
    expect(await k.db('webchatPreviousKeys').whereIn('connectionId', [target.id, whatsapp.body.id]).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});
