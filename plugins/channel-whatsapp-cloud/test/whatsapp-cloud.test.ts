import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type ConformanceContext, type TestKernel } from '@guiche/core/testing';
import { whatsappMessage, whatsappStatus } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { CloudPeer, webhookUrl } from './support.js';

/**
 * WhatsApp Cloud beyond the conformance kit, against the fake Graph API: every inbound type,
 * media that fails transiently, statuses and failures, templates, the window, verification,
 * signatures, token expiry, rate limits and concurrent deliveries.
 */
const peer = new CloudPeer();
let k: TestKernel;
let ctx: ConformanceContext;

const db = () => k.db;
const stored = (wid: string) => db()('messages').where({ whatsappId: ctx.connection.id, wid }).first();
const waitStored = (wid: string) => waitFor(() => stored(wid), { timeout: 15000 });
const admin = () => ctx.company.admin.token;

async function newConnection(name: string, token = admin()) {
  const res = await k.api('POST', '/whatsapp', { token, body: { name, channel: 'whatsappapi' } });
  expect(res.status).toBe(201);
  // The token is never in a connection's answer (#29): the test reads it from the row.
  return { id: res.body.id as number, token: (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token as string };
}

async function connected(id: number) {
  await waitFor(async () => (await db()('whatsapps').where({ id }).first('status'))?.status === 'CONNECTED', { timeout: 15000 });
}

beforeAll(async () => {
  await peer.setup();
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()] });
  const company = await k.createCompany();
  const connection = await newConnection('Cloud', company.admin.token);
  ctx = { kernel: k, company, connection: { id: connection.id, token: connection.token, companyId: company.company.id, channel: 'whatsappapi' } };
  await peer.connect(ctx);
  await connected(connection.id).catch(async (err) => {
    throw new Error(`${err}: ${JSON.stringify(await db()('whatsapps').where({ id: connection.id }).first('status'))} ${JSON.stringify(await db()('whatsappCloudAccounts').first('lastError'))}`);
  });
});

afterAll(async () => {
  await k?.close();
  await peer.teardown();
});

