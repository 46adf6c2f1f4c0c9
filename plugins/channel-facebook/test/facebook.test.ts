import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type ConformanceContext, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { MessengerPeer, messagingMessage, randomDigits } from '@guiche/meta-graph/testing';
import { createFacebookChannel } from '../src/plugin.js';

/**
 * Facebook Login (POST /facebook) and Messenger beyond the conformance kit, against the fake
 * Graph API: pages become connections (and their Instagram accounts), then every inbound kind,
 * echoes, media that fails transiently, receipts, the window, signatures, token expiry, limits.
 */
const peer = new MessengerPeer('facebook');
let k: TestKernel;
let company: TestCompany;
let ctx: ConformanceContext;
let facebookId: number;
let instagramId: number;

const db = () => k.db;
const stored = (connectionId: number, wid: string) => db()('messages').where({ whatsappId: connectionId, wid }).first();
const waitStored = (wid: string, connectionId = facebookId) => waitFor(() => stored(connectionId, wid), { timeout: 15000 });
const status = async (id: number) => (await db()('whatsapps').where({ id }).first('status'))?.status;

beforeAll(async () => {
  await peer.setup();
  k = await createTestKernel({ plugins: [createFacebookChannel(), '@guiche/plugin-channel-instagram'] });
  company = await k.createCompany();
});

afterAll(async () => {
  await k?.close();
  await peer.teardown();
});

