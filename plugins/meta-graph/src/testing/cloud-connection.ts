import { randomBytes } from 'node:crypto';
import { waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FakeGraph } from './fake-graph.js';

/** A WhatsApp Cloud API business number registered on the fake Graph API. */
export interface CloudNumber {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  verifyToken: string;
}

/** A new number on the fake, whose account holds one approved template with two variables and one pending. */
export function newCloudNumber(fake: FakeGraph): CloudNumber {
  const phoneNumberId = String(1e14 + Math.floor(Math.random() * 1e14));
  const wabaId = String(2e14 + Math.floor(Math.random() * 1e14));
  fake.phoneNumbers.set(phoneNumberId, { display: '+1 555-000-' + String(Math.floor(Math.random() * 9000) + 1000), verifiedName: 'Guichê Test' });
  fake.templates.set(wabaId, [
    { name: 'hello_world', language: 'en_US', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }] },
    { name: 'pending_one', language: 'en_US', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Not approved' }] },
  ]);
  return { phoneNumberId, wabaId, accessToken: fake.newToken(), verifyToken: 'verify-' + randomBytes(6).toString('hex') };
}

export interface CloudConnection {
  id: number;
  number: CloudNumber;
  /** The connection's webhook URL, where the fake delivers inbound messages. */
  webhook: string;
}

/**
 * A WhatsApp Cloud API connection of the company through the real routes, connected to a new fake
 * number, with its templates stored: what every template test starts from (issue #29).
 */
export async function cloudConnection(k: TestKernel, fake: FakeGraph, company: TestCompany, options: { name?: string } = {}): Promise<CloudConnection> {
  const auth = { token: company.admin.token };
  const created = await k.api('POST', '/whatsapp', { ...auth, body: { name: options.name ?? 'Oficial', channel: 'whatsappapi' } });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  const number = newCloudNumber(fake);
  const saved = await k.api('PUT', `/whatsappapi/${id}/credentials`, {
    ...auth,
    body: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken, appSecret: fake.appSecret, verifyToken: number.verifyToken },
  });
  if (saved.status !== 200) throw new Error(`credentials not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  // Through the routes only: a plugin's source may not query core's tables (scripts/check-core-tables.mjs).
  await waitFor(async () => (await k.api('GET', `/whatsapp/${id}`, auth)).body.status === 'CONNECTED', { timeout: 15_000 });
  // The templates route syncs a connection not synced yet (whether or not the kernel's timers run).
  const stored = await k.api('GET', `/whatsappapi/${id}/templates`, auth);
  if (stored.status !== 200 || !stored.body.syncedAt) throw new Error(`templates not stored: ${stored.status} ${JSON.stringify(stored.body)}`);
  const webhook = (await k.api('GET', `/whatsappapi/${id}/credentials`, auth)).body.webhookUrl as string;
  return { id, number, webhook };
}
