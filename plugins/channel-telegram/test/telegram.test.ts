import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '@guiche/core';
import { createTestKernel, startFakeTelegram, waitFor, type FakeBot, type FakeTelegram, type TelegramUser, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createTelegramChannel } from '../src/plugin.js';
import { useFakeTelegramEnv } from './support.js';

/** Long polling (no public https URL), the token dialog, inbound kinds, outbound media, errors, tenants. */
let fake: FakeTelegram;
let k: TestKernel;
let a: TestCompany;
let b: TestCompany;
const conn = { a: 0, b: 0 };
let botA: FakeBot;
let botB: FakeBot;
let maria: TelegramUser;

const row = (connectionId: number, wid: string) => waitFor(() => k.db('messages').where({ whatsappId: connectionId, wid }).first());
const connected = (id: number) => waitFor(async () => (await k.db('whatsapps').where({ id }).first('status'))?.status === 'CONNECTED');
const putToken = (company: TestCompany, id: number, token: unknown, as = company.admin.token) => k.api('PUT', `/telegram/${id}/bot`, { token: as, body: { token } });

async function newConnection(company: TestCompany, name: string): Promise<number> {
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'telegram' } });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Maria writes to bot A; resolves with the stored row. */
async function inbound(content: Record<string, any>) {
  const { update } = await fake.message(botA, maria, content);
  return row(conn.a, `${maria.id}:${update.message.message_id}`);
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  useFakeTelegramEnv(fake, 'polling');
  k = await createTestKernel({ plugins: [createTelegramChannel()] });
  a = await k.createCompany();
  b = await k.createCompany();
  [conn.a, conn.b] = [await newConnection(a, 'Bot A'), await newConnection(b, 'Bot B')];
  [botA, botB] = [fake.createBot(), fake.createBot()];
  maria = fake.createUser('Maria');
});
afterAll(async () => {
  await k?.close();
  await fake?.close();
});

describe('the connection dialog', () => {
  it('checks the token with getMe, keeps it sealed, shows it masked; refuses bad, unknown, foreign and duplicated bots', async () => {
    expect((await putToken(a, conn.a, 'not a token')).body.issues).toEqual([{ path: ['token'], message: 'validation.telegramToken' }]);
    expect((await putToken(a, conn.a, '123456:AAunknownunknownunknownunknownunknown')).body).toEqual({ error: 'ERR_VALIDATION', issues: [{ path: ['token'], message: 'validation.telegramTokenRefused' }] });
    expect((await putToken(b, conn.a, botA.token)).status).toBe(404);
    const agent = await k.createUser(a.company.id);
    expect((await putToken(a, conn.a, botA.token, agent.token)).status).toBe(403);

    const saved = await putToken(a, conn.a, botA.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, username: botA.user.username, mode: 'polling', lastError: null });
    expect(saved.body.token).not.toContain(botA.token.split(':')[1]!.slice(0, 20));
    const stored = await k.db('telegramBots').where({ connectionId: conn.a }).first();
    expect(stored.token).not.toContain(botA.token);
    expect((await secretBox(k.db)).open(stored.token)).toBe(botA.token);
    await connected(conn.a);
    expect((await k.db('whatsapps').where({ id: conn.a }).first('number')).number).toBe(`@${botA.user.username}`);

    expect((await putToken(b, conn.b, botA.token)).status).toBe(409);
    expect((await putToken(b, conn.b, botB.token)).status).toBe(200);
    await connected(conn.b);
    expect((await k.api('GET', `/telegram/${conn.b}/bot`, { token: a.admin.token })).status).toBe(404);
  });

  it('a plan without useTelegram can neither create a Telegram connection nor reach its routes', async () => {
    const off = await k.createCompany({ planFlags: { useTelegram: false } });
    expect((await k.api('POST', '/whatsapp', { token: off.admin.token, body: { name: 'No', channel: 'telegram' } })).body.error).toBe('ERR_PLAN_DISABLED');
    expect((await k.api('GET', `/telegram/${conn.a}/bot`, { token: off.admin.token })).status).toBe(403);
  });
});

