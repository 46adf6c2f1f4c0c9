import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, startWebhookReceiver, waitFor, type ChildKernel, type TestCompany, type TestKernel, type WebhookReceiver } from '@guiche/core/testing';

/**
 * At least once across a crash, once across nodes (built kernel and plugin: run `npx tsc -b` first). The parent has
 * no external-api plugin, so only the child nodes deliver; the first is killed -9 while the
 * receiver holds its request open.
 */

const PLUGIN = '@guiche/plugin-external-api';
const ENV = { WEBHOOKS_OUTBOX_GRACE_MS: '1500', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_TIMEOUT_MS: '3000', WEBHOOKS_RETRY_BASE_MS: '50', TIMED_WORK_POLL_MS: '20' };
let k: TestKernel;
let c: TestCompany;
let receiver: WebhookReceiver;
const children: ChildKernel[] = [];

beforeAll(async () => {
  k = await createTestKernel({ plugins: [] });
  c = await k.createCompany({ planFlags: { useExternalApi: true } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await k?.close();
  await receiver?.close();
});

async function node(name: string): Promise<ChildKernel> {
  const child = await startChildKernel(k, { plugins: [PLUGIN], env: { ...ENV, NODE_NAME: name } });
  children.push(child);
  return child;
}

async function call(child: ChildKernel, method: string, path: string, body?: unknown) {
  const res = await fetch(`${child.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${c.admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('webhooks across processes', () => {
  it('delivers after a kill -9 in the middle of the HTTP call: nothing lost, same event id', async () => {
    const doomed = await node('doomed');
    const created = await call(doomed, 'POST', '/webhooks', { url: receiver.url, events: ['ticket.status'] });
    expect(created.status).toBe(201);
    receiver.secret = created.body.secret;
    receiver.outage = 'hang';
    const ping = await call(doomed, 'POST', `/webhooks/${created.body.webhook.id}/ping`);
    expect(ping.status).toBe(202);
    const held = await waitFor(() => receiver.server.requests.find((r) => r.headers['x-guiche-delivery'] === String(ping.body.deliveryId)), { timeout: 30_000 });
    await doomed.kill('SIGKILL');
    receiver.outage = null;
    expect(await k.db('webhookDeliveries').where({ id: ping.body.deliveryId }).first('status')).toEqual({ status: 'pending' });

    await node('survivor');
    await waitFor(async () => (await k.db('webhookDeliveries').where({ id: ping.body.deliveryId }).first('status')).status === 'delivered', { timeout: 60_000 });
    const accepted = receiver.accepted.filter((w) => w.delivery === String(ping.body.deliveryId));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.id).toBe(held.json.id);
    expect(receiver.rejected).toEqual([]);
    const attempts = await k.db('webhookAttempts').where({ deliveryId: ping.body.deliveryId }).orderBy('id').select('attempt', 'statusCode');
    // The doomed node's claim counted as attempt 1 (its outcome never recorded); the survivor's is a later one.
    expect(attempts.at(-1)!.statusCode).toBe(200);
    expect(attempts.at(-1)!.attempt).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('files an event once when two nodes hear it on the bus', async () => {
    const first = children.at(-1)!; // the survivor of the test above
    await node('second');
    const created = await call(first, 'POST', '/webhooks', { url: receiver.url, events: ['contact.created'] });
    expect(created.status).toBe(201);
    receiver.secret = created.body.secret;
    // The parent (no external-api plugin) creates the contacts; both child nodes hear the bus.
    const ids: number[] = [];
    for (const name of ['Ana', 'Bruno']) {
      const res = await k.api('POST', '/contacts', { token: c.admin.token, body: { name, number: `55119${String(Date.now()).slice(-8)}` } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await waitFor(() => ids.every((id) => receiver.accepted.some((w) => w.type === 'contact.created' && w.data.id === id)), { timeout: 60_000 });
    for (const id of ids) expect(receiver.accepted.filter((w) => w.type === 'contact.created' && w.data.id === id)).toHaveLength(1);
    const rows = await k.db('webhookDeliveries').where({ subscriptionId: created.body.webhook.id }).select('eventKey');
    expect(rows.map((r: any) => r.eventKey).sort()).toEqual(ids.map((id) => `contact.created:${id}`).sort());
  }, 180_000);
  it('delivers a change whose bus event never went out (the node died after its commit): the outbox row survives the kill', async () => {
    // Only nodes of this test: the earlier ones would relay at once.
    for (const child of children.splice(0)) await child.kill();
    await k.db('webhookSubscriptions').where({ companyId: c.company.id }).update({ enabled: false });
    const doomed = await node('outbox-doomed');
    const created = await call(doomed, 'POST', '/webhooks', { url: receiver.url, events: ['contact.created', 'contact.updated'] });
    expect(created.status).toBe(201);
    receiver.secret = created.body.secret;
    const quiet = await k.createCompany({ planFlags: { useExternalApi: true } });

    // Written straight to PostgreSQL: committed, and no bus event ever published for it.
    const [contact] = await k.db('contacts').insert({ companyId: c.company.id, name: 'Sem Evento', number: `55118${String(Date.now()).slice(-8)}`, channel: 'whatsapp' }).returning('id');
    await k.db('contacts').where({ id: contact.id }).update({ name: 'Sem Evento Renomeado', updatedAt: new Date() });
    // A message's arrival stamps lastMessageAt: not a contact edit, no event.
    await k.db('contacts').where({ id: contact.id }).update({ lastMessageAt: new Date(), updatedAt: new Date() });
    await k.db('contacts').insert({ companyId: quiet.company.id, name: 'Sem Assinatura', number: '5511900000001', channel: 'whatsapp' });
    await doomed.kill('SIGKILL');
    const outbox = await k.db('webhookOutbox').whereIn('companyId', [c.company.id, quiet.company.id]).select('companyId', 'type', 'resourceId');
    expect(outbox.map((r: any) => [r.companyId, r.type, Number(r.resourceId)])).toEqual([
      [c.company.id, 'contact.created', contact.id],
      [c.company.id, 'contact.updated', contact.id],
    ]);
    expect(receiver.accepted.filter((w) => w.data?.id === contact.id)).toEqual([]);

    await node('outbox-survivor');
    await waitFor(() => receiver.accepted.some((w) => w.type === 'contact.updated' && w.data.id === contact.id), { timeout: 60_000 });
    const received = receiver.accepted.filter((w) => w.data?.id === contact.id);
    expect(received.map((w) => w.type).sort()).toEqual(['contact.created', 'contact.updated']);
    expect(received.find((w) => w.type === 'contact.updated')!.data.name).toBe('Sem Evento Renomeado');
    expect(receiver.rejected).toEqual([]);
    await waitFor(async () => (await k.db('webhookOutbox').where({ companyId: c.company.id })).length === 0, { timeout: 30_000 });
    const keys = (await k.db('webhookDeliveries').where({ subscriptionId: created.body.webhook.id }).select('eventKey')).map((r: any) => r.eventKey as string);
    expect(keys.filter((key) => key.startsWith(`contact.created:${contact.id}`) || key.startsWith(`contact.updated:${contact.id}:`))).toHaveLength(2);
  }, 180_000);
});

