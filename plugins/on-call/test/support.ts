import { Weekdays, type PlantaoDay, type WeekdayEn } from '@guiche/contracts';
import { defineChannel, type PluginDefinition } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, FULL_CAPABILITIES } from '../../../core/test/channels-fake-channel.js';
import onCall from '../src/plugin.js';

export function fakeWhatsapp(world: FakeWorld): PluginDefinition {
  return defineChannel({ ...fakeChannel(world), id: 'fake-whatsapp', channel: 'whatsapp', capabilities: { ...FULL_CAPABILITIES, checkNumber: true } });
}

/** Timers fire when a test says so (runDue with its own clock): the wall-clock sweep polls once a minute. */
export function startKernel(world: FakeWorld): Promise<TestKernel> {
  return createTestKernel({ plugins: [fakeWhatsapp(world), onCall], config: { TIMED_WORK_POLL_MS: 60_000 } });
}

export async function connectedCompany(k: TestKernel, world: FakeWorld): Promise<TestCompany & { connectionId: number }> {
  const company = await k.createCompany();
  const created = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Central', channel: 'whatsapp' } });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status}`);
  const connectionId = created.body.id as number;
  await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  return { ...company, connectionId };
}

/** The seven rows of a rota: the given days with their [start, end], the others empty. */
export const week = (days: Partial<Record<WeekdayEn, [string, string]>>): PlantaoDay[] =>
  Weekdays.map(({ weekday, weekdayEn }) => ({
    weekday,
    weekdayEn,
    startTime: days[weekdayEn]?.[0] ?? '',
    endTime: days[weekdayEn]?.[1] ?? '',
  }));

export { FakeWorld };
