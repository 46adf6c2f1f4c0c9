import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, cloudConnection, FakeGraph, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { useFakeGraphEnv } from './support.js';

/**
 * Issue #33: the birthday greeting through a WhatsApp Cloud API connection (fake Graph API). A contact
 * whose 24-hour window is closed gets the connection's birthday template with their name in a variable;
 * without one the greeting is skipped and counted for the admins (never sent for Meta to refuse); a
 * contact who wrote today gets the free text; another company's template never applies.
 */
const fake = new FakeGraph();
let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()], config: { TIMED_WORK_POLL_MS: 60_000 } });
  // The greeting's row runs when the test says (runDue, real clock: the window is measured from now).
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

/** Core's daily greeting row (core/src/contacts/birthdays.ts BIRTHDAY_KIND). */
const BIRTHDAY_KIND = 'contacts.birthdays';
/** Born today in São Paulo, where birthdays are counted. */
const birthdayToday = () => `1990-${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', month: '2-digit', day: '2-digit' }).format(new Date())}`;

/** A contact born today who last talked through the connection long ago (window closed). */
async function quietContact(company: TestCompany, connectionId: number, name: string): Promise<{ id: number; number: string }> {
  const number = `55119${String(40000000 + ++seq)}`;
  const [row] = await k.db('contacts').insert({ companyId: company.company.id, name, number, channel: 'whatsappapi', birthday: birthdayToday() }).returning('id');
  await k.db('tickets').insert({ companyId: company.company.id, contactId: row.id, whatsappId: connectionId, status: 'closed', updatedAt: new Date(Date.now() - 5 * 86400_000) });
  return { id: row.id, number };
}

