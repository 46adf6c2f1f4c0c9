import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, waitFor, type TestKernel, type WebhookReceiver } from '@guiche/core/testing';
import { FakeWorld, apiCompany, type ApiCompany } from './support.js';
import { startWebhookKernel, subscribe } from './webhooks-support.js';

/** connection.alert / connection.restored (issue #31): the real drop of the fake session, the core's alert timer, a signed delivery. */
const world = new FakeWorld();
let k: TestKernel;
let shop: ApiCompany;
let other: ApiCompany;
let receiver: WebhookReceiver;
let otherReceiver: WebhookReceiver;

beforeAll(async () => {
  k = await startWebhookKernel(world);
  shop = await apiCompany(k, world);
  other = await apiCompany(k, world);
  receiver = await startWebhookReceiver();
  otherReceiver = await startWebhookReceiver();
});
afterAll(async () => {
  await k?.close();
  await receiver?.close();
  await otherReceiver?.close();
});

describe('connection alert webhooks', () => {
  it('delivers connection.alert when the connection stays down, and connection.restored when it is back, only to its company', async () => {
    receiver.secret = (await subscribe(k, shop.admin.token, receiver.url, ['connection.alert', 'connection.restored'])).secret;
    otherReceiver.secret = (await subscribe(k, other.admin.token, otherReceiver.url, ['connection.alert', 'connection.restored'])).secret;
    world.failStarts = 1_000_000;
    world.session(shop.connectionId)!.drop();
    const timer = await waitFor(() => k.db('timedWork').where({ kind: 'connections.down-alert', key: String(shop.connectionId) }).first());
    await k.kernel.core.timedWork.runDue(new Date(timer.dueAt));
    const alert = await waitFor(() => receiver.accepted.find((w) => w.type === 'connection.alert'));
    expect(alert.data).toMatchObject({ connectionId: shop.connectionId, name: 'Loja', drops: 1 });
    expect(alert.data.alertedAt).toBeTruthy();
    expect(alert.data.companyId).toBeUndefined();

    world.failStarts = 0;
    expect((await k.api('POST', `/whatsappsession/${shop.connectionId}`, { token: shop.admin.token })).status).toBe(200);
    const restored = await waitFor(() => receiver.accepted.find((w) => w.type === 'connection.restored'));
    expect(restored.data).toMatchObject({ connectionId: shop.connectionId, status: 'CONNECTED', alertedAt: null });
    expect(otherReceiver.accepted.filter((w) => w.type.startsWith('connection.'))).toEqual([]);
  }, 60_000);
});
