import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, cloudConnection, FakeGraph, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { useFakeGraphEnv } from '../../channel-whatsapp-cloud/test/support.js';
import plugin from '../src/plugin.js';
import { contactList, dispatchTimer, FakeWorld, fakeWhatsapp, liveConnection, shippings, states } from './support.js';

/**
 * Campaigns on WhatsApp Cloud API connections (issue #29): a stored approved template with the
 * contact placeholders in its variables reaches contacts outside the 24-hour window (the fake Graph
 * API receives template messages); a free-text campaign to contacts outside the window is refused
 * when saved, and a window that closed before dispatch fails the contact instead of sending.
 * Campaigns run on a fake clock (runDue); Graph and webhooks are real HTTP.
 */
const fake = new FakeGraph();
const world = new FakeWorld();
let k: TestKernel;
let c: TestCompany;
let cloud: CloudConnection;
let year = 2071;

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const graphSends = (type?: string) => fake.calls.filter((call) => call.method === 'POST' && call.route === `${cloud.number.phoneNumberId}/messages` && (!type || call.body?.type === type));

async function drain(id: number, conn: number) {
  for (let i = 0; i < 100; i++) {
    const timer = await dispatchTimer(k, id, conn);
    if (!timer) return;
    await runDue(new Date(timer.dueAt));
  }
}

/** The contact writes to the business number now (a signed webhook): its window opens. */
async function writes(number: string, name: string) {
  const inbound = whatsappMessage(cloud.number, { waId: number, name }, { type: 'text', text: { body: 'oi' } });
  expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
  await waitFor(() => k.db('messages').where({ wid: inbound.id }).first());
}

const post = (body: Record<string, unknown>) => k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Nuvem', whatsappId: String(cloud.id), ...body } });

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), fakeWhatsapp(world), plugin] });
  c = await k.createCompany({ planFlags: { useCampaigns: true, useWhatsapp: true } });
  cloud = await cloudConnection(k, fake, c);
  await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

