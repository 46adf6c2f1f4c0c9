import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type ConformanceContext, type TestKernel } from '@guiche/core/testing';
import { whatsappMessage } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { noteLegacyCall, resolveWebhookTarget } from '../src/webhook.js';
import { LEGACY_WEBHOOK_URL_UNTIL, legacyUrlAccepted } from '../src/webhook-ids.js';
import { up as deriveWebhookIds } from '../src/migrations/20261127180000_create_whatsapp_cloud_webhooks.js';
import { CloudPeer, webhookUrl } from './support.js';

/**
 * Issue #26: the Cloud API webhook URL no longer carries the connection's API token. Each connection
 * has its own public webhook id (the dialog shows it); the old token URL keeps working until
 * LEGACY_WEBHOOK_URL_UNTIL, noting (once per connection) that Meta still calls it; every delivery
 * is verified with X-Hub-Signature-256 whichever URL it came by.
 */
const peer = new CloudPeer();
let k: TestKernel;
let ctx: ConformanceContext;
const warnings: unknown[] = [];

beforeAll(async () => {
  await peer.setup();
  // A cut-off far ahead, so this test does not depend on today's date (the real one is checked below).
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel({ legacyWebhookUntil: new Date('2100-01-01T00:00:00Z') })] });
  const company = await k.createCompany();
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Cloud', channel: 'whatsappapi' } });
  expect(res.status).toBe(201);
  ctx = { kernel: k, company, connection: { id: res.body.id, token: (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token, companyId: company.company.id, channel: 'whatsappapi' } };
  await peer.connect(ctx);
}, 60_000);

afterAll(async () => {
  await k?.close();
  await peer.teardown();
});

const stored = (wid: string) => waitFor(() => k.db('messages').where({ whatsappId: ctx.connection.id, wid }).first(), { timeout: 15000 });
const verify = (url: string, token = peer.number.verifyToken) => fetch(`${url}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=4242`);