describe('inbound by long polling', () => {
  it('text, photo, document, voice, sticker, location and contact become messages; the offset is stored', async () => {
    const text = await inbound({ text: 'olá' });
    expect(text).toMatchObject({ body: 'olá', mediaType: 'chat', fromMe: false, companyId: a.company.id });
    const contact = await k.db('contacts').where({ id: text.contactId }).first();
    expect(contact).toMatchObject({ channel: 'telegram', number: '', remoteJid: String(maria.id), name: 'Maria Telegram' });

    const small = fake.addFile(Buffer.from('small'), 'photos/small.jpg');
    const large = fake.addFile(Buffer.from('large photo bytes'), 'photos/large.jpg');
    const photo = await inbound({ photo: [{ ...small, width: 90, height: 90 }, { ...large, width: 800, height: 600 }], caption: 'a photo' });
    expect(photo).toMatchObject({ mediaType: 'image', body: 'a photo' });
    expect((await k.kernel.core.storage.read(photo.mediaUrl)).toString()).toBe('large photo bytes');

    const pdf = fake.addFile(Buffer.from('%PDF-1.4 doc'), 'documents/file_3.pdf');
    const doc = await inbound({ document: { ...pdf, file_name: 'contrato.pdf', mime_type: 'application/pdf' } });
    expect(doc).toMatchObject({ mediaType: 'document', mediaName: 'contrato.pdf' });
    expect((await k.kernel.core.storage.read(doc.mediaUrl)).toString()).toBe('%PDF-1.4 doc');

    const ogg = fake.addFile(Buffer.from('OggS voice'), 'voice/file_4.oga');
    const voice = await inbound({ voice: { ...ogg, duration: 3, mime_type: 'audio/ogg' } });
    expect(voice.mediaType).toBe('audio');
    expect((await k.kernel.core.storage.read(voice.mediaUrl)).toString()).toBe('OggS voice');

    const webp = fake.addFile(Buffer.from('RIFF webp'), 'stickers/file_5.webp');
    const sticker = await inbound({ sticker: { ...webp, type: 'regular', width: 512, height: 512, is_animated: false, is_video: false, emoji: '😀' } });
    expect(sticker).toMatchObject({ mediaType: 'sticker', body: '😀' });

    const location = await inbound({ location: { latitude: -23.55, longitude: -46.63 } });
    expect(location).toMatchObject({ mediaType: 'locationMessage', body: '-23.55,-46.63' });
    expect(location.data.location).toEqual({ latitude: -23.55, longitude: -46.63 });

    const card = await inbound({ contact: { phone_number: '+5511999990000', first_name: 'João', last_name: 'Silva' } });
    expect(card).toMatchObject({ mediaType: 'contactMessage', body: 'João Silva' });
    expect(card.data.vcard).toContain('TEL;type=CELL:+5511999990000');

    const last = fake.calls.filter((c) => c.token === botA.token && c.method === 'getUpdates' && c.result?.length).at(-1)!;
    const offset = Number(last.result.at(-1).update_id) + 1;
    await waitFor(async () => Number((await k.db('telegramBots').where({ connectionId: conn.a }).first('updateOffset')).updateOffset) === offset);
  });

  it('a reply quotes the message it answers; an edited message updates the stored one', async () => {
    const first = await inbound({ text: 'first' });
    const reply = await inbound({ text: 'answering', reply_to_message: { message_id: Number(first.wid.split(':')[1]), chat: { id: maria.id, type: 'private' }, date: 0, text: 'first' } });
    expect(reply.quotedMsgId).toBe(first.id);
    await fake.deliver(botA, { edited_message: { message_id: Number(first.wid.split(':')[1]), from: maria, chat: { id: maria.id, type: 'private' }, date: 0, edit_date: 1, text: 'first, edited' } });
    await waitFor(async () => (await k.db('messages').where({ id: first.id }).first('body')).body === 'first, edited');
    expect((await k.db('messages').where({ id: first.id }).first('isEdited')).isEdited).toBe(true);
  });

  it('a dropped poll reconnects, and what was sent meanwhile arrives', async () => {
    const starts = () => fake.calls.filter((c) => c.token === botA.token && c.method === 'getMe').length;
    const before = starts();
    await waitFor(() => fake.interruptPoll(botA));
    // The session noticed: the supervisor started it again (a new getMe), polling from the stored offset.
    await waitFor(() => starts() > before);
    const { update } = await fake.message(botA, maria, { text: 'while you were away' });
    expect((await row(conn.a, `${maria.id}:${update.message.message_id}`)).body).toBe('while you were away');
    await connected(conn.a);
  });
});

