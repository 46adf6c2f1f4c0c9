import { Weekdays } from '@guiche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, cloudConnection, FakeGraph, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { useFakeGraphEnv } from '../../channel-whatsapp-cloud/test/support.js';
import onCall from '../src/plugin.js';
import { breachingTicket, slaTarget } from './sla-support.js';
import { week } from './support.js';

/**
 * On-call pages through a WhatsApp Cloud API default connection (issue #29): a duty phone whose 24-hour
 * window is closed gets the rota's approved template with the alert's fields in its variables (a template
 * message at the fake Graph API); a rota without one is refused when saved, and when it exists anyway (saved
 * before the Cloud API number became the default) the page is not sent and the rota keeps ERR_WINDOW_CLOSED
 * for the admins; once the duty phone writes, the page goes as free text (in the duty user's language)
 * and the error clears.
 */
const fake = new FakeGraph();
let k: TestKernel;

const MIN = 60_000;
// The page's clock is the real one: the window a duty phone opens by writing is measured from now.
const allWeek = () => week(Object.fromEntries(Weekdays.map((d) => [d.weekdayEn, ['00:00', '23:59']])));
const runDue = (at: Date) => k.kernel.core.timedWork.runDue(at);

/** The company's Cloud API connection, its default. */
async function defaultCloudConnection(company: TestCompany): Promise<CloudConnection> {
  const cloud = await cloudConnection(k, fake, company);
  expect((await k.db('whatsapps').where({ id: cloud.id }).first('isDefault')).isDefault).toBe(true);
  return cloud;
}

/** A ticket that breaches its first-response target now: the breach and its on-call timer run at once. */
async function breachNow(company: TestCompany, connectionId: number) {
  const ticket = await breachingTicket(k, { ...company, connectionId }, { createdAt: new Date(Date.now() - 40 * MIN) });
  await slaTarget(k, company.admin.token, { queueId: ticket.queueId, firstResponseMinutes: 30 });
  // The target's clock is set after its route answers: sweep until the breach is recorded and paged.
  await waitFor(async () => {
    await runDue(new Date());
    return k.db('plantaoSlaAlerts').where({ ticketId: ticket.ticketId }).first();
  });
  return ticket;
}

const rota = (company: TestCompany, phone: string, template?: unknown) =>
  k.api('POST', '/plantao', { token: company.admin.token, body: { userId: company.admin.user.id, phone, interval: 30, days: allWeek(), template, pageSlaBreaches: true } });

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), onCall], config: { TIMED_WORK_POLL_MS: 60_000 } });
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

