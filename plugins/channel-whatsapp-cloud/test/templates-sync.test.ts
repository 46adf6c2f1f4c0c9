import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type ConformanceContext, type TestKernel } from '@guiche/core/testing';
import { GRAPH_API_VERSION } from '@guiche/meta-graph';
import { SHIPPED_TEMPLATE, type FakeTemplate } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { TEMPLATES_SYNC_KIND } from '../src/template-sync.js';
import { CloudPeer } from './support.js';

/**
 * Stored message templates (issue #29): each Cloud API connection keeps its WABA's templates in
 * whatsapp_cloud_templates, synced at the session's first start, daily by a durable timer and on
 * an admin's demand, over the fake Graph API's message_templates (its real JSON and cursor paging).
 */
const DAY = 24 * 3_600_000;
const peer = new CloudPeer();
let k: TestKernel;
/** A second node on the same database and Redis. */
let b: Kernel;
let ctx: ConformanceContext;
let agent: string;

const admin = () => ctx.company.admin.token;
const timer = () => k.db('timedWork').where({ kind: TEMPLATES_SYNC_KIND, key: String(ctx.connection.id) }).first('dueAt');
const rows = () => k.db('whatsappCloudTemplates').where({ connectionId: ctx.connection.id }).orderBy('name');
const templateReads = () => peer.fake.calls.filter((c) => c.method === 'GET' && c.route === `${peer.number.wabaId}/message_templates`);
const fakeTemplates = () => peer.fake.templates.get(peer.number.wabaId)!;

beforeAll(async () => {
  await peer.setup();
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()] });
  b = await createKernel(loadConfig({}, { ...k.kernel.core.config, PORT: 0 }), { plugins: [createWhatsappCloudChannel()] });
  const company = await k.createCompany({ planFlags: { useWhatsapp: true } });
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Cloud', channel: 'whatsappapi' } });
  const token = (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token as string;
  ctx = { kernel: k, company, connection: { id: res.body.id, token, companyId: company.company.id, channel: 'whatsappapi' } };
  agent = (await k.createUser(company.company.id, { profile: 'user' })).token;
  await peer.connect(ctx);
  await waitFor(async () => (await k.db('whatsapps').where({ id: ctx.connection.id }).first('status')).status === 'CONNECTED', { timeout: 15_000 });
});
afterAll(async () => {
  await b?.close();
  await k?.close();
  await peer.teardown();
});