describe('WhatsApp Cloud connection', () => {
  it('shows the number from the Graph check and keeps the secrets masked and encrypted', async () => {
    const row = await db()('whatsapps').where({ id: ctx.connection.id }).first('number', 'status');
    expect(row.status).toBe('CONNECTED');
    expect(row.number).toMatch(/^1555000\d{4}$/);
    const res = await k.api('GET', `/whatsappapi/${ctx.connection.id}/credentials`, { token: admin() });
    expect(res.status).toBe(200);
    const { webhookId } = await db()('whatsappCloudWebhooks').where({ connectionId: ctx.connection.id }).first('webhookId');
    expect(webhookId).toMatch(/^wh-[0-9a-f]{32}$/);
    expect(res.body.webhookUrl).toBe(`${new URL(k.apiUrl).origin}/api/whatsappapi/webhook/${webhookId}`);
    expect(res.body.webhookUrl).not.toContain(ctx.connection.token);
    expect(res.body.phoneNumberId).toBe(peer.number.phoneNumberId);
    expect(JSON.stringify(res.body)).not.toContain(peer.number.accessToken);
    expect(JSON.stringify(res.body)).not.toContain(peer.fake.appSecret);
    expect(res.body.accessToken).toBe(`••••${peer.number.accessToken.slice(-4)}`);
    const raw = await db()('whatsappCloudAccounts').where({ connectionId: ctx.connection.id }).first();
    expect(JSON.stringify(raw)).not.toContain(peer.number.accessToken);
    expect(JSON.stringify(raw)).not.toContain(peer.fake.appSecret);
  });

  it('refuses bad credentials input with ERR_VALIDATION and a user that is not admin', async () => {
    const bad = await k.api('PUT', `/whatsappapi/${ctx.connection.id}/credentials`, { token: admin(), body: { phoneNumberId: 'abc', wabaId: '1', verifyToken: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const user = await k.createUser(ctx.company.company.id, { profile: 'user' });
    const denied = await k.api('PUT', `/whatsappapi/${ctx.connection.id}/credentials`, { token: user.token, body: { phoneNumberId: '1', wabaId: '1', verifyToken: 'xxxxxxxxxx' } });
    expect(denied.status).toBe(403);
    const other = await k.createCompany();
    const foreign = await k.api('GET', `/whatsappapi/${ctx.connection.id}/credentials`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
  });

  it('answers the verification GET only with the right verify token', async () => {
    const base = await webhookUrl(ctx);
    const url = (token: string, mode = 'subscribe') => `${base}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const right = await fetch(url(peer.number.verifyToken));
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('1158201444');
    expect((await fetch(url('wrong-token'))).status).toBe(403);
    expect((await fetch(url(peer.number.verifyToken, 'unsubscribe'))).status).toBe(403);
    expect((await fetch(`${k.apiUrl}/whatsappapi/webhook/NOSUCHTOKEN?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)).status).toBe(403);
  });

  it('rejects unsigned and forged deliveries (401) and stores nothing', async () => {
    const { id, payload } = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'forged' } });
    expect(await peer.deliver(payload, 'unsigned')).toBe(401);
    expect(await peer.deliver(payload, 'forged')).toBe(401);
    expect(await peer.fake.deliver(await webhookUrl(ctx), payload, 'signed', 'another-apps-secret')).toBe(401);
    // The same payload, signed, goes through: only the signature made the difference.
    expect(await peer.deliver(payload)).toBe(200);
    await waitStored(id);
    expect(await db()('messages').where({ whatsappId: ctx.connection.id, body: 'forged' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('inbound', () => {
  it('stores every message type', async () => {
    const image = peer.fake.addMedia(Buffer.from('\xff\xd8\xff image'), 'image/jpeg');
    const audio = peer.fake.addMedia(Buffer.from('OggS voice'), 'audio/ogg');
    const video = peer.fake.addMedia(Buffer.from('mp4 video'), 'video/mp4');
    const sticker = peer.fake.addMedia(Buffer.from('RIFF webp'), 'image/webp');
    const doc = peer.fake.addMedia(Buffer.from('%PDF doc'), 'application/pdf');
    const first = await peer.send({ type: 'text', text: { body: 'first' } });
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ type: 'image', image: { id: image, mime_type: 'image/jpeg', caption: 'a photo' } }, { mediaType: 'image', body: 'a photo' }],
      [{ type: 'audio', audio: { id: audio, mime_type: 'audio/ogg; codecs=opus', voice: true } }, { mediaType: 'audio' }],
      [{ type: 'video', video: { id: video, mime_type: 'video/mp4' } }, { mediaType: 'video' }],
      [{ type: 'sticker', sticker: { id: sticker, mime_type: 'image/webp', animated: false } }, { mediaType: 'sticker' }],
      [{ type: 'document', document: { id: doc, mime_type: 'application/pdf', filename: 'invoice.pdf' } }, { mediaType: 'document', mediaName: 'invoice.pdf' }],
      [{ type: 'location', location: { latitude: -23.55, longitude: -46.63, name: 'Office', address: 'Av. Paulista' } }, { mediaType: 'locationMessage', body: 'Office — Av. Paulista' }],
      [{ type: 'contacts', contacts: [{ name: { formatted_name: 'Ana Lima' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }] }] }, { mediaType: 'contactMessage' }],
      [{ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes please' } } }, { mediaType: 'chat', body: 'Yes please' }],
      [{ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'opt2', title: 'Option 2', description: 'second' } } }, { mediaType: 'chat', body: 'Option 2' }],
      [{ type: 'button', button: { text: 'Confirm', payload: 'CONFIRM' } }, { mediaType: 'chat', body: 'Confirm' }],
      [{ type: 'reaction', reaction: { message_id: first.wid, emoji: '❤️' } }, { mediaType: 'reactionMessage', body: '❤️' }],
    ];
    for (const [content, expected] of cases) {
      const { wid } = await peer.send(content);
      const row = await waitStored(wid);
      expect(row, JSON.stringify(content)).toMatchObject({ fromMe: false, ...expected });
      if (['image', 'audio', 'video', 'sticker', 'document'].includes(String(content.type))) {
        const media = peer.fake.media.get((content[String(content.type)] as { id: string }).id)!;
        expect((await k.kernel.core.storage.read(row.mediaUrl)).equals(media.data)).toBe(true);
      }
    }
    const contactCard = await db()('messages').where({ whatsappId: ctx.connection.id, mediaType: 'contactMessage' }).first('body');
    expect(contactCard.body).toContain('FN:Ana Lima');
    const reaction = await db()('messages').where({ whatsappId: ctx.connection.id, mediaType: 'reactionMessage' }).first('data');
    expect(reaction.data).toMatchObject({ targetWid: first.wid, emoji: '❤️' });
    // A reply carries its context: the quoted message is linked.
    const reply = await peer.send({ type: 'text', text: { body: 'about that' } }, { context: { from: peer.contact.waId, id: first.wid } });
    const quoted = await stored(first.wid);
    expect((await waitStored(reply.wid)).quotedMsgId).toBe(quoted.id);
    const contact = await db()('contacts').where({ id: quoted.contactId }).first('name', 'number', 'channel');
    expect(contact).toEqual({ name: peer.contact.name, number: peer.contact.waId, channel: 'whatsappapi' });
  });

  it('stores a media message at once when the download fails, and fills its file in after transient 5xx errors', async () => {
    const data = Buffer.from(`%PDF transient ${Date.now()}`);
    const id = peer.fake.addMedia(data, 'application/pdf');
    peer.fake.failMediaDownloads(3);
    const { wid } = await peer.send({ type: 'document', document: { id, mime_type: 'application/pdf', filename: 'late.pdf', caption: 'late file' } });
    const first = await waitStored(wid);
    expect(first.body).toBe('late file');
    const filled = await waitFor(async () => {
      const row = await stored(wid);
      return row.mediaUrl ? row : null;
    }, { timeout: 15000 });
    expect((await k.kernel.core.storage.read(filled.mediaUrl)).equals(data)).toBe(true);
    expect(filled.data.mediaPending).toBeUndefined();
    expect(await db()('messages').where({ whatsappId: ctx.connection.id, wid }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('a replayed webhook changes nothing', async () => {
    const { wid } = await peer.send({ type: 'text', text: { body: 'replay me' } });
    const row = await waitStored(wid);
    const before = await db()('tickets').where({ id: row.ticketId }).first('unreadMessages', 'lastMessage');
    const count = async () => (await db()('messages').where({ whatsappId: ctx.connection.id }).count({ n: '*' }))[0]!.n;
    const total = await count();
    await peer.replay(wid);
    await peer.replay(wid);
    const marker = await peer.send({ type: 'text', text: { body: 'after replays' } });
    await waitStored(marker.wid);
    expect(await count()).toBe(Number(total) + 1);
    const after = await db()('tickets').where({ id: row.ticketId }).first('unreadMessages');
    expect(after.unreadMessages).toBe(before.unreadMessages + 1);
  });

  it('50 concurrent deliveries from one new contact make one contact, one ticket and fifty messages', async () => {
    const contact = { waId: '5521' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Burst' };
    const messages = Array.from({ length: 50 }, (_, i) => whatsappMessage(peer.number, contact, { type: 'text', text: { body: `burst ${i}` } }));
    const statuses = await Promise.all(messages.map((m) => peer.deliver(m.payload)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await waitFor(async () => Number((await db()('messages').where({ whatsappId: ctx.connection.id }).whereIn('wid', messages.map((m) => m.id)).count({ n: '*' }))[0]!.n) === 50, { timeout: 30000 });
    const contacts = await db()('contacts').where({ companyId: ctx.company.company.id, number: contact.waId });
    expect(contacts).toHaveLength(1);
    const tickets = await db()('tickets').where({ contactId: contacts[0].id });
    expect(tickets).toHaveLength(1);
    expect(await db()('messages').where({ ticketId: tickets[0].id }).count({ n: '*' })).toEqual([{ n: 50 }]);
  });
});

describe('outbound', () => {
  let ticketId: number;
  let inboundWid: string;

  beforeAll(async () => {
    const { wid } = await peer.send({ type: 'text', text: { body: 'to answer' } });
    ticketId = (await waitStored(wid)).ticketId;
    inboundWid = wid;
  });

  const send = (body: Record<string, unknown>) => k.kernel.core.channels.sender.send({ companyId: ctx.company.company.id, ticketId, userId: ctx.company.admin.user.id, body: '', ...body } as never);

  it('sends a reply with its context, a document by upload, acks from statuses and a failure with Meta\'s code', async () => {
    const quoted = await stored(inboundWid);
    const { id } = await send({ body: 'replying', quotedMsgId: quoted.id });
    const call = await peer.fake.nextCall((c) => c.body?.text?.body === 'replying');
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', to: peer.contact.waId, type: 'text', context: { message_id: inboundWid } });
    expect(call.token).toBe(peer.number.accessToken);
    const wid = call.response.messages[0].id;
    await waitFor(async () => (await db()('messages').where({ id }).first())?.wid === wid);

    const file = (await k.kernel.core.storage.save(ctx.company.company.id, 'test', 'out.pdf', Buffer.from('%PDF out'))).path;
    await send({ body: 'the contract', media: { path: file, mimetype: 'application/pdf', fileName: 'contract.pdf' } });
    const media = await peer.fake.nextCall((c) => c.body?.type === 'document');
    expect(media.body.document).toMatchObject({ caption: 'the contract', filename: 'contract.pdf' });
    expect(peer.fake.media.get(media.body.document.id)!.data.toString()).toBe('%PDF out');

    await peer.deliver(whatsappStatus(peer.number, { id: wid, status: 'delivered', recipientId: peer.contact.waId }));
    await waitFor(async () => (await db()('messages').where({ id }).first('ack')).ack === 2);
    await peer.deliver(whatsappStatus(peer.number, { id: wid, status: 'read', recipientId: peer.contact.waId }));
    await waitFor(async () => (await db()('messages').where({ id }).first('ack')).ack === 3);
    // A late "delivered" never undoes "read".
    await peer.deliver(whatsappStatus(peer.number, { id: wid, status: 'delivered', recipientId: peer.contact.waId }));
    await peer.deliver(whatsappStatus(peer.number, { id: wid, status: 'failed', recipientId: peer.contact.waId, errors: [{ code: 131047, title: 'Re-engagement message' }] }));
    const failed = await waitFor(async () => {
      const row = await db()('messages').where({ id }).first('sendStatus', 'sendError', 'ack');
      return row.sendStatus === 'failed' ? row : null;
    });
    expect(failed.sendError).toContain('131047');
    expect(failed.ack).toBe(3);
  });

  it('refuses a file over the Cloud API limit with a clear error, without calling Meta', async () => {
    const big = (await k.kernel.core.storage.save(ctx.company.company.id, 'test', 'big.webp', Buffer.alloc(600 * 1024, 1))).path;
    const uploadsBefore = peer.fake.calls.filter((c) => c.route.endsWith('/media')).length;
    const { id } = await send({ body: '', media: { path: big, mimetype: 'image/webp', fileName: 'big.webp' } });
    const row = await waitFor(async () => {
      const r = await db()('messages').where({ id }).first('sendStatus', 'sendError');
      return r.sendStatus === 'failed' ? r : null;
    }, { timeout: 30000 });
    expect(row.sendError).toContain('ERR_MEDIA_TOO_LARGE');
    expect(peer.fake.calls.filter((c) => c.route.endsWith('/media')).length).toBe(uploadsBefore);
  });

  it('sends read receipts when the agent opens the ticket', async () => {
    const { wid } = await peer.send({ type: 'text', text: { body: 'read me' } });
    await waitStored(wid);
    const res = await k.api('GET', `/messages/${ticketId}?pageNumber=1`, { token: admin() });
    expect(res.status).toBe(200);
    const call = await peer.fake.nextCall((c) => c.body?.status === 'read' && c.body?.message_id === wid);
    expect(call.body).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: wid });
  });

  it('waits out rate limits (429 / 130429, 80007, 131056) with backoff and still delivers', async () => {
    peer.fake.rateLimitSends(2, 130429);
    peer.fake.rateLimitSends(1, 80007);
    peer.fake.rateLimitSends(1, 131056);
    const { id } = await send({ body: 'through the limits' });
    const call = await peer.fake.nextCall((c) => c.body?.text?.body === 'through the limits');
    const row = await waitFor(async () => {
      const r = await db()('messages').where({ id }).first('sendStatus', 'wid');
      return r.sendStatus === 'sent' ? r : null;
    });
    expect(row.wid).toBe(call.response.messages[0].id);
    expect(peer.fake.calls.filter((c) => c.body?.text?.body === 'through the limits')).toHaveLength(1);
  });

  it('lists only approved templates and sends one with its variables (allowed with the window closed)', async () => {
    const list = await k.api('GET', `/whatsappapi/${ctx.connection.id}/templates`, { token: admin() });
    expect(list.status).toBe(200);
    expect(list.body.templates).toEqual([expect.objectContaining({ name: 'hello_world', language: 'en_US', variables: 2, body: 'Hello {{1}}, your order {{2}} is ready.' })]);
    const wrong = await k.api('POST', `/whatsappapi/tickets/${ticketId}/template`, { token: admin(), body: { name: 'hello_world', language: 'en_US', parameters: ['only one'] } });
    expect(wrong.status).toBe(400);
    const res = await k.api('POST', `/whatsappapi/tickets/${ticketId}/template`, { token: admin(), body: { name: 'hello_world', language: 'en_US', parameters: ['Ana', '#42'] } });
    expect(res.status).toBe(201);
    const call = await peer.fake.nextCall((c) => c.body?.type === 'template');
    expect(call.body.template).toEqual({ name: 'hello_world', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#42' }] }] });
    const row = await db()('messages').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ fromMe: true, body: 'Hello Ana, your order #42 is ready.', wid: call.response.messages[0].id, ticketId, userId: ctx.company.admin.user.id });
  });

  it('tells whether the 24-hour window is open', async () => {
    const res = await k.api('GET', `/whatsappapi/tickets/${ticketId}/window`, { token: admin() });
    expect(res.status).toBe(200);
    expect(res.body.open).toBe(true);
    // WhatsApp has no HUMAN_AGENT tag: only templates get through once the window closed.
    expect(res.body.humanAgentOpen).toBe(false);
    expect(new Date(res.body.closesAt).getTime() - new Date(res.body.lastInboundAt).getTime()).toBe(24 * 3600 * 1000);
  });
});

describe('token expiry', () => {
  it('an expired token (Graph 190) puts the connection in DISCONNECTED with the reason; a new token connects it again', async () => {
    const connection = await newConnection('Expiring');
    const number = { ...peer.number, phoneNumberId: String(3e14 + Math.floor(Math.random() * 1e14)), accessToken: peer.fake.newToken() };
    peer.fake.phoneNumbers.set(number.phoneNumberId, { display: '+1 555-000-9999', verifiedName: 'Expiring' });
    const put = (token?: string) =>
      k.api('PUT', `/whatsappapi/${connection.id}/credentials`, {
        token: admin(),
        body: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, verifyToken: number.verifyToken, appSecret: peer.fake.appSecret, ...(token ? { accessToken: token } : {}) },
      });
    expect((await put(number.accessToken)).status).toBe(200);
    await connected(connection.id);
    peer.fake.expireToken(number.accessToken);
    const contact = { waId: '5531' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Expiry' };
    const { id: wid, payload } = whatsappMessage(number, contact, { type: 'text', text: { body: 'hello' } });
    expect(await peer.fake.deliver(await webhookUrl(ctx, connection.id), payload)).toBe(200);
    const inbound = await waitFor(() => db()('messages').where({ whatsappId: connection.id, wid }).first());
    const { id } = await k.kernel.core.channels.sender.send({ companyId: ctx.company.company.id, ticketId: inbound.ticketId, userId: null, body: 'will hit 190' });
    await waitFor(async () => (await db()('whatsapps').where({ id: connection.id }).first('status')).status === 'DISCONNECTED', { timeout: 15000 });
    const view = await k.api('GET', `/whatsappapi/${connection.id}/credentials`, { token: admin() });
    expect(view.body.lastError).toContain('ERR_META_TOKEN_EXPIRED');
    expect((await db()('messages').where({ id }).first('sendStatus')).sendStatus).not.toBe('sent');
    // Reconnect with a fresh token: the waiting message goes out.
    expect((await put(peer.fake.newToken())).status).toBe(200);
    await connected(connection.id);
    await waitFor(async () => (await db()('messages').where({ id }).first('sendStatus')).sendStatus === 'sent', { timeout: 15000 });
  });
});
