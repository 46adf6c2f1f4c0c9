import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, cloudConnection, FakeGraph, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { useFakeGraphEnv } from '../../channel-whatsapp-cloud/test/support.js';
import plugin from '../src/plugin.js';
import { connection, contact } from './support.js';

/**
 * Schedules on WhatsApp Cloud API connections (issue #29): a stored approved template reaches a
 * contact outside the 24-hour window (the fake Graph API receives a template message, the schedule
 * and the conversation show the text the customer reads); free text to a contact whose window is
 * closed at the send time is refused when saved, and fails (ERRO) if it closed before the send.
 */
const fake = new FakeGraph();
let k: TestKernel;
let c: TestCompany;
let cloud: CloudConnection;
let year = 2061;

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const post = (body: Record<string, unknown>) => k.api('POST', '/schedules', { token: c.admin.token, body: { whatsappId: cloud.id, ...body } });
const row = (id: number) => k.db('schedules').where({ id }).first();

/** A contact who writes to the business number now (a signed webhook): its window opens. */
async function writer(): Promise<{ contactId: number; number: string }> {
  const number = `55419${String(Date.now() % 1e7).padStart(7, '0')}`;
  const inbound = whatsappMessage(cloud.number, { waId: number, name: 'Escreveu' }, { type: 'text', text: { body: 'oi' } });
  expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
  const message = await waitFor(() => k.db('messages').where({ wid: inbound.id }).first('contactId'));
  return { contactId: message.contactId, number };
}

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), plugin] });
  c = await k.createCompany({ planFlags: { useSchedules: true, useWhatsapp: true } });
  cloud = await cloudConnection(k, fake, c);
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

describe('schedules by template on a WhatsApp Cloud API connection', () => {
  it('refuses free text when the contact’s window is closed at the send time (409 ERR_WINDOW_CLOSED)', async () => {
    const silent = await contact(k, c.company.id);
    const res = await post({ body: 'Seu pedido chegou', contactId: silent, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'ERR_WINDOW_CLOSED', fix: 'template', connectionId: cloud.id });
    const wrote = await writer();
    // Within the window at the send time: accepted; two days ahead: refused.
    expect((await post({ body: 'Seu pedido chegou', contactId: wrote.contactId, sendAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(201);
    expect((await post({ body: 'Seu pedido chegou', contactId: wrote.contactId, sendAt: new Date(Date.now() + 48 * 3_600_000).toISOString() })).body).toMatchObject({ error: 'ERR_WINDOW_CLOSED' });
  });

  it('checks the template against the stored ones; a template on another channel is refused', async () => {
    const someone = await contact(k, c.company.id);
    const sendAt = new Date(`${year}-01-01T12:00:00Z`).toISOString();
    expect((await post({ contactId: someone, sendAt, template: { name: 'nope', language: 'en_US', variables: [] } })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND' });
    expect((await post({ contactId: someone, sendAt, template: { name: 'hello_world', language: 'en_US', variables: ['Ana'] } })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 });
    const phone = await connection(k, c.company.id);
    const baileys = await k.api('POST', '/schedules', { token: c.admin.token, body: { whatsappId: phone, contactId: someone, sendAt, template: { name: 'hello_world', language: 'en_US', variables: ['a', 'b'] } } });
    expect(baileys).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_NOT_SUPPORTED', channel: 'whatsapp' } });
    // Without a template, free text still needs its 5 characters.
    expect((await post({ contactId: someone, sendAt, body: '' })).body.issues).toEqual([expect.objectContaining({ path: ['body'], message: 'schedules:validation.required' })]);
  });

  it('sends the template to a contact outside the window: a template message at Graph, its text in the schedule and the conversation', async () => {
    const silent = await contact(k, c.company.id, 'Dona Ana');
    const { number } = await k.db('contacts').where({ id: silent }).first('number');
    const sendAt = new Date(`${year++}-02-01T12:00:00Z`);
    const res = await post({ contactId: silent, sendAt: sendAt.toISOString(), template: { name: 'hello_world', language: 'en_US', variables: ['Ana', '#9'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ body: 'Hello Ana, your order #9 is ready.', template: { name: 'hello_world', language: 'en_US', variables: ['Ana', '#9'] } });
    await runDue(sendAt);
    expect(await row(res.body.id)).toMatchObject({ status: 'ENVIADA', error: null });
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === number);
    expect(call.body.template).toEqual({ name: 'hello_world', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#9' }] }] });
    const message = await k.db('messages').where({ contactId: silent, fromMe: true }).first('body', 'data');
    expect(message).toMatchObject({ body: 'Hello Ana, your order #9 is ready.', data: { template: { name: 'hello_world', parameters: ['Ana', '#9'] } } });
  });

  it('stores and sends the header variable and the URL button suffix in Meta\'s components; a missing header value is refused when saved', async () => {
    await addShippedTemplate(k, fake, c, cloud);
    const silent = await contact(k, c.company.id, 'Seu Zé');
    const { number } = await k.db('contacts').where({ id: silent }).first('number');
    const sendAt = new Date(`${year++}-02-01T12:00:00Z`);
    const missing = await post({ contactId: silent, sendAt: sendAt.toISOString(), template: { name: 'order_shipped', language: 'pt_BR', variables: ['Zé'], buttonParameters: ['AB12'] } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0 } });
    const media = await post({ contactId: silent, sendAt: sendAt.toISOString(), template: { name: 'order_shipped', language: 'pt_BR', variables: ['Zé'], headerParameters: ['#9'], buttonParameters: ['AB12'], headerMedia: 'https://x.example/a.png' } });
    expect(media).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_HEADER_MEDIA' } });
    const template = { name: 'order_shipped', language: 'pt_BR', variables: ['Zé'], headerParameters: ['#9'], buttonParameters: ['AB12'] };
    const res = await post({ contactId: silent, sendAt: sendAt.toISOString(), template });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.template).toEqual(template);
    expect((await row(res.body.id)).template).toEqual(template);
    await runDue(sendAt);
    expect(await row(res.body.id)).toMatchObject({ status: 'ENVIADA', error: null });
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === number);
    expect(call.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '#9' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Zé' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'AB12' }] },
    ]);
    expect(call.response.messages?.[0]?.id).toEqual(expect.any(String));
  });

  it('fails (ERRO ERR_WINDOW_CLOSED) a free-text schedule whose contact’s window closed before the send, sending nothing', async () => {
    const wrote = await writer();
    const res = await post({ body: 'Chegou!', contactId: wrote.contactId, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(res.status).toBe(201);
    const texts = fake.calls.filter((x) => x.body?.type === 'text').length;
    await runDue(new Date(Date.now() + 30 * 3_600_000));
    expect(await row(res.body.id)).toMatchObject({ status: 'ERRO', error: 'ERR_WINDOW_CLOSED', sentCount: 0 });
    expect(fake.calls.filter((x) => x.body?.type === 'text').length).toBe(texts);
    expect(await k.db('messages').where({ contactId: wrote.contactId, fromMe: true }).first()).toBeUndefined();
  });
});