describe('stored message templates of a Cloud API connection', () => {
  it("are synced once the session first connects, every status kept, and the timer set a day later", async () => {
    const synced = await waitFor(async () => (await k.db('whatsappCloudAccounts').where({ connectionId: ctx.connection.id }).first('templatesSyncedAt')).templatesSyncedAt, { timeout: 15_000 });
    expect(await rows()).toEqual([
      expect.objectContaining({ name: 'hello_world', language: 'en_US', category: 'UTILITY', status: 'APPROVED', parameterFormat: 'POSITIONAL', variables: 2, variableNames: ['1', '2'], body: 'Hello {{1}}, your order {{2}} is ready.', companyId: ctx.company.company.id }),
      expect.objectContaining({ name: 'pending_one', status: 'PENDING', variables: 0 }),
    ]);
    expect((await rows())[0].components).toEqual([{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }]);
    await waitFor(async () => {
      const t = await timer();
      return t && new Date(t.dueAt).getTime() >= new Date(synced).getTime() + DAY - 1000;
    });
    // Graph was asked for every status (status changes must reach the rows), with the fields stored.
    expect(templateReads()[0]!.query).toMatchObject({ fields: 'id,name,language,status,category,parameter_format,components' });
    expect(templateReads()[0]!.query.status).toBeUndefined();
  });

  it('GET reads the table: approved ones by default, every status with all=true; no Graph call', async () => {
    const before = templateReads().length;
    const list = await k.api('GET', `/whatsappapi/${ctx.connection.id}/templates`, { token: agent });
    expect(list.status).toBe(200);
    expect(list.body.templates).toEqual([expect.objectContaining({ name: 'hello_world', language: 'en_US', variables: 2, body: 'Hello {{1}}, your order {{2}} is ready.', status: 'APPROVED' })]);
    expect(list.body.syncedAt).toEqual(expect.any(String));
    const all = await k.api('GET', `/whatsappapi/${ctx.connection.id}/templates?all=true`, { token: admin() });
    expect(all.body.templates.map((t: { name: string }) => t.name)).toEqual(['hello_world', 'pending_one']);
    expect(templateReads().length).toBe(before);
  });

  it('an admin syncs on demand, following Graph’s pages; others may not, another company sees 404', async () => {
    const many: FakeTemplate[] = Array.from({ length: 130 }, (_, i) => ({ name: `promo_${String(i).padStart(3, '0')}`, language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Oi {{1}}' }] }));
    fakeTemplates().push(...many);
    const before = templateReads().length;
    const res = await k.api('POST', `/whatsappapi/${ctx.connection.id}/templates/sync`, { token: admin() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ templates: 132, approved: 131, syncedAt: expect.any(String) });
    expect(await k.db('whatsappCloudTemplates').where({ connectionId: ctx.connection.id }).count({ n: '*' }).first()).toMatchObject({ n: 132 });
    const pages = templateReads().slice(before);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.query.after).toEqual(expect.any(String));

    expect((await k.api('POST', `/whatsappapi/${ctx.connection.id}/templates/sync`, { token: agent })).status).toBe(403);
    const other = await k.createCompany({ planFlags: { useWhatsapp: true } });
    expect((await k.api('POST', `/whatsappapi/${ctx.connection.id}/templates/sync`, { token: other.admin.token })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await k.api('GET', `/whatsappapi/${ctx.connection.id}/templates`, { token: other.admin.token })).status).toBe(404);
    fakeTemplates().splice(2);
  });

  it('the daily run updates a status change and marks a template Graph no longer lists; a send then refuses it', async () => {
    fakeTemplates()[0]!.status = 'PAUSED';
    const due = new Date((await timer())!.dueAt);
    expect(await k.kernel.core.timedWork.runDue(due)).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await rows()).find((r) => r.name === 'hello_world')?.status === 'PAUSED');
    // The 130 promos are gone from Graph: kept as DELETED.
    expect(await k.db('whatsappCloudTemplates').where({ connectionId: ctx.connection.id, status: 'DELETED' }).count({ n: '*' }).first()).toMatchObject({ n: 130 });
    expect(new Date((await timer())!.dueAt).getTime()).toBe(due.getTime() + DAY);
    expect((await k.api('GET', `/whatsappapi/${ctx.connection.id}/templates`, { token: admin() })).body.templates).toEqual([]);

    // The ticket's template send refuses a template no longer approved (after syncing once more).
    await peer.send({ type: 'text', text: { body: 'oi' } });
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: ctx.connection.id }).first('id'));
    const refused = await k.api('POST', `/whatsappapi/tickets/${ticket.id}/template`, { token: admin(), body: { name: 'hello_world', language: 'en_US', parameters: ['Ana', '#1'] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND', status: 'PAUSED' });

    // Approved again on Meta's side and a new NAMED one: the send syncs the one it does not know yet.
    fakeTemplates()[0]!.status = 'APPROVED';
    fakeTemplates().push({ name: 'order_named', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', parameter_format: 'NAMED', components: [{ type: 'BODY', text: 'Olá {{first_name}}, pedido {{order}}.' }] });
    const wrong = await k.api('POST', `/whatsappapi/tickets/${ticket.id}/template`, { token: admin(), body: { name: 'order_named', language: 'pt_BR', parameters: ['Ana'] } });
    expect(wrong.body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', expected: 2, received: 1 });
    const sent = await k.api('POST', `/whatsappapi/tickets/${ticket.id}/template`, { token: admin(), body: { name: 'order_named', language: 'pt_BR', parameters: ['Ana', '#7'] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const call = await peer.fake.nextCall((c) => c.body?.type === 'template' && c.body.template.name === 'order_named');
    expect(call.body.template.components).toEqual([{ type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ana' }, { type: 'text', parameter_name: 'order', text: '#7' }] }]);
    expect(await k.db('messages').where({ id: sent.body.id }).first('body')).toEqual({ body: 'Olá Ana, pedido #7.' });
  });

  it('sends the header text variable, the header file and the URL buttons\' suffixes in Meta\'s shape, checked against the stored template', async () => {
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: ctx.connection.id }).first('id'));
    fakeTemplates().push(
      SHIPPED_TEMPLATE,
      {
        name: 'invoice_doc',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'HEADER', format: 'DOCUMENT' }, { type: 'BODY', text: 'Sua nota fiscal.' }],
      },
    );
    expect((await k.api('POST', `/whatsappapi/${ctx.connection.id}/templates/sync`, { token: admin() })).status).toBe(200);
    const send = (body: Record<string, unknown>) => k.api('POST', `/whatsappapi/tickets/${ticket.id}/template`, { token: admin(), body: { language: 'pt_BR', ...body } });

    // Counts and kinds checked up front, before Graph is asked.
    expect((await send({ name: 'order_shipped', parameters: ['Ana'], buttonParameters: ['AB12'] })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', part: 'header', expected: 1, received: 0 });
    expect((await send({ name: 'order_shipped', parameters: ['Ana'], headerParameters: ['#9'] })).body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES', part: 'buttons', expected: 1, received: 0 });
    expect((await send({ name: 'order_shipped', parameters: ['Ana'], headerParameters: ['#9'], buttonParameters: ['AB12'], headerMedia: 'https://x.example/a.pdf' })).body).toMatchObject({ error: 'ERR_TEMPLATE_HEADER_MEDIA' });
    expect((await send({ name: 'invoice_doc', parameters: [] })).body).toMatchObject({ error: 'ERR_TEMPLATE_HEADER_MEDIA', format: 'document' });
    const notWeb = await send({ name: 'invoice_doc', parameters: [], headerMedia: 'ftp://x.example/nota.pdf' });
    expect(notWeb.status).toBe(400);
    expect(notWeb.body).toMatchObject({ error: 'ERR_TEMPLATE_HEADER_MEDIA' });

    const shipped = await send({ name: 'order_shipped', parameters: ['Ana'], headerParameters: ['#9'], buttonParameters: ['AB12'] });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const shippedCall = await peer.fake.nextCall((c) => c.body?.type === 'template' && c.body.template.name === 'order_shipped');
    expect(shippedCall.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '#9' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'AB12' }] },
    ]);

    const invoice = await send({ name: 'invoice_doc', parameters: [], headerMedia: 'https://files.example/nota-7.pdf' });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const invoiceCall = await peer.fake.nextCall((c) => c.body?.type === 'template' && c.body.template.name === 'invoice_doc');
    expect(invoiceCall.body.template.components).toEqual([{ type: 'header', parameters: [{ type: 'document', document: { link: 'https://files.example/nota-7.pdf' } }] }]);
  });

  it('the fake Graph API refuses a template send whose parts do not match the template, as Meta does', async () => {
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: ctx.connection.id }).first('id'));
    const contact = await k.db('tickets').where({ 'tickets.id': ticket.id }).join('contacts', 'contacts.id', 'tickets.contactId').first('contacts.number');
    const post = (template: Record<string, unknown>) =>
      fetch(`${peer.fake.url}/${GRAPH_API_VERSION}/${peer.number.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${peer.number.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: contact.number, type: 'template', template: { language: { code: 'pt_BR' }, ...template } }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: number } } }));
    // Without the header's file, a number index, an image for a document header.
    expect((await post({ name: 'invoice_doc' })).body.error?.code).toBe(132012);
    expect((await post({ name: 'order_shipped', components: [{ type: 'header', parameters: [{ type: 'text', text: '#9' }] }, { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }, { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'x' }] }] })).body.error?.code).toBe(100);
    expect((await post({ name: 'invoice_doc', components: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.example/a.png' } }] }] })).body.error?.code).toBe(132012);
    expect((await post({ name: 'order_shipped', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }] })).body.error?.code).toBe(132000);
    expect((await post({ name: 'invoice_doc', components: [{ type: 'header', parameters: [{ type: 'document', document: { link: 'https://x.example/a.pdf' } }] }] })).status).toBe(200);
  });

  it('two nodes sweeping the same moment sync once', async () => {
    const due = new Date((await timer())!.dueAt);
    const before = templateReads().length;
    const fired = await Promise.all([k.kernel.core.timedWork.runDue(due), b.core.timedWork.runDue(due)]);
    // (The standing re-read, due by then too, may be among the timers fired.)
    expect(fired.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    // The Graph read runs in the claim's after-commit, which runDue waits for: one read, not two.
    expect(templateReads().length).toBe(before + 1);
    expect(new Date((await timer())!.dueAt).getTime()).toBe(due.getTime() + DAY);
  });

  it('a Graph failure answers 502 on demand and leaves the timer for the next day', async () => {
    peer.fake.expireToken(peer.number.accessToken);
    const res = await k.api('POST', `/whatsappapi/${ctx.connection.id}/templates/sync`, { token: admin() });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED', graphCode: 190 });
    const due = new Date((await timer())!.dueAt);
    await k.kernel.core.timedWork.runDue(due);
    expect(new Date((await timer())!.dueAt).getTime()).toBe(due.getTime() + DAY);
    expect((await rows()).find((r) => r.name === 'hello_world')?.status).toBe('APPROVED');
  });

  it('ends with its connection: cancelled when it is deleted, its rows gone with it', async () => {
    expect(await timer()).toBeDefined();
    const res = await k.api('DELETE', `/whatsapp/${ctx.connection.id}`, { token: admin() });
    expect(res.status).toBe(200);
    await waitFor(async () => (await timer()) === undefined || null, { timeout: 15_000 });
    expect(await rows()).toEqual([]);
  });
});
