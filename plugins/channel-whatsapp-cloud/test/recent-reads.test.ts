import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeGraph, cloudConnection, newCloudNumber, useFakeGraphEnv, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';

/**
 * Issue #28, a campaign's status webhooks: each delivery read the connection's webhook id and its
 * account twice. The webhook id → connection is kept by the node (an id never changes owner) and a
 * verified delivery's processing reads the account once per few seconds; the signature check still
 * reads the row, and credentials saved through the node apply to the next delivery at once.
 */
const fake = new FakeGraph();
let k: TestKernel;
let company: TestCompany;
let cloud: CloudConnection;

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()] });
  company = await k.createCompany({ planFlags: { useWhatsapp: true } });
  cloud = await cloudConnection(k, fake, company);
}, 60_000);
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

const stored = (wid: string) => waitFor(() => k.db('messages').where({ whatsappId: cloud.id, wid }).first('id'), { timeout: 15_000 });

/** Statements on the plugin's account and webhook-id tables while `run` goes. */
async function tableReads(run: () => Promise<void>): Promise<{ accounts: number; webhookIds: number }> {
  const seen = { accounts: 0, webhookIds: 0 };
  const listen = (query: { sql: string }) => {
    if (query.sql.includes('"whatsapp_cloud_accounts"')) seen.accounts++;
    if (query.sql.includes('"whatsapp_cloud_webhooks"')) seen.webhookIds++;
  };
  k.db.on('query', listen);
  try {
    await run();
  } finally {
    k.db.off('query', listen);
  }
  return seen;
}

describe("a number's webhook deliveries", () => {
  it('read the webhook id once and the account once per delivery (its signature check), not twice', async () => {
    const first = whatsappMessage(cloud.number, { waId: '5511988880001', name: 'Ana' }, { type: 'text', text: { body: 'oi' } });
    expect(await fake.deliver(cloud.webhook, first.payload)).toBe(200);
    await stored(first.id);
    const reads = await tableReads(async () => {
      for (let i = 0; i < 5; i++) {
        const next = whatsappMessage(cloud.number, { waId: '5511988880001', name: 'Ana' }, { type: 'text', text: { body: `msg ${i}` } });
        expect(await fake.deliver(cloud.webhook, next.payload)).toBe(200);
        await stored(next.id);
      }
    });
    expect(reads).toEqual({ accounts: 5, webhookIds: 0 });
  });

  it('apply credentials saved through the node to the next delivery at once (a new number id)', async () => {
    const moved = newCloudNumber(fake);
    const saved = await k.api('PUT', `/whatsappapi/${cloud.id}/credentials`, {
      token: company.admin.token,
      body: { phoneNumberId: moved.phoneNumberId, wabaId: moved.wabaId, accessToken: moved.accessToken, appSecret: fake.appSecret, verifyToken: moved.verifyToken },
    });
    expect(saved.status).toBe(200);
    // Processing drops a change for another number than the account's: a stale account would drop this one.
    const message = whatsappMessage(moved, { waId: '5511988880002', name: 'Bia' }, { type: 'text', text: { body: 'número novo' } });
    expect(await fake.deliver(cloud.webhook, message.payload)).toBe(200);
    expect(await stored(message.id)).toBeTruthy();
  });
});
