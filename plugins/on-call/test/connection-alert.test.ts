import { Weekdays } from '@guiche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestKernel } from '@guiche/core/testing';
import { connectedCompany, FakeWorld, startKernel, week } from './support.js';

/** A connection alert (issue #31) reaches the on-call phone through another connected number of the company. */
const world = new FakeWorld();
let k: TestKernel;
beforeAll(async () => {
  k = await startKernel(world);
});
afterAll(async () => k?.close());

const allWeek = () => week(Object.fromEntries(Weekdays.map((d) => [d.weekdayEn, ['00:00', '23:59']])));

async function second(token: string, name: string): Promise<number> {
  const res = await k.api('POST', '/whatsapp', { token, body: { name, channel: 'whatsapp' } });
  expect(res.status).toBe(201);
  await waitFor(async () => (await k.db('whatsapps').where({ id: res.body.id }).first('status')).status === 'CONNECTED' && world.session(res.body.id));
  return res.body.id;
}
async function raiseAlert(connectionId: number) {
  world.failStarts = 1_000_000;
  world.session(connectionId)!.drop();
  const timer = await waitFor(() => k.db('timedWork').where({ kind: 'connections.down-alert', key: String(connectionId) }).first());
  await k.kernel.core.timedWork.runDue(new Date(timer.dueAt));
  await waitFor(async () => !!(await k.db('connectionAlerts').where({ connectionId }).whereNotNull('alertedAt').first()));
}

describe('on-call and connection alerts', () => {
  it('tells the on-call phone once, through the other connected number, naming the connection that is down', async () => {
    const company = await connectedCompany(k, world); // "Central", the default
    const loja = await second(company.admin.token, 'Loja 2');
    const phone = '5511933332222';
    expect((await k.api('POST', '/plantao', { token: company.admin.token, body: { userId: company.admin.user.id, phone, interval: 30, days: allWeek() } })).status).toBe(201);
    await raiseAlert(loja);
    const told = await waitFor(() => world.outbound.all.find((d) => d.toId === phone));
    expect(told.connectionId).toBe(company.connectionId);
    expect(told.body).toContain('"Loja 2"');
    expect(told.body).toMatch(/desconectada há \d+ min/);
    const rows = await k.db('plantaoConnectionAlerts').where({ connectionId: loja });
    expect(rows).toHaveLength(1);
    expect(rows[0].notified).toBe(1);
    expect(world.outbound.all.filter((d) => d.toId === phone)).toHaveLength(1);
    world.failStarts = 0;
  }, 60_000);

  it('sends nothing when no other number is connected', async () => {
    world.failStarts = 0;
    const company = await connectedCompany(k, world);
    const phone = '5511922221111';
    expect((await k.api('POST', '/plantao', { token: company.admin.token, body: { userId: company.admin.user.id, phone, interval: 30, days: allWeek() } })).status).toBe(201);
    await raiseAlert(company.connectionId);
    // The alert was raised and heard; nothing reaches the phone (there is no way to send it).
    await waitFor(async () => (await k.db('connectionAlerts').where({ connectionId: company.connectionId }).first()).alertedAt);
    expect(await k.db('plantaoConnectionAlerts').where({ connectionId: company.connectionId })).toEqual([]);
    expect(world.outbound.all.filter((d) => d.toId === phone)).toEqual([]);
    world.failStarts = 0;
  }, 60_000);
});