async function enableBirthdays(company: TestCompany) {
  for (const [key, value] of [['birthdayMessage', 'Feliz aniversário, {{firstName}}!'], ['birthdayTime', '00:00'], ['birthdayMessages', 'enabled']]) {
    const res = await k.api('PUT', `/settings/${key}`, { token: company.admin.token, body: { value } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** Runs the company's daily row now (it was set for tomorrow by its last run). */
async function runToday(company: TestCompany) {
  await k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(company.company.id) }).update({ dueAt: new Date(Date.now() - 1000) });
  await k.kernel.core.timedWork.runDue(new Date());
}

const sent = (contactId: number) => k.db('messages').where({ contactId, fromMe: true }).select('body', 'data');
const templates = async (company: TestCompany) => {
  const res = await k.api('GET', '/birthdays/templates', { token: company.admin.token });
  expect(res.status).toBe(200);
  return res.body.connections as { id: number; template: unknown; skipped: number; lastSkipReason: string | null }[];
};
const graphCallsTo = (number: string) => fake.calls.filter((c) => c.body?.to === number);

describe('birthday greeting on a WhatsApp Cloud API connection', () => {
  let a: TestCompany;
  let b: TestCompany;
  let cloudA: CloudConnection;
  let cloudB: CloudConnection;

  beforeAll(async () => {
    a = await k.createCompany({ planFlags: { useWhatsapp: true } });
    b = await k.createCompany({ planFlags: { useWhatsapp: true } });
    cloudA = await cloudConnection(k, fake, a);
    cloudB = await cloudConnection(k, fake, b);
    await enableBirthdays(a);
    await enableBirthdays(b);
  }, 60_000);

  it('skips a closed window without a template and shows it to the admins; never free text Meta would refuse', async () => {
    const ana = await quietContact(a, cloudA.id, 'Ana Lima');
    await runToday(a);
    expect(await sent(ana.id)).toEqual([]);
    expect(graphCallsTo(ana.number)).toEqual([]);
    expect(await templates(a)).toMatchObject([{ id: cloudA.id, template: null, skipped: 1, lastSkipReason: 'noTemplate' }]);
    // Marked greeted: a second run the same day neither sends nor counts it twice.
    await runToday(a);
    expect(await sent(ana.id)).toEqual([]);
    expect((await templates(a))[0]!.skipped).toBe(1);
  }, 60_000);

  it('checks the template where it is saved: approved and stored for the connection, one value per variable; admins only', async () => {
    const put = (body: unknown, token = a.admin.token, id = cloudA.id) => k.api('PUT', `/birthdays/templates/${id}`, { token, body });
    expect((await put({ name: 'nope', language: 'en_US', variables: [] })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND' });
    expect((await put({ name: 'pending_one', language: 'en_US', variables: [] })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND' });
    expect((await put({ name: 'hello_world', language: 'en_US', variables: ['{{firstName}}'] })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 });
    expect((await put({ name: '', language: 'en_US', variables: [] })).status).toBe(400);
    // Another company's connection is not found; an agent may not choose.
    expect((await put({ name: 'hello_world', language: 'en_US', variables: ['x', 'y'] }, a.admin.token, cloudB.id)).status).toBe(404);
    const agent = await k.createUser(a.company.id);
    expect((await put({ name: 'hello_world', language: 'en_US', variables: ['x', 'y'] }, agent.token)).status).toBe(403);
    expect((await k.api('GET', '/birthdays/templates', { token: agent.token })).status).toBe(403);
    // A connection without a window (Baileys) takes no template.
    const baileys = await k.api('POST', '/whatsapp', { token: a.admin.token, body: { name: 'Celular', channel: 'whatsapp' } });
    expect((await put({ name: 'hello_world', language: 'en_US', variables: ['x', 'y'] }, a.admin.token, baileys.body.id)).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_SUPPORTED' });

    const saved = await put({ name: 'hello_world', language: 'en_US', variables: ['{{firstName}}', 'aniversário'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Choosing a template clears the warning.
    expect(await templates(a)).toMatchObject([{ id: cloudA.id, template: { name: 'hello_world', language: 'en_US', variables: ['{{firstName}}', 'aniversário'] }, skipped: 0 }]);
  });

  it('greets a closed window with the template (the name in a variable), an open one with the text; another company’s template never applies', async () => {
    const bia = await quietContact(a, cloudA.id, 'Bia Souza');
    // Caio wrote today: his window is open, the free text goes.
    const caioNumber = `55119${String(40000000 + ++seq)}`;
    const inbound = whatsappMessage(cloudA.number, { waId: caioNumber, name: 'Caio Reis' }, { type: 'text', text: { body: 'oi' } });
    expect(await fake.deliver(cloudA.webhook, inbound.payload)).toBe(200);
    const caioMessage = await waitFor(() => k.db('messages').where({ wid: inbound.id }).first('contactId'));
    await k.db('contacts').where({ id: caioMessage.contactId }).update({ birthday: birthdayToday() });
    const duda = await quietContact(b, cloudB.id, 'Duda Outra');

    await runToday(a);
    await runToday(b);

    const call = await fake.nextCall((c) => c.body?.to === bia.number);
    expect(call.body.type).toBe('template');
    expect(call.body.template).toEqual({
      name: 'hello_world',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Bia' }, { type: 'text', text: 'aniversário' }] }],
    });
    expect(await sent(bia.id)).toMatchObject([{ body: 'Hello Bia, your order aniversário is ready.', data: { template: { name: 'hello_world' } } }]);

    const text = await fake.nextCall((c) => c.body?.to === caioNumber);
    expect([text.body.type, text.body.text.body]).toEqual(['text', 'Feliz aniversário, Caio!']);

    // Company b chose no template: its greeting is skipped, a's template is never used for it.
    expect(await sent(duda.id)).toEqual([]);
    expect(graphCallsTo(duda.number)).toEqual([]);
    expect(await templates(b)).toMatchObject([{ id: cloudB.id, template: null, skipped: 1, lastSkipReason: 'noTemplate' }]);
    expect((await templates(a))[0]!.skipped).toBe(0);
  }, 60_000);

  it('a template Meta no longer approves is skipped and reported, not sent', async () => {
    const eli = await quietContact(a, cloudA.id, 'Eli Prado');
    const wabaTemplates = fake.templates.get(cloudA.number.wabaId)!;
    wabaTemplates[0]!.status = 'PAUSED';
    expect((await k.api('POST', `/whatsappapi/${cloudA.id}/templates/sync`, { token: a.admin.token })).status).toBe(200);
    await runToday(a);
    expect(await sent(eli.id)).toEqual([]);
    expect(graphCallsTo(eli.number)).toEqual([]);
    expect(await templates(a)).toMatchObject([{ id: cloudA.id, skipped: 1, lastSkipReason: 'templateUnusable' }]);
    wabaTemplates[0]!.status = 'APPROVED';
  }, 60_000);

  it('keeps the header variable and the URL button suffix with the template (message variables filled) and sends them in Meta’s components; a missing header value is refused when saved', async () => {
    const c = await k.createCompany({ planFlags: { useWhatsapp: true } });
    const cloudC = await cloudConnection(k, fake, c);
    await enableBirthdays(c);
    await addShippedTemplate(k, fake, c, cloudC);
    const put = (body: unknown) => k.api('PUT', `/birthdays/templates/${cloudC.id}`, { token: c.admin.token, body });
    const missing = await put({ name: 'order_shipped', language: 'pt_BR', variables: ['{{firstName}}'], buttonParameters: ['x'] });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0 } });
    const media = await put({ name: 'order_shipped', language: 'pt_BR', variables: ['{{firstName}}'], headerParameters: ['x'], buttonParameters: ['x'], headerMedia: 'https://x.example/a.png' });
    expect(media).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_HEADER_MEDIA' } });
    const template = { name: 'order_shipped', language: 'pt_BR', variables: ['{{firstName}}'], headerParameters: ['{{name}}'], buttonParameters: ['parabens-{{firstName}}'] };
    expect((await put(template)).status).toBe(200);
    expect(await templates(c)).toMatchObject([{ id: cloudC.id, template }]);

    const gil = await quietContact(c, cloudC.id, 'Gil Neves');
    await runToday(c);
    const call = await fake.nextCall((x) => x.body?.to === gil.number);
    expect(call.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'Gil Neves' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Gil' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'parabens-Gil' }] },
    ]);
    expect(call.response.messages?.[0]?.id).toEqual(expect.any(String));
  }, 60_000);
});
