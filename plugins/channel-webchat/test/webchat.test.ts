import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestKernel, nextEvent, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '../src/plugin.js';
import { connectVisitor, createWebchatConnection, newClientId, newVisitorId, say } from './support.js';

/**
 * The website chat channel against a real kernel: visitors on the /webchat namespace, the public
 * routes, and an agent answering through the messages API. Small limits so they can be reached.
 */
const MAX_UPLOAD = 2048;
const RATE = 3;

let k: TestKernel;
let company: TestCompany;
let connection: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  k = await createTestKernel({ plugins: [createWebchatChannel({ rateLimit: { max: RATE, windowMs: 60_000 }, maxUploadBytes: MAX_UPLOAD })] });
  company = await k.createCompany();
  connection = await createWebchatConnection(k, company.admin);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await k?.close();
});

const visitor = (visitorId = newVisitorId(), extra: Record<string, string> = {}) =>
  connectVisitor(k.url, { token: connection.token, visitorId, ...extra }, sockets);

async function history(visitorId: string, token = connection.token) {
  const res = await fetch(`${k.apiUrl}/webchat/${token}/messages?visitorId=${visitorId}`);
  return { status: res.status, body: (await res.json()) as any };
}

function upload(fields: Record<string, string>, file: { data: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fetch(`${k.apiUrl}/webchat/${connection.token}/messages`, { method: 'POST', body: form });
}

describe('the widget script', () => {
  it('is served as JavaScript, with the socket.io client it loads', async () => {
    const res = await fetch(`${k.apiUrl}/webchat/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    const text = await res.text();
    expect(text).toContain('data-token');
    const client = await fetch(`${k.url}/socket.io/socket.io.js`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/javascript/);
  });
});

describe('visitor authentication', () => {
  it('refuses an unknown token, another channel’s token and a malformed visitor id', async () => {
    await expect(connectVisitor(k.url, { token: 'A'.repeat(30), visitorId: newVisitorId() }, sockets)).rejects.toThrow('ERR_NO_WAPP_FOUND');
    await expect(connectVisitor(k.url, { token: connection.token, visitorId: 'short' }, sockets)).rejects.toThrow('ERR_VALIDATION');
    const other = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Phone', channel: 'whatsappapi' } });
    expect(other.status).toBeLessThan(300);
    await expect(connectVisitor(k.url, { token: (await k.db('whatsapps').where({ id: other.body.id }).first('token')).token, visitorId: newVisitorId() }, sockets)).rejects.toThrow('ERR_NO_WAPP_FOUND');
    expect((await history(newVisitorId(), 'B'.repeat(30))).status).toBe(404);
    expect((await history('bad id')).status).toBe(400);
  });

  it('ends the visitors of a connection that is logged out, and refuses new ones', async () => {
    const second = await createWebchatConnection(k, company.admin, 'Second site');
    await waitFor(async () => (await k.db('whatsapps').where({ id: second.id }).first('status')).status === 'CONNECTED');
    const socket = await connectVisitor(k.url, { token: second.token, visitorId: newVisitorId() }, sockets);
    const ended = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await k.api('DELETE', `/whatsappsession/${second.id}`, { token: company.admin.token })).status).toBeLessThan(300);
    expect(await ended).toBe('io server disconnect');
    await expect(connectVisitor(k.url, { token: second.token, visitorId: newVisitorId() }, sockets)).rejects.toThrow('ERR_NO_WAPP_FOUND');
  });
});

describe('a visitor writes', () => {
  it('becomes one contact, ticket and message, live for the agents; a resend changes nothing', async () => {
    const visitorId = newVisitorId();
    const socket = await visitor(visitorId, { name: 'Maria Silva', email: 'maria@example.com', phone: '+55 11 99999-0000' });
    const agent = await k.socket(company.admin.token);
    const live = nextEvent(agent, `company-${company.company.id}-appMessage`, (p) => p.message?.body === 'Hello there');
    const clientId = newClientId();
    const answer = await say(socket, 'Hello there', clientId);
    expect(answer.message).toMatchObject({ body: 'Hello there', fromVisitor: true, mediaType: 'chat' });
    expect((await live).contact?.name ?? (await live).ticket?.contact?.name).toBe('Maria Silva');

    const again = await say(socket, 'Hello there', clientId);
    expect(again.message.wid).toBe(answer.message.wid);
    const stored = await k.db('messages').where({ whatsappId: connection.id, body: 'Hello there' });
    expect(stored).toHaveLength(1);

    const contact = await k.db('contacts').where({ id: stored[0].contactId }).first();
    expect(contact).toMatchObject({ channel: 'webchat', name: 'Maria Silva', email: 'maria@example.com' });
    // The visitor id is their credential: the inbox sees a digest of it (the contact's address), never the id itself;
    // the contact's number is the phone they typed (issue #32).
    expect(contact.remoteJid).toMatch(/^v[0-9a-f]{31}$/);
    expect(contact.remoteJid).not.toContain(visitorId);
    expect(contact.number).toBe('5511999990000');
    const ticket = await k.db('tickets').where({ id: stored[0].ticketId }).first();
    expect(ticket).toMatchObject({ status: 'pending', whatsappId: connection.id, channel: 'webchat' });
  });

  it('echoes a message to the visitor’s other tabs', async () => {
    const visitorId = newVisitorId();
    const tab1 = await visitor(visitorId);
    const tab2 = await visitor(visitorId);
    const echoed = nextEvent(tab2, 'message', (m) => m.body === 'from tab 1');
    await say(tab1, 'from tab 1');
    expect((await echoed).fromVisitor).toBe(true);
  });

  it('answers invalid messages with a validation error and stores nothing', async () => {
    const socket = await visitor();
    const before = await k.db('messages').where({ whatsappId: connection.id }).count({ n: '*' });
    expect(await socket.timeout(5000).emitWithAck('message', { clientId: newClientId(), body: '   ' })).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(await socket.timeout(5000).emitWithAck('message', { clientId: 'x', body: 'hi' })).toMatchObject({ error: 'ERR_VALIDATION' });
    const after = await k.db('messages').where({ whatsappId: connection.id }).count({ n: '*' });
    expect(after).toEqual(before);
  });

  it('is rate-limited per visitor', async () => {
    const visitorId = newVisitorId();
    const socket = await visitor(visitorId);
    for (let i = 0; i < RATE; i++) expect((await say(socket, `burst ${i}`)).message).toBeTruthy();
    expect(await say(socket, 'one too many')).toEqual({ error: 'ERR_RATE_LIMITED' });
    // A second tab shares the budget; another visitor has their own.
    expect(await say(await visitor(visitorId), 'from another tab')).toEqual({ error: 'ERR_RATE_LIMITED' });
    expect((await say(await visitor(), 'someone else')).message).toBeTruthy();
    expect(await k.db('messages').where({ whatsappId: connection.id, body: 'one too many' })).toHaveLength(0);
  });

  it('reports typing to the agents who see the ticket', async () => {
    const socket = await visitor();
    const first = await say(socket, 'typing next');
    const ticketId = (await k.db('messages').where({ whatsappId: connection.id, wid: first.message.wid }).first('ticketId')).ticketId;
    const agent = await k.socket(company.admin.token);
    const presence = nextEvent(agent, `company-${company.company.id}-presence`, (p) => p.ticketId === ticketId);
    socket.emit('typing', { state: 'composing' });
    expect(await presence).toMatchObject({ action: 'update', ticketId, presence: 'composing' });
  });
});

describe('history', () => {
  it('shows a visitor only their own conversation', async () => {
    const alice = newVisitorId();
    const bob = newVisitorId();
    await say(await visitor(alice), 'alice secret');
    await say(await visitor(bob), 'bob question');
    const a = await history(alice);
    expect(a.status).toBe(200);
    expect(a.body.connection.name).toBe('Site');
    expect(a.body.messages.map((m: any) => m.body)).toEqual(['alice secret']);
    const b = await history(bob);
    expect(b.body.messages.map((m: any) => m.body)).toEqual(['bob question']);
    expect((await history(newVisitorId())).body.messages).toEqual([]);
  });
});

describe('agent replies', () => {
  it('reach the visitor live; delivered and read acks come back; another visitor cannot ack them', async () => {
    const visitorId = newVisitorId();
    const socket = await visitor(visitorId);
    const first = await say(socket, 'need help');
    const { ticketId } = await k.db('messages').where({ whatsappId: connection.id, wid: first.message.wid }).first('ticketId');

    const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Support', color: '#1565c0', greetingMessage: 'Hi' } });
    expect(queue.status, JSON.stringify(queue.body)).toBeLessThan(300);
    const accepted = await k.api('PUT', `/tickets/${ticketId}`, {
      token: company.admin.token,
      body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const incoming = nextEvent(socket, 'message', (m) => !m.fromVisitor);
    const sent = await k.api('POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body: 'How can I help?' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const reply = await incoming;
    expect(reply).toMatchObject({ fromVisitor: false, mediaType: 'chat' });
    expect(reply.body).toContain('How can I help?');
    const row = () => k.db('messages').where({ id: sent.body.messages[0].id }).first('id', 'wid', 'ack');
    await waitFor(async () => (await row())?.wid === reply.wid);

    const intruder = await visitor();
    intruder.emit('read', { wids: [reply.wid] });
    socket.emit('delivered', { wids: [reply.wid] });
    await waitFor(async () => (await row()).ack === 2);
    socket.emit('read', { wids: [reply.wid] });
    await waitFor(async () => (await row()).ack === 3);

    const h = await history(visitorId);
    expect(h.body.messages.map((m: any) => [m.wid, m.fromVisitor])).toEqual([
      [first.message.wid, true],
      [reply.wid, false],
    ]);
  });
  it('deliver an image to the visitor at a URL that serves the same bytes', async () => {
    const visitorId = newVisitorId();
    const socket = await visitor(visitorId);
    const first = await say(socket, 'send me the picture');
    const { ticketId } = await k.db('messages').where({ whatsappId: connection.id, wid: first.message.wid }).first('ticketId');
    const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Pictures', color: '#6a1b9a', greetingMessage: 'Hi' } });
    await k.api('PUT', `/tickets/${ticketId}`, { token: company.admin.token, body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id } });
    const bytes = Buffer.from('89504e470d0a1a0a-picture-bytes');
    const form = new FormData();
    form.append('medias', new Blob([bytes], { type: 'image/png' }), 'photo.png');
    form.append('body', 'here it is');
    const incoming = nextEvent(socket, 'message', (m) => !m.fromVisitor && m.mediaType === 'image');
    const sent = await k.api('POST', `/messages/${ticketId}`, { token: company.admin.token, body: form });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const reply = await incoming;
    expect(reply.mediaUrl).toMatch(/^\/public\/company\d+\/messages\/.+\.png$/);
    const served = await fetch(`${k.url}${reply.mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });
});

describe('media', () => {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200)]);

  it('stores an allowed file under the extension of its type and serves it', async () => {
    const visitorId = newVisitorId();
    const res = await upload({ visitorId, clientId: newClientId() }, { data: png, type: 'image/png', name: 'evil.html' });
    expect(res.status).toBe(201);
    const { message } = (await res.json()) as any;
    expect(message).toMatchObject({ fromVisitor: true, mediaType: 'image' });
    expect(message.mediaUrl).toMatch(/^\/public\/.+\.png$/);
    const served = await fetch(`${k.url}${message.mediaUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await history(visitorId)).body.messages[0].mediaUrl).toBe(message.mediaUrl);
  });

  it('refuses a file too large, a type not allowed, a missing file and an unknown token, storing nothing', async () => {
    const count = () => k.db('messages').where({ whatsappId: connection.id }).whereNotNull('mediaUrl').count({ n: '*' });
    const before = await count();
    const visitorId = newVisitorId();
    const big = await upload({ visitorId, clientId: newClientId() }, { data: Buffer.alloc(MAX_UPLOAD + 1), type: 'image/png', name: 'big.png' });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const html = await upload({ visitorId, clientId: newClientId() }, { data: Buffer.from('<script>alert(1)</script>'), type: 'text/html', name: 'x.html' });
    expect(html.status).toBe(400);
    expect(await html.json()).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ message: 'validation.webchatFileType' }] });
    const noVisitor = await upload({ clientId: newClientId() }, { data: png, type: 'image/png', name: 'a.png' });
    expect(noVisitor.status).toBe(400);
    const form = new FormData();
    form.append('visitorId', visitorId);
    form.append('clientId', newClientId());
    const noFile = await fetch(`${k.apiUrl}/webchat/${connection.token}/messages`, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    const unknown = await fetch(`${k.apiUrl}/webchat/${'C'.repeat(30)}/messages`, { method: 'POST', body: form });
    expect(unknown.status).toBe(404);
    expect(await count()).toEqual(before);
  });
});