describe('POST /facebook', () => {
  it('exchanges the token, creates a connection per page and its Instagram account, and subscribes the app', async () => {
    const login = await k.api('GET', '/facebook/login-config', { token: company.admin.token });
    expect(login.body).toMatchObject({ appId: peer.fake.appId, configured: true });
    expect(login.body.scopes).toEqual(expect.arrayContaining(['pages_messaging', 'instagram_manage_messages']));

    const res = await k.api('POST', '/facebook', { token: company.admin.token, body: { facebookUserId: peer.page.userId, facebookUserToken: { token: peer.page.userToken }, addInstagram: true } });
    expect(res.status).toBe(200);
    expect(res.body.connections.map((c: any) => c.channel)).toEqual(['facebook', 'instagram']);
    [facebookId, instagramId] = res.body.connections.map((c: any) => c.id);
    const exchange = peer.fake.calls.find((c) => c.route === 'oauth/access_token')!;
    expect(exchange.query).toMatchObject({ grant_type: 'fb_exchange_token', client_id: peer.fake.appId, fb_exchange_token: peer.page.userToken });
    const subscribe = await peer.fake.nextCall((c) => c.route === `${peer.page.id}/subscribed_apps`);
    expect(subscribe.query.subscribed_fields).toContain('messages');
    await waitFor(async () => (await status(facebookId)) === 'CONNECTED' && (await status(instagramId)) === 'CONNECTED', { timeout: 15000 });
    const rows = await db()('whatsapps').whereIn('id', [facebookId, instagramId]).orderBy('id');
    expect(rows.map((r: any) => [r.channel, r.name])).toEqual([['facebook', peer.page.name], ['instagram', peer.page.instagram!.username]]);
    const pages = await db()('metaPages').whereIn('connectionId', [facebookId, instagramId]);
    expect(JSON.stringify(pages)).not.toContain(peer.page.accessToken);

    // A second login updates the same connections instead of adding more.
    peer.fake.users.get(peer.page.userId)!.token = peer.page.userToken;
    const again = await k.api('POST', '/facebook', { token: company.admin.token, body: { facebookUserId: peer.page.userId, facebookUserToken: peer.page.userToken, addInstagram: true } });
    expect(again.status).toBe(200);
    expect(again.body.connections.map((c: any) => [c.id, c.created])).toEqual([[facebookId, false], [instagramId, false]]);
    expect(await db()('whatsapps').where({ companyId: company.company.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
    ctx = { kernel: k, company, connection: { id: facebookId, companyId: company.company.id, token: rows[0].token, channel: 'facebook' } };
    peer.ctx = ctx;
    await waitFor(async () => (await status(facebookId)) === 'CONNECTED', { timeout: 15000 });
  });

  it('refuses a bad token, bad input and a plan without Facebook', async () => {
    const bad = await k.api('POST', '/facebook', { token: company.admin.token, body: { facebookUserId: peer.page.userId, facebookUserToken: 'EAAnot-a-real-token' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ facebookUserToken: 'validation.metaLogin' });
    const invalid = await k.api('POST', '/facebook', { token: company.admin.token, body: { facebookUserId: 'abc' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_VALIDATION');
    const other = await k.createCompany({ planFlags: { useFacebook: false } });
    const off = await k.api('POST', '/facebook', { token: other.admin.token, body: { facebookUserId: '1', facebookUserToken: 'EAAxxxxxxxxxxx' } });
    expect(off.status).toBe(403);
  });
});

describe('Messenger webhooks', () => {
  it('answers the verification GET only with the app verify token', async () => {
    const url = (token: string) => `${k.apiUrl}/facebook/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=CHALLENGE42`;
    const right = await fetch(url('app-verify-token'));
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('CHALLENGE42');
    expect((await fetch(url('nope'))).status).toBe(403);
  });

  it('rejects unsigned and forged deliveries and stores nothing', async () => {
    const { mid, payload } = messagingMessage('page', peer.page.id, peer.senderId, { text: 'sneaky' });
    expect(await peer.deliver(payload, 'unsigned')).toBe(401);
    expect(await peer.deliver(payload, 'forged')).toBe(401);
    const marker = await peer.message({ text: 'marker' });
    await waitStored(marker.wid);
    expect(await stored(facebookId, mid)).toBeUndefined();
  });

  it('stores text, attachments, quick replies, postbacks and reactions; the name and picture are fetched once', async () => {
    const first = await peer.message({ text: 'hello page' });
    const row = await waitStored(first.wid);
    const contact = await db()('contacts').where({ id: row.contactId }).first('name', 'number', 'remoteJid', 'channel', 'profilePicUrl');
    // The PSID is the person's address, not a phone: no number is shown for them (issue #32).
    expect(contact).toMatchObject({ name: 'Maria Souza', number: '', remoteJid: peer.senderId, channel: 'facebook' });
    const image = peer.fake.attachmentUrl(Buffer.from('\xff\xd8 photo'), 'image/jpeg');
    const audio = peer.fake.attachmentUrl(Buffer.from('mp4 audio'), 'audio/mp4');
    const video = peer.fake.attachmentUrl(Buffer.from('mp4 video'), 'video/mp4');
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ attachments: [{ type: 'image', payload: { url: image } }] }, { mediaType: 'image' }],
      [{ attachments: [{ type: 'audio', payload: { url: audio } }] }, { mediaType: 'audio' }],
      [{ attachments: [{ type: 'video', payload: { url: video } }] }, { mediaType: 'video' }],
      [{ attachments: [{ type: 'image', payload: { url: image, sticker_id: 369239263222822 } }] }, { mediaType: 'sticker' }],
      [{ text: 'Yes', quick_reply: { payload: 'YES_PAYLOAD' } }, { mediaType: 'chat', body: 'Yes' }],
      [{ text: 'a reply', reply_to: { mid: first.wid } }, { mediaType: 'chat', quotedMsgId: row.id }],
    ];
    for (const [message, expected] of cases) {
      const { wid } = await peer.message(message);
      const got = await waitStored(wid);
      expect(got, JSON.stringify(message)).toMatchObject({ fromMe: false, ...expected });
      if (got.mediaType !== 'chat') expect(got.mediaUrl).toBeTruthy();
    }
    await peer.event({ postback: { title: 'Get Started', payload: 'GET_STARTED', mid: 'm_postback_' + randomDigits(8) } });
    await waitFor(() => db()('messages').where({ whatsappId: facebookId, body: 'Get Started' }).first());
    await peer.event({ reaction: { mid: first.wid, action: 'react', emoji: '❤', reaction: 'love' } });
    const reaction = await waitFor(() => db()('messages').where({ whatsappId: facebookId, mediaType: 'reactionMessage' }).first());
    expect(reaction.data).toMatchObject({ targetWid: first.wid, emoji: '❤' });
    const profileCalls = peer.fake.calls.filter((c) => c.route === peer.senderId);
    expect(profileCalls).toHaveLength(1);
  });

  it('imports a message the page sent from Meta\'s inbox (echo) as fromMe, and a replay changes nothing', async () => {
    const echo = await peer.message({ text: 'sent from the page inbox', app_id: 263902037430900 }, { echo: true });
    expect(await waitStored(echo.wid)).toMatchObject({ fromMe: true, body: 'sent from the page inbox' });
    await peer.replay(echo.wid);
    const marker = await peer.message({ text: 'after echo replay' });
    await waitStored(marker.wid);
    expect(await db()('messages').where({ whatsappId: facebookId, wid: echo.wid }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('keeps an attachment that failed transiently and fills its file in later', async () => {
    const data = Buffer.from('transient attachment ' + Date.now());
    const url = peer.fake.attachmentUrl(data, 'application/pdf');
    peer.fake.failMediaDownloads(3);
    const { wid } = await peer.message({ attachments: [{ type: 'file', payload: { url } }] });
    expect((await waitStored(wid)).mediaType).toBe('document');
    const filled = await waitFor(async () => {
      const r = await stored(facebookId, wid);
      return r.mediaUrl ? r : null;
    }, { timeout: 15000 });
    expect((await k.kernel.core.storage.read(filled.mediaUrl)).equals(data)).toBe(true);
  });

  it('50 concurrent deliveries from one new person make one contact, one ticket and fifty messages', async () => {
    const sender = randomDigits(16);
    const messages = Array.from({ length: 50 }, (_, i) => messagingMessage('page', peer.page.id, sender, { text: `burst ${i}` }));
    expect((await Promise.all(messages.map((m) => peer.deliver(m.payload)))).every((s) => s === 200)).toBe(true);
    await waitFor(async () => Number((await db()('messages').where({ whatsappId: facebookId }).whereIn('wid', messages.map((m) => m.mid)).count({ n: '*' }))[0]!.n) === 50, { timeout: 30000 });
    const contacts = await db()('contacts').where({ companyId: company.company.id, remoteJid: sender });
    expect(contacts).toHaveLength(1);
    expect(await db()('tickets').where({ contactId: contacts[0].id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('Instagram through the same login', () => {
  it('receives a story reply and a story mention on the Instagram connection', async () => {
    const ig = new MessengerPeer('instagram');
    Object.assign(ig, { page: peer.page, ctx, fake: peer.fake });
    peer.fake.profiles.set(ig.senderId, { name: 'Insta Person', username: 'insta.person', profile_pic: `${peer.fake.url}/cdn/pic` });
    const reply = await ig.message({ text: 'love this story', reply_to: { story: { id: '1799', url: 'https://cdn.example/story.jpg' } } });
    const row = await waitStored(reply.wid, instagramId);
    expect(row).toMatchObject({ body: 'love this story', mediaType: 'chat' });
    expect(row.data.storyReply).toEqual({ id: '1799', url: 'https://cdn.example/story.jpg' });
    const mention = await ig.message({ attachments: [{ type: 'story_mention', payload: { url: peer.fake.attachmentUrl(Buffer.from('story jpg'), 'image/jpeg') } }] });
    const mentioned = await waitStored(mention.wid, instagramId);
    expect(mentioned.mediaType).toBe('image');
    expect(mentioned.data.storyMention).toBeTruthy();
    const contact = await db()('contacts').where({ id: row.contactId }).first('name', 'channel');
    expect(contact).toEqual({ name: 'Insta Person', channel: 'instagram' });
  });
});

describe('Messenger outbound', () => {
  let ticketId: number;
  beforeAll(async () => {
    const { wid } = await peer.message({ text: 'please answer' });
    ticketId = (await waitStored(wid)).ticketId;
  });
  const send = (body: Record<string, unknown>) => k.kernel.core.channels.sender.send({ companyId: company.company.id, ticketId, userId: company.admin.user.id, body: '', ...body } as never);

  it('sends text and a file, applies deliveries and reads by watermark, and marks seen when the agent opens the ticket', async () => {
    const { id } = await send({ body: 'hi from the agent' });
    const call = await peer.fake.nextCall((c) => c.body?.message?.text === 'hi from the agent');
    expect(call.body).toMatchObject({ recipient: { id: peer.senderId }, messaging_type: 'RESPONSE' });
    expect(call.token).toBe(peer.page.accessToken);
    await waitFor(async () => (await db()('messages').where({ id }).first('wid')).wid === call.response.message_id);
    const file = (await k.kernel.core.storage.save(company.company.id, 'test', 'menu.pdf', Buffer.from('%PDF menu'))).path;
    await send({ body: '', media: { path: file, mimetype: 'application/pdf', fileName: 'menu.pdf' } });
    const upload = await peer.fake.nextCall((c) => c.body?.message?.attachment?.type === 'file');
    expect(upload.body.filedata.data.toString()).toBe('%PDF menu');
    await peer.event({ delivery: { mids: [call.response.message_id], watermark: Date.now() } });
    await waitFor(async () => (await db()('messages').where({ id }).first('ack')).ack === 2);
    await peer.event({ read: { watermark: Date.now() } });
    await waitFor(async () => (await db()('messages').where({ id }).first('ack')).ack === 3);
    const open = await k.api('GET', `/messages/${ticketId}?pageNumber=1`, { token: company.admin.token });
    expect(open.status).toBe(200);
    const { wid } = await peer.message({ text: 'seen?' });
    await waitStored(wid);
    await k.api('GET', `/messages/${ticketId}?pageNumber=1`, { token: company.admin.token });
    const seen = await peer.fake.nextCall((c) => c.body?.sender_action === 'mark_seen');
    expect(seen.body.recipient).toEqual({ id: peer.senderId });
  });

  it('outside the 24-hour window a reply goes with the HUMAN_AGENT tag', async () => {
    peer.fake.windowClosed.add(peer.senderId);
    const { id } = await send({ body: 'late answer' });
    const call = await peer.fake.nextCall((c) => c.body?.message?.text === 'late answer');
    expect(call.body).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    await waitFor(async () => (await db()('messages').where({ id }).first('sendStatus')).sendStatus === 'sent');
    peer.fake.windowClosed.delete(peer.senderId);
  });

  it('tells the conversation whether the 24-hour window is open and, after it, whether the 7-day HUMAN_AGENT tag still applies', async () => {
    const window = () => k.api('GET', `/facebook/tickets/${ticketId}/window`, { token: company.admin.token });
    const open = await window();
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ open: true, humanAgentOpen: true });
    expect(new Date(open.body.closesAt).getTime() - new Date(open.body.lastInboundAt).getTime()).toBe(24 * 3600 * 1000);
    const ticket = await db()('tickets').where({ id: ticketId }).first('contactId', 'whatsappId');
    const inbound = db()('messages').where({ whatsappId: ticket.whatsappId, contactId: ticket.contactId, fromMe: false });
    const saved: { id: number; createdAt: Date }[] = await inbound.clone().select('id', 'createdAt');
    const age = (hours: number) => inbound.clone().update({ createdAt: new Date(Date.now() - hours * 3600 * 1000) });
    try {
      await age(3 * 24);
      expect((await window()).body).toMatchObject({ open: false, humanAgentOpen: true });
      await age(8 * 24);
      expect((await window()).body).toMatchObject({ open: false, humanAgentOpen: false });
    } finally {
      for (const row of saved) await db()('messages').where({ id: row.id }).update({ createdAt: row.createdAt });
    }
    // The same route on the other channels answers only for their own tickets; another company gets 404.
    expect((await k.api('GET', `/instagram/tickets/${ticketId}/window`, { token: company.admin.token })).status).toBe(404);
    const other = await k.createCompany();
    expect((await k.api('GET', `/facebook/tickets/${ticketId}/window`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('GET', '/facebook/tickets/99999999999/window', { token: company.admin.token })).status).toBe(400);
    expect((await k.api('GET', `/facebook/tickets/${ticketId}/window`)).status).toBe(401);
  });

  it('waits out a rate limit (80007) and still delivers once', async () => {
    peer.fake.rateLimitSends(2, 80007);
    const { id } = await send({ body: 'limited' });
    const call = await peer.fake.nextCall((c) => c.body?.message?.text === 'limited');
    await waitFor(async () => (await db()('messages').where({ id }).first('wid')).wid === call.response.message_id);
    expect(peer.fake.calls.filter((c) => c.body?.message?.text === 'limited')).toHaveLength(1);
  });

  it('an expired page token (190) takes the connection down with its reason', async () => {
    peer.fake.expireToken(peer.page.accessToken);
    await send({ body: 'token gone' });
    await waitFor(async () => (await status(facebookId)) === 'DISCONNECTED', { timeout: 15000 });
    expect((await db()('metaPages').where({ connectionId: facebookId }).first('lastError')).lastError).toContain('ERR_META_TOKEN_EXPIRED');
  });
});

