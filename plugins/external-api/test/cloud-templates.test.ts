import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, cloudConnection, FakeGraph, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { useFakeGraphEnv } from '../../channel-whatsapp-cloud/test/support.js';
import { createExternalApiPlugin } from '../src/plugin.js';
import { FakeWorld, fakeWhatsapp, send } from './support.js';

/**
 * POST /api/messages/send on a WhatsApp Cloud API connection (issue #29): a stored approved template
 * with its variables reaches the fake Graph API as a template message and is stored as the customer
 * reads it; free text to a contact outside the 24-hour window is refused before anything is stored
 * or sent (Meta would refuse it).
 */
const fake = new FakeGraph();
const world = new FakeWorld();
let k: TestKernel;
let c: TestCompany;
let cloud: CloudConnection & { token: string };

let seq = 0;
const newNumber = () => `55219${String(Date.now() % 1e6).padStart(6, '0')}${++seq}`.slice(0, 13);
const sends = () => fake.calls.filter((call) => call.method === 'POST' && call.route === `${cloud.number.phoneNumberId}/messages`);

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), fakeWhatsapp(world), createExternalApiPlugin({ rateLimit: { max: 1000, windowMs: 60_000 } })] });
  c = await k.createCompany({ planFlags: { useExternalApi: true, useWhatsapp: true } });
  const connection = await cloudConnection(k, fake, c);
  const { token } = await k.db('whatsapps').where({ id: connection.id }).first('token');
  cloud = { ...connection, token };
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

describe('POST /api/messages/send by template (WhatsApp Cloud API)', () => {
  it('refuses free text to a contact outside the 24-hour window up front: 409 ERR_WINDOW_CLOSED, nothing stored nor sent', async () => {
    const number = newNumber();
    const before = sends().length;
    const res = await send(k, cloud.token, { number, body: 'Seu pedido saiu' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'ERR_WINDOW_CLOSED', fix: 'template' });
    expect(await k.db('contacts').where({ companyId: c.company.id, number }).first()).toBeUndefined();
    expect(sends().length).toBe(before);
  });

  it('sends the approved template with its variables; the conversation shows the text the customer reads', async () => {
    const number = newNumber();
    const res = await send(k, cloud.token, { number, template: { name: 'hello_world', language: 'en_US', variables: ['Ana', '#42'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === number);
    expect(call.body.template).toEqual({ name: 'hello_world', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#42' }] }] });
    const row = await waitFor(async () => {
      const m = await k.db('messages').where({ id: res.body.messageId }).first();
      return m.sendStatus === 'sent' ? m : null;
    });
    expect(row).toMatchObject({ fromMe: true, body: 'Hello Ana, your order #42 is ready.', wid: call.response.messages[0].id, data: { template: { name: 'hello_world', language: 'en_US', parameters: ['Ana', '#42'] } } });
    expect((await k.db('tickets').where({ id: res.body.ticketId }).first()).lastMessage).toBe('Hello Ana, your order #42 is ready.');
  });

  it('checks the template and its variables against the stored ones (400 with a code), sending nothing', async () => {
    const number = newNumber();
    const before = sends().length;
    const count = await send(k, cloud.token, { number, template: { name: 'hello_world', language: 'en_US', variables: ['Ana'] } });
    expect(count).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 } });
    const unknown = await send(k, cloud.token, { number, template: { name: 'no_such', language: 'en_US' } });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_NOT_FOUND', status: null } });
    const pending = await send(k, cloud.token, { number, template: { name: 'pending_one', language: 'en_US' } });
    expect(pending).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_NOT_FOUND', status: 'PENDING' } });
    const both = await send(k, cloud.token, { number, body: 'texto', template: { name: 'hello_world', language: 'en_US', variables: ['a', 'b'] } });
    expect(both).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['template'], message: 'validation.apiTemplateAlone' }] } });
    expect(sends().length).toBe(before);
    expect(await k.db('contacts').where({ companyId: c.company.id, number }).first()).toBeUndefined();
  });

  it('sends a header variable and a URL button suffix in Meta\'s components; a missing header value is refused up front', async () => {
    await addShippedTemplate(k, fake, c, cloud);
    const number = newNumber();
    const before = sends().length;
    const missing = await send(k, cloud.token, { number, template: { name: 'order_shipped', language: 'pt_BR', variables: ['Ana'], buttonParameters: ['AB12'] } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0 } });
    const media = await send(k, cloud.token, { number, template: { name: 'order_shipped', language: 'pt_BR', variables: ['Ana'], headerParameters: ['#9'], buttonParameters: ['AB12'], headerMedia: 'https://x.example/a.png' } });
    expect(media).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_HEADER_MEDIA' } });
    expect(sends().length).toBe(before);
    const res = await send(k, cloud.token, { number, template: { name: 'order_shipped', language: 'pt_BR', variables: ['Ana'], headerParameters: ['#9'], buttonParameters: ['AB12'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === number);
    expect(call.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '#9' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'AB12' }] },
    ]);
    expect(call.response.messages?.[0]?.id).toEqual(expect.any(String));
  });

  it('sends free text once the contact wrote within 24 hours', async () => {
    const number = newNumber();
    const inbound = whatsappMessage(cloud.number, { waId: number, name: 'Bia' }, { type: 'text', text: { body: 'oi' } });
    expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
    await waitFor(() => k.db('messages').where({ wid: inbound.id }).first());
    const res = await send(k, cloud.token, { number, body: 'Olá Bia' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const call = await fake.nextCall((x) => x.body?.type === 'text' && x.body.to === number);
    expect(call.body.text.body).toBe('Olá Bia');
    // 25 hours later the window is closed again.
    await k.db('messages').where({ wid: inbound.id }).update({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    expect((await send(k, cloud.token, { number, body: 'de novo' })).body).toEqual({ error: 'ERR_WINDOW_CLOSED', fix: 'template' });
  });

  it('refuses a template on a connection other than the Cloud API', async () => {
    const created = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name: 'Celular', channel: 'whatsapp' } });
    await waitFor(async () => (await k.db('whatsapps').where({ id: created.body.id }).first('status')).status === 'CONNECTED' && world.session(created.body.id));
    const { token } = await k.db('whatsapps').where({ id: created.body.id }).first('token');
    const res = await send(k, token, { number: '5511988887777', template: { name: 'hello_world', language: 'en_US', variables: ['a', 'b'] } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_NOT_SUPPORTED', channel: 'whatsapp' } });
  });

  it('documents the template and the window in the OpenAPI document', async () => {
    const op = (await k.api('GET', '/docs/json')).body.paths['/api/messages/send'].post;
    const json = op.requestBody.content['application/json'].schema;
    expect(json.properties.template.properties).toMatchObject({ name: expect.any(Object), language: expect.any(Object), variables: expect.any(Object), headerParameters: expect.any(Object), headerMedia: expect.any(Object), buttonParameters: expect.any(Object) });
    expect(JSON.stringify(op.responses['400'])).toContain('ERR_TEMPLATE_HEADER_MEDIA');
    expect(JSON.stringify(op.responses['409'])).toContain('ERR_WINDOW_CLOSED');
    expect(JSON.stringify(op.responses['400'])).toContain('ERR_TEMPLATE_VARIABLES');
  });
});