describe('the webhook URL', () => {
  it('shows a public webhook id in the dialog, never the connection token', async () => {
    const url = await webhookUrl(ctx);
    expect(url).toMatch(/\/api\/whatsappapi\/webhook\/wh-[0-9a-f]{32}$/);
    expect(url).not.toContain(ctx.connection.token);
    // Stable: the dialog shows the same URL every time.
    expect(await webhookUrl(ctx)).toBe(url);
  });

  it('answers Meta’s verification and takes signed deliveries on the new URL; refuses unsigned and forged ones', async () => {
    const url = await webhookUrl(ctx);
    const check = await verify(url);
    expect(check.status).toBe(200);
    expect(await check.text()).toBe('4242');
    expect((await verify(url, 'not-the-verify-token')).status).toBe(403);
    const { id, payload } = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'pela URL nova' } });
    expect(await peer.fake.deliver(url, payload, 'unsigned')).toBe(401);
    expect(await peer.fake.deliver(url, payload, 'forged')).toBe(401);
    expect(await k.db('messages').where({ whatsappId: ctx.connection.id, wid: id }).first('id')).toBeUndefined();
    expect(await peer.fake.deliver(url, payload)).toBe(200);
    expect((await stored(id)).body).toBe('pela URL nova');
  });

  it('answers 404 for a webhook id nobody has', async () => {
    const { payload } = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'ninguém' } });
    expect(await peer.fake.deliver(`${k.apiUrl}/whatsappapi/webhook/wh-${'0'.repeat(32)}`, payload)).toBe(404);
    expect((await verify(`${k.apiUrl}/whatsappapi/webhook/wh-${'0'.repeat(32)}`)).status).toBe(403);
  });

  it('keeps the old token URL working during the migration period, and notes once that Meta still calls it', async () => {
    const legacy = `${k.apiUrl}/whatsappapi/webhook/${ctx.connection.token}`;
    const row = () => k.db('whatsappCloudWebhooks').where({ connectionId: ctx.connection.id }).first('legacyUsedAt');
    expect((await row()).legacyUsedAt).toBeNull();
    // Only a call that proves it comes from Meta is noted: a wrong verify token or signature is not.
    expect((await verify(legacy, 'not-the-verify-token')).status).toBe(403);
    const unsigned = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'sem assinatura' } });
    expect(await peer.fake.deliver(legacy, unsigned.payload, 'forged')).toBe(401);
    expect((await row()).legacyUsedAt).toBeNull();
    expect((await verify(legacy)).status).toBe(200);
    const first = (await row()).legacyUsedAt;
    expect(first).toBeInstanceOf(Date);
    const { id, payload } = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'pela URL antiga' } });
    expect(await peer.fake.deliver(legacy, payload, 'forged')).toBe(401);
    expect(await peer.fake.deliver(legacy, payload)).toBe(200);
    expect((await stored(id)).body).toBe('pela URL antiga');
    // Marked the first time only: that is when the deprecation warning is logged.
    expect((await row()).legacyUsedAt).toEqual(first);
  });

  it('refuses the old token URL after the cut-off, and logs the warning only for the first authentic call', async () => {
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const before = new Date(Date.now() + 60_000);
    await k.db('whatsappCloudWebhooks').where({ connectionId: ctx.connection.id }).update({ legacyUsedAt: null });
    const target = await resolveWebhookTarget(k.db, ctx.connection.token, before);
    expect(target).toMatchObject({ connectionId: ctx.connection.id, viaLegacyUrl: true });
    expect(await resolveWebhookTarget(k.db, await webhookUrl(ctx).then((url) => url.split('/').at(-1)!), before)).toMatchObject({ connectionId: ctx.connection.id, viaLegacyUrl: false });
    await noteLegacyCall({ db: k.db, log }, target!, before);
    await noteLegacyCall({ db: k.db, log }, target!, before);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain(String(ctx.connection.id));
    expect(await resolveWebhookTarget(k.db, ctx.connection.token, new Date(Date.now() - 1000))).toBeNull();
    expect(legacyUrlAccepted(LEGACY_WEBHOOK_URL_UNTIL, new Date(LEGACY_WEBHOOK_URL_UNTIL.getTime() - 1))).toBe(true);
    expect(legacyUrlAccepted(LEGACY_WEBHOOK_URL_UNTIL, LEGACY_WEBHOOK_URL_UNTIL)).toBe(false);
  });

  it("does not let one company's webhook id reach another company's connection", async () => {
    const other = await k.createCompany({ planFlags: { useWhatsapp: true } });
    const created = await k.api('POST', '/whatsapp', { token: other.admin.token, body: { name: 'Outra', channel: 'whatsappapi' } });
    expect(created.status).toBe(201);
    const otherUrl = await webhookUrl({ ...ctx, company: other, connection: { ...ctx.connection, id: created.body.id } });
    expect(otherUrl).not.toBe(await webhookUrl(ctx));
    // Company B's URL with company A's signed message: B has no Meta account yet, so nothing is taken.
    const { id, payload } = whatsappMessage(peer.number, peer.contact, { type: 'text', text: { body: 'URL de outra empresa' } });
    expect(await peer.fake.deliver(otherUrl, payload)).toBe(404);
    expect(await k.db('messages').where({ wid: id }).first('id')).toBeUndefined();
  });
});

describe('the migration', () => {
  it('gives every existing Cloud API connection its own webhook id', async () => {
    const company = await k.createCompany();
    const rows = await k.db('whatsapps').insert([1, 2, 3].map((n) => ({ companyId: company.company.id, name: `Antiga ${n}`, channel: 'whatsappapi', token: `LEGACY${n}${Date.now()}`, status: 'DISCONNECTED' }))).returning('id');
    await k.db.schema.dropTable('whatsapp_cloud_webhooks');
    await deriveWebhookIds(k.db);
    const ids = await k.db('whatsappCloudWebhooks').whereIn('connectionId', rows.map((r: { id: number }) => r.id)).select('webhookId', 'companyId');
    expect(ids).toHaveLength(3);
    expect(new Set(ids.map((r) => r.webhookId)).size).toBe(3);
    for (const row of ids) {
      expect(row.webhookId).toMatch(/^wh-[0-9a-f]{32}$/);
      expect(row.companyId).toBe(company.company.id);
    }
    // Connections of other channels get none.
    const all = await k.db('whatsappCloudWebhooks').join('whatsapps', 'whatsapps.id', 'whatsappCloudWebhooks.connectionId').whereNot('whatsapps.channel', 'whatsappapi').count<{ count: string }[]>('* as count');
    expect(Number(all[0]!.count)).toBe(0);
  });
});