describe('campaigns by template on a WhatsApp Cloud API connection', () => {
  it('refuses a free-text campaign to contacts outside the 24-hour window when it is saved (409 ERR_WINDOW_CLOSED)', async () => {
    const list = await contactList(k, c, 3);
    const res = await post({ contactListId: list.id, message1: 'Oi {nome}' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'ERR_WINDOW_CLOSED', fix: 'template', connectionId: cloud.id, connectionName: 'Oficial', closed: 3, recipients: 3 });
    // Once every contact wrote within 24 hours, the free text is accepted.
    for (const [i, number] of list.numbers.entries()) await writes(number, `Pessoa ${i + 1}`);
    expect((await post({ contactListId: list.id, message1: 'Oi {nome}' })).status).toBe(201);
    // One who has not written again: refused again, on update too.
    await k.db('messages').where({ whatsappId: cloud.id, fromMe: false }).update({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    const created = await post({ contactListId: list.id, template: { name: 'hello_world', language: 'en_US', variables: ['{nome}', '1'] } });
    expect(created.status).toBe(201);
    const put = await k.api('PUT', `/campaigns/${created.body.id}`, { token: c.admin.token, body: { name: 'Nuvem', whatsappId: String(cloud.id), contactListId: list.id, message1: 'texto' } });
    expect(put.body).toMatchObject({ error: 'ERR_WINDOW_CLOSED', closed: 3 });
  });

  it("counts a tag's contacts too: one who wrote within 24 hours passes, one who never wrote refuses the free text", async () => {
    const [tag] = await k.db('tags').insert({ companyId: c.company.id, name: 'VIP', color: '#123456' }).returning('id');
    const recent = `55319${String(Date.now() % 1e7).padStart(7, '0')}`;
    await writes(recent, 'Recente');
    const contact = await k.db('contacts').where({ companyId: c.company.id, number: recent }).first('id');
    await k.db('contactTags').insert({ companyId: c.company.id, contactId: contact.id, tagId: tag.id });
    expect((await post({ tagListId: tag.id, message1: 'Oi {nome}' })).status).toBe(201);
    const silent = await k.api('POST', '/contacts', { token: c.admin.token, body: { name: 'Calado', number: `55329${String(Date.now() % 1e7).padStart(7, '0')}` } });
    expect(silent.status, JSON.stringify(silent.body)).toBeLessThan(300);
    await k.db('contactTags').insert({ companyId: c.company.id, contactId: silent.body.id, tagId: tag.id });
    expect((await post({ tagListId: tag.id, message1: 'Oi {nome}' })).body).toMatchObject({ error: 'ERR_WINDOW_CLOSED', closed: 1, recipients: 2 });
  });

  it('checks the template against the stored ones: unknown, not approved, the wrong count of variables, no Cloud API connection', async () => {
    const list = await contactList(k, c, 1);
    expect((await post({ contactListId: list.id, template: { name: 'nope', language: 'en_US', variables: [] } })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND', connectionId: cloud.id });
    expect((await post({ contactListId: list.id, template: { name: 'pending_one', language: 'en_US', variables: [] } })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND', status: 'PENDING' });
    expect((await post({ contactListId: list.id, template: { name: 'hello_world', language: 'en_US', variables: ['{nome}'] } })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 });
    const phone = await liveConnection(k, world, c, 'Celular');
    const baileys = await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Celular', whatsappId: String(phone), contactListId: list.id, template: { name: 'hello_world', language: 'en_US', variables: ['a', 'b'] } } });
    expect(baileys).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_NOT_SUPPORTED', channel: 'whatsapp' } });
    // Free text on a Baileys connection is not the Cloud API's business.
    expect((await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Celular', whatsappId: String(phone), contactListId: list.id, message1: 'oi' } })).status).toBe(201);
  });

  it('reaches contacts outside the window as template messages with their placeholders filled', async () => {
    const list = await contactList(k, c, 3);
    const at = new Date(`${year++}-03-01T12:00:00Z`);
    const res = await post({ contactListId: list.id, template: { name: 'hello_world', language: 'en_US', variables: ['{nome}', 'N-{numero}'] }, scheduledAt: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.template).toEqual({ name: 'hello_world', language: 'en_US', variables: ['{nome}', 'N-{numero}'] });
    const textsBefore = graphSends('text').length;
    await runDue(at);
    await drain(res.body.id, cloud.id);
    const calls = await Promise.all(list.numbers.map((number) => fake.nextCall((call) => call.body?.type === 'template' && call.body.to === number)));
    calls.forEach((call, i) => {
      expect(call.body.template).toEqual({
        name: 'hello_world',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: `Pessoa ${i + 1}` }, { type: 'text', text: `N-${list.numbers[i]}` }] }],
      });
    });
    expect(graphSends('text').length).toBe(textsBefore);
    // The conversation shows what each customer reads; the report counts them sent once Meta took them.
    const rows = await shippings(k, res.body.id);
    const bodies = await k.db('messages').whereIn('id', rows.map((r) => r.messageId)).orderBy('id').pluck('body');
    expect(bodies).toEqual(list.numbers.map((number, i) => `Hello Pessoa ${i + 1}, your order N-${number} is ready.`));
    await waitFor(async () => {
      const timer = await k.db('timedWork').where({ kind: 'campaigns.progress', key: String(res.body.id) }).first('dueAt');
      if (timer) await runDue(new Date(timer.dueAt));
      return (await states(k, res.body.id)).sent === 3;
    });
  });

  it('fills the contact placeholders in the header variable and the URL button suffix, sent in Meta\'s components; a missing header value is refused when saved', async () => {
    await addShippedTemplate(k, fake, c, cloud);
    const list = await contactList(k, c, 2);
    const missing = await post({ contactListId: list.id, template: { name: 'order_shipped', language: 'pt_BR', variables: ['{nome}'], buttonParameters: ['{numero}'] } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0, connectionId: cloud.id } });
    const media = await post({ contactListId: list.id, template: { name: 'order_shipped', language: 'pt_BR', variables: ['{nome}'], headerParameters: ['#{numero}'], buttonParameters: ['{numero}'], headerMedia: 'https://x.example/a.png' } });
    expect(media).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_HEADER_MEDIA' } });
    const at = new Date(`${year++}-03-01T12:00:00Z`);
    const template = { name: 'order_shipped', language: 'pt_BR', variables: ['{nome}'], headerParameters: ['#{numero}'], buttonParameters: ['R-{numero}'] };
    const res = await post({ contactListId: list.id, template, scheduledAt: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.template).toEqual(template);
    expect((await k.api('GET', `/campaigns/${res.body.id}`, { token: c.admin.token })).body.template).toEqual(template);
    await runDue(at);
    await drain(res.body.id, cloud.id);
    const calls = await Promise.all(list.numbers.map((number) => fake.nextCall((call) => call.body?.type === 'template' && call.body.to === number)));
    calls.forEach((call, i) => {
      expect(call.body.template.components).toEqual([
        { type: 'header', parameters: [{ type: 'text', text: `#${list.numbers[i]}` }] },
        { type: 'body', parameters: [{ type: 'text', text: `Pessoa ${i + 1}` }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: `R-${list.numbers[i]}` }] },
      ]);
      expect(call.response.messages?.[0]?.id).toEqual(expect.any(String));
    });
  });

  it('fails a contact whose window closed between save and dispatch instead of sending free text', async () => {
    const list = await contactList(k, c, 2);
    for (const [i, number] of list.numbers.entries()) await writes(number, `Pessoa ${i + 1}`);
    // Saved while both windows are open; it runs years later, when both are closed.
    const at = new Date(`${year++}-03-01T12:00:00Z`);
    const res = await post({ contactListId: list.id, message1: 'Oi {nome}', scheduledAt: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const textsBefore = graphSends('text').length;
    await runDue(at);
    await drain(res.body.id, cloud.id);
    expect(await states(k, res.body.id)).toEqual({ failed: 2 });
    expect((await shippings(k, res.body.id)).map((r) => [r.reason, r.messageId])).toEqual([['ERR_WINDOW_CLOSED', null], ['ERR_WINDOW_CLOSED', null]]);
    expect(graphSends('text').length).toBe(textsBefore);
  });

  it('asks by template in a confirmation campaign: the yes opens the window and the message follows as free text', async () => {
    const list = await contactList(k, c, 1);
    const [number] = list.numbers;
    const at = new Date(`${year++}-03-01T12:00:00Z`);
    const res = await post({ contactListId: list.id, confirmation: true, message1: 'Aqui está a oferta, {nome}!', template: { name: 'hello_world', language: 'en_US', variables: ['{nome}', '#1'] }, scheduledAt: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runDue(at);
    await drain(res.body.id, cloud.id);
    await fake.nextCall((call) => call.body?.type === 'template' && call.body.to === number);
    expect(await states(k, res.body.id)).toEqual({ confirmation_requested: 1 });

    const yes = whatsappMessage(cloud.number, { waId: number!, name: 'Pessoa 1' }, { type: 'text', text: { body: 'Sim' } });
    expect(await fake.deliver(cloud.webhook, yes.payload)).toBe(200);
    await waitFor(() => k.db('messages').where({ wid: yes.id }).first());
    await waitFor(async () => {
      const timer = await k.db('timedWork').where({ kind: 'campaigns.progress', key: String(res.body.id) }).first('dueAt');
      if (timer) await runDue(new Date(timer.dueAt));
      return (await states(k, res.body.id)).confirmed === 1;
    });
    const text = await fake.nextCall((call) => call.body?.type === 'text' && call.body.to === number);
    expect(text.body.text.body).toBe('Aqui está a oferta, Pessoa 1!');
  });
});