describe('on-call pages on a WhatsApp Cloud API connection', () => {
  it('refuses a rota without an approved template (409 ERR_WINDOW_CLOSED), checks the template, and pages a closed window with it, the alert’s fields filled', async () => {
    const company = await k.createCompany({ planFlags: { useWhatsapp: true } });
    const cloud = await defaultCloudConnection(company);
    const phone = '5511977770001';

    const bare = await rota(company, phone);
    expect(bare).toMatchObject({ status: 409, body: { error: 'ERR_WINDOW_CLOSED', fix: 'template', connectionId: cloud.id } });
    expect((await rota(company, phone, { name: 'nope', language: 'en_US', variables: [] })).body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND' });
    expect((await rota(company, phone, { name: 'hello_world', language: 'en_US', variables: ['{contact}'] })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 });
    const template = { name: 'hello_world', language: 'en_US', variables: ['{contact} ({queue})', '#{ticket}'] };
    const saved = await rota(company, phone, template);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ template, lastError: null });

    const { ticketId } = await breachNow(company, cloud.id);
    const call = await fake.nextCall((x) => x.body?.to === phone);
    expect(call.body.type).toBe('template');
    const { name: contact } = await k.db('tickets as t').join('contacts as c', 'c.id', 't.contactId').where('t.id', ticketId).first('c.name');
    const { name: queue } = await k.db('tickets as t').join('queues as q', 'q.id', 't.queueId').where('t.id', ticketId).first('q.name');
    expect(call.body.template).toEqual({
      name: 'hello_world',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: `${contact} (${queue})` }, { type: 'text', text: `#${ticketId}` }] }],
    });
    expect(await k.db('plantaoSlaAlerts').where({ ticketId })).toMatchObject([{ notified: 1 }]);
    // The duty person's conversation shows the page as the phone reads it.
    const stored = await k.db('messages as m').join('contacts as c', 'c.id', 'm.contactId').where({ 'c.number': phone, 'm.fromMe': true }).first('m.body', 'm.data');
    expect(stored).toMatchObject({ body: `Hello ${contact} (${queue}), your order #${ticketId} is ready.`, data: { template: { name: 'hello_world' } } });
  }, 60_000);

  it('stores the header variable and the URL button suffix with the rota, fills the alert’s fields in them and sends them in Meta’s components; a missing header value is refused when saved', async () => {
    const company = await k.createCompany({ planFlags: { useWhatsapp: true } });
    const cloud = await defaultCloudConnection(company);
    await addShippedTemplate(k, fake, company, cloud);
    const phone = '5511977770003';
    const missing = await rota(company, phone, { name: 'order_shipped', language: 'pt_BR', variables: ['{contact}'], buttonParameters: ['{ticket}'] });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0 } });
    const media = await rota(company, phone, { name: 'order_shipped', language: 'pt_BR', variables: ['{contact}'], headerParameters: ['#{ticket}'], buttonParameters: ['{ticket}'], headerMedia: 'https://x.example/a.png' });
    expect(media).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_HEADER_MEDIA' } });
    const template = { name: 'order_shipped', language: 'pt_BR', variables: ['{contact}'], headerParameters: ['#{ticket}'], buttonParameters: ['T-{ticket}'] };
    const saved = await rota(company, phone, template);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.template).toEqual(template);
    expect((await k.api('GET', '/plantao', { token: company.admin.token })).body[0].template).toEqual(template);

    const { ticketId } = await breachNow(company, cloud.id);
    const call = await fake.nextCall((x) => x.body?.to === phone);
    const { name: contact } = await k.db('tickets as t').join('contacts as c', 'c.id', 't.contactId').where('t.id', ticketId).first('c.name');
    expect(call.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: `#${ticketId}` }] },
      { type: 'body', parameters: [{ type: 'text', text: contact }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: `T-${ticketId}` }] },
    ]);
    expect(call.response.messages?.[0]?.id).toEqual(expect.any(String));
  }, 60_000);

  it('never sends free text to a closed window: the rota keeps ERR_WINDOW_CLOSED; once the duty phone writes, the page goes as text and the error clears', async () => {
    const company = await k.createCompany({ planFlags: { useWhatsapp: true } });
    const phone = '5511977770002';
    // Saved while the company had no connection: nothing to check yet.
    expect((await rota(company, phone)).status).toBe(201);
    const cloud = await defaultCloudConnection(company);

    const first = await breachNow(company, cloud.id);
    const [record] = (await k.api('GET', '/plantao', { token: company.admin.token })).body;
    expect(record).toMatchObject({ phone, template: null, lastError: 'ERR_WINDOW_CLOSED' });
    expect(record.lastErrorAt).not.toBeNull();
    expect(await k.db('plantaoSlaAlerts').where({ ticketId: first.ticketId })).toMatchObject([{ notified: 0 }]);
    expect(fake.calls.filter((x) => x.body?.to === phone)).toEqual([]);
    expect(await k.db('messages as m').join('contacts as c', 'c.id', 'm.contactId').where({ 'c.number': phone, 'm.fromMe': true }).first()).toBeUndefined();

    // The duty phone writes to the business number: its window is open for 24 h. Its user reads English.
    await k.db('users').where({ id: company.admin.user.id }).update({ language: 'en' });
    const inbound = whatsappMessage(cloud.number, { waId: phone, name: 'Plantonista' }, { type: 'text', text: { body: 'oi' } });
    expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
    await waitFor(() => k.db('messages').where({ wid: inbound.id }).first());

    const second = await breachNow(company, cloud.id);
    const call = await fake.nextCall((x) => x.body?.to === phone);
    expect(call.body.type).toBe('text');
    expect(call.body.text.body).toContain(`#${second.ticketId}`);
    expect(call.body.text.body).toContain('breached its first response SLA');
    const [after] = (await k.api('GET', '/plantao', { token: company.admin.token })).body;
    expect(after).toMatchObject({ lastError: null, lastErrorAt: null });
  }, 60_000);
});
