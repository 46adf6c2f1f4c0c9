import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '@guiche/core';
import { startWebhookReceiver, waitFor, type TestCompany, type TestKernel, type WebhookReceiver } from '@guiche/core/testing';
import { WebhookEventTypes } from '@guiche/contracts';
import { FakeWorld } from './support.js';
import { FAST_WEBHOOKS, startWebhookKernel } from './webhooks-support.js';
import { isPublicAddress } from '@guiche/core';

// The operator's default: destinations in private, loopback and link-local ranges are refused.
const world = new FakeWorld();
let k: TestKernel;
let shop: TestCompany;
let other: TestCompany;
let receiver: WebhookReceiver;

beforeAll(async () => {
  k = await startWebhookKernel(world, { ...FAST_WEBHOOKS, allowPrivate: false });
  shop = await k.createCompany({ planFlags: { useExternalApi: true } });
  other = await k.createCompany({ planFlags: { useExternalApi: true } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await k?.close();
  await receiver?.close();
});

const PUBLIC_URL = 'https://93.184.215.14/hooks/guiche';

describe('webhook subscriptions API', () => {
  it('lets an admin create, read, change and delete a subscription; the secret is shown on creation, revealed and rotated on demand', async () => {
    const created = await k.api('POST', '/webhooks', { token: shop.admin.token, body: { url: PUBLIC_URL, events: ['ticket.status', 'message.created', 'ticket.status'] } });
    expect(created.status).toBe(201);
    expect(created.body.webhook).toMatchObject({ url: PUBLIC_URL, events: ['ticket.status', 'message.created'], enabled: true, disabledReason: null });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(created.body.webhook)).not.toContain(created.body.secret);
    const id = created.body.webhook.id as number;
    // Stored sealed, never in clear.
    const stored = await k.db('webhookSubscriptions').where({ id }).first('secret');
    expect(stored.secret).not.toContain(created.body.secret);
    expect((await secretBox(k.db)).open(stored.secret)).toBe(created.body.secret);

    const list = await k.api('GET', '/webhooks', { token: shop.admin.token });
    expect(list.body.webhooks.map((w: any) => w.id)).toEqual([id]);
    expect(list.body.events).toContain('contact.updated');
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    const revealed = await k.api('GET', `/webhooks/${id}/secret`, { token: shop.admin.token });
    expect(revealed.body).toEqual({ secret: created.body.secret });
    const rotated = await k.api('POST', `/webhooks/${id}/secret`, { token: shop.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await k.api('GET', `/webhooks/${id}/secret`, { token: shop.admin.token })).body).toEqual({ secret: rotated.body.secret });

    const changed = await k.api('PUT', `/webhooks/${id}`, { token: shop.admin.token, body: { events: ['contact.created'], enabled: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['contact.created'], enabled: false, url: PUBLIC_URL });

    expect((await k.api('DELETE', `/webhooks/${id}`, { token: shop.admin.token })).status).toBe(204);
    expect((await k.api('GET', '/webhooks', { token: shop.admin.token })).body.webhooks).toEqual([]);
  });

  it('answers 400 ERR_VALIDATION with the field’s key for bad input, writing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ url: 'ftp://example.com/x', events: ['ticket.status'] }, 'url', 'validation.webhookUrl'],
      [{ url: 'https://user:pass@example.com/x', events: ['ticket.status'] }, 'url', 'validation.webhookUrl'],
      [{ url: 'not a url', events: ['ticket.status'] }, 'url', 'validation.webhookUrl'],
      [{ url: `https://example.com/${'a'.repeat(2001)}`, events: ['ticket.status'] }, 'url', 'validation.webhookUrl'],
      [{ url: PUBLIC_URL, events: [] }, 'events', 'validation.webhookEvents'],
      [{ url: PUBLIC_URL, events: ['ticket.deleted'] }, 'events', 'validation.webhookEvents'],
      [{ url: PUBLIC_URL }, 'events', 'validation.webhookEvents'],
    ];
    for (const [body, field, key] of cases) {
      const res = await k.api('POST', '/webhooks', { token: shop.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.issues.find((i: any) => i.path[0] === field)?.message, JSON.stringify(body)).toBe(key);
    }
    expect(await k.db('webhookSubscriptions').where({ companyId: shop.company.id }).first()).toBeUndefined();
  });

  it('refuses destinations in private, loopback, link-local and CGNAT ranges, after resolving names', async () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://192.168.0.10/x', 'http://172.16.5.4/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://[fe80::1]/x', 'http://100.64.0.1/x', 'http://0.0.0.0/x', 'http://[::ffff:127.0.0.1]/x']) {
      const res = await k.api('POST', '/webhooks', { token: shop.admin.token, body: { url, events: ['ticket.status'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.issues[0], url).toMatchObject({ path: ['url'], message: 'validation.webhookDestination' });
    }
    const created = await k.api('POST', '/webhooks', { token: shop.admin.token, body: { url: PUBLIC_URL, events: ['ticket.status'] } });
    const moved = await k.api('PUT', `/webhooks/${created.body.webhook.id}`, { token: shop.admin.token, body: { url: 'http://127.0.0.2/x' } });
    expect(moved.status).toBe(400);
    expect((await k.db('webhookSubscriptions').where({ id: created.body.webhook.id }).first('url')).url).toBe(PUBLIC_URL);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    await k.api('DELETE', `/webhooks/${created.body.webhook.id}`, { token: shop.admin.token });
  });

  it('checks the destination again at delivery time: a stored private address is never called', async () => {
    // As if the row had been saved while the operator allowed private addresses.
    const sealed = (await secretBox(k.db)).seal('whsec_test');
    const [row] = await k.db('webhookSubscriptions').insert({ companyId: shop.company.id, url: receiver.url, events: JSON.stringify(['ticket.status']), secret: sealed }).returning('id');
    const ping = await k.api('POST', `/webhooks/${row.id}/ping`, { token: shop.admin.token });
    expect(ping.status).toBe(202);
    const attempt = await waitFor(() => k.db('webhookAttempts').where({ deliveryId: ping.body.deliveryId }).first());
    expect(attempt).toMatchObject({ attempt: 1, statusCode: null, error: expect.stringContaining('not a public address') });
    expect(receiver.server.requests).toEqual([]);
    await k.api('DELETE', `/webhooks/${row.id}`, { token: shop.admin.token });
  });

  it('is for admins of the company only: plain users 403, another company’s ids 404', async () => {
    const created = await k.api('POST', '/webhooks', { token: shop.admin.token, body: { url: PUBLIC_URL, events: ['ticket.status'] } });
    const id = created.body.webhook.id as number;
    const plain = await k.createUser(shop.company.id, { profile: 'user' });
    for (const [method, path] of [['GET', '/webhooks'], ['POST', '/webhooks'], ['PUT', `/webhooks/${id}`], ['DELETE', `/webhooks/${id}`], ['GET', `/webhooks/${id}/secret`], ['POST', `/webhooks/${id}/secret`], ['POST', `/webhooks/${id}/ping`], ['GET', `/webhooks/${id}/attempts`]] as const) {
      const res = await k.api(method, path, { token: plain.token, body: method === 'GET' || method === 'DELETE' ? undefined : { url: PUBLIC_URL, events: ['ticket.status'] } });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    for (const [method, path] of [['PUT', `/webhooks/${id}`], ['DELETE', `/webhooks/${id}`], ['GET', `/webhooks/${id}/secret`], ['POST', `/webhooks/${id}/secret`], ['POST', `/webhooks/${id}/ping`], ['GET', `/webhooks/${id}/attempts`], ['POST', `/webhooks/${id}/deliveries/1/redeliver`]] as const) {
      const res = await k.api(method, path, { token: other.admin.token, body: method === 'PUT' ? { enabled: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'ERR_NO_WEBHOOK_FOUND' });
    }
    expect((await k.api('GET', '/webhooks', { token: other.admin.token })).body.webhooks).toEqual([]);
    expect(await k.db('webhookSubscriptions').where({ id }).first('enabled')).toEqual({ enabled: true });
    // A plan without the module: 403 ERR_PLAN_DISABLED.
    const noPlan = await k.createCompany({ planFlags: { useExternalApi: false } });
    const res = await k.api('GET', '/webhooks', { token: noPlan.admin.token });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    await k.api('DELETE', `/webhooks/${id}`, { token: shop.admin.token });
  });

  it('documents every event in the Integrations document’s webhooks section, with an example body and how to verify the signature', async () => {
    const doc = await k.api('GET', '/messages-api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.webhooks).sort()).toEqual([...WebhookEventTypes, 'ping'].sort());
    for (const [type, item] of Object.entries<any>(doc.body.webhooks)) {
      const body = item.post.requestBody.content['application/json'];
      expect(body.example).toMatchObject({ type, id: expect.any(String), createdAt: expect.any(String), data: expect.any(Object) });
      expect(item.post.parameters.map((p: any) => p.name)).toEqual(['X-Guiche-Signature', 'X-Guiche-Event', 'X-Guiche-Delivery']);
      expect(item.post.description).toContain('HMAC-SHA256');
    }
    expect(Object.keys(doc.body.paths)).toContain('/api/messages/send');
  });
});