describe('outbound', () => {
  const send = async (body: string, extra: Record<string, unknown> = {}) => {
    const text = await k.db('messages').where({ whatsappId: conn.a, fromMe: false }).orderBy('id').first();
    const { id } = await k.kernel.core.channels.sender.send({ companyId: a.company.id, ticketId: text.ticketId, userId: a.admin.user.id, body, ...extra });
    return id;
  };
  const settled = (id: number) => waitFor(async () => {
    const m = await k.db('messages').where({ id }).first();
    return m.sendStatus !== 'pending' ? m : null;
  });
  const sendOf = (method: string) => fake.nextCall((c) => c.token === botA.token && c.method === method && c.ok);

  it('text with a reply, photo, document and voice note go by their Bot API method with the file', async () => {
    const quoted = await k.db('messages').where({ whatsappId: conn.a, body: 'olá' }).first();
    const textId = await send('hello back', { quotedMsgId: quoted.id });
    const text = await sendOf('sendMessage');
    expect(text.params).toMatchObject({ chat_id: String(maria.id), text: 'hello back', reply_parameters: { message_id: Number(quoted.wid.split(':')[1]) } });
    expect((await settled(textId)).wid).toBe(`${maria.id}:${text.result.message_id}`);

    for (const [mimetype, fileName, method, field, extra] of [
      ['image/png', 'pic.png', 'sendPhoto', 'photo', {}],
      ['application/pdf', 'terms.pdf', 'sendDocument', 'document', {}],
      ['audio/ogg', 'note.ogg', 'sendVoice', 'voice', { asVoiceNote: true }],
    ] as const) {
      const data = Buffer.from(`${fileName} bytes`);
      const { path } = await k.kernel.core.storage.save(a.company.id, 'chats', fileName, data);
      const id = await send(`caption ${fileName}`, { media: { path, mimetype, fileName, ...extra } });
      const call = await sendOf(method);
      expect(call.params.caption).toBe(`caption ${fileName}`);
      expect(call.files[field]).toMatchObject({ mimetype, fileName });
      expect(call.files[field]!.data.equals(data)).toBe(true);
      expect(await settled(id)).toMatchObject({ sendStatus: 'sent', wid: `${maria.id}:${call.result.message_id}` });
    }
  });

  it('429 Too Many Requests: retry_after is waited out and the message goes', async () => {
    fake.throttle('sendMessage', 1, 1);
    const id = await send('after the limit');
    const call = await sendOf('sendMessage');
    expect(call.params.text).toBe('after the limit');
    const refused = fake.calls.filter((c) => c.token === botA.token && c.method === 'sendMessage' && !c.ok);
    expect(refused.at(-1)!.params.text).toBe('after the limit');
    expect(await settled(id)).toMatchObject({ sendStatus: 'sent', sendError: null });
  });

  it('a bot the user blocked: the message fails at the first attempt (a permanent error) with Telegram\'s reason', async () => {
    fake.blocked.add(maria.id);
    const id = await send('are you there?');
    const failed = await settled(id);
    fake.blocked.delete(maria.id);
    expect(failed.sendStatus).toBe('failed');
    expect(failed.sendError).toBe('Telegram 403: Forbidden: bot was blocked by the user');
    // Core's queue would try a transient failure 5 times; a 403 is asked once.
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.text === 'are you there?')).toHaveLength(1);
  });
});

describe('tenants and the webhook route', () => {
  const post = (id: number, secret: string | null, update: unknown) =>
    fetch(`${k.apiUrl}/telegram/webhook/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) }, body: JSON.stringify(update) });
  const secretOf = async (id: number) => (await secretBox(k.db)).open((await k.db('telegramBots').where({ connectionId: id }).first('webhookSecret')).webhookSecret);

  it('refuses a missing or another bot\'s secret; an update reaches only the connection whose secret it carries', async () => {
    const update = { update_id: 1, message: { message_id: 424242, from: maria, chat: { id: maria.id, type: 'private' }, date: Math.floor(Date.now() / 1000), text: 'by webhook' } };
    const wid = `${maria.id}:424242`;
    expect((await post(conn.a, null, update)).status).toBe(401);
    expect((await post(conn.a, await secretOf(conn.b), update)).status).toBe(401);
    expect((await post(conn.b, await secretOf(conn.a), update)).status).toBe(401);
    expect(await k.db('messages').where({ wid }).first()).toBeUndefined();
    expect((await post(conn.a, await secretOf(conn.a), update)).status).toBe(200);
    expect((await k.db('messages').where({ wid }).first()).companyId).toBe(a.company.id);
    expect(await k.db('messages').where({ whatsappId: conn.b }).first()).toBeUndefined();
  });
});
