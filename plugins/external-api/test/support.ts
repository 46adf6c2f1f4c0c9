import { defineChannel, type PluginDefinition } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, FULL_CAPABILITIES } from '../../../core/test/channels-fake-channel.js';
import { createExternalApiPlugin } from '../src/plugin.js';
import type { RateLimit } from '../src/token-auth.js';

/** The fake session speaking as a WhatsApp connection: it checks numbers against world.numbers. */
export function fakeWhatsapp(world: FakeWorld): PluginDefinition {
  return defineChannel({ ...fakeChannel(world), id: 'fake-whatsapp', channel: 'whatsapp', capabilities: { ...FULL_CAPABILITIES, checkNumber: true } });
}

export async function startKernel(world: FakeWorld, rateLimit: RateLimit = { max: 1000, windowMs: 60_000 }): Promise<TestKernel> {
  return createTestKernel({ plugins: [fakeWhatsapp(world), createExternalApiPlugin({ rateLimit })] });
}

export interface ApiCompany extends TestCompany {
  connectionId: number;
  token: string;
}

/** A company with the external API on and one connected WhatsApp connection (its token for the API). */
export async function apiCompany(k: TestKernel, world: FakeWorld, planFlags: Record<string, boolean> = {}): Promise<ApiCompany> {
  const company = await k.createCompany({ planFlags: { useExternalApi: true, ...planFlags } });
  const created = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Loja', channel: 'whatsapp' } });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  const connectionId = created.body.id as number;
  await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  const { token } = await k.db('whatsapps').where({ id: connectionId }).first('token');
  return { ...company, connectionId, token };
}

export async function send(k: TestKernel, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${k.apiUrl}/messages/send`, {
    method: 'POST',
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export async function sendForm(k: TestKernel, token: string, form: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${k.apiUrl}/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export { FakeWorld };
