import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { defineChannel } from '../src/index.js';
import { CONNECTION_ALERT, DOWN_ALERT_KIND, type ConnectionAlertChange } from '../src/connections/down-alerts.js';
import { fakeChannel, FakeWorld, FULL_CAPABILITIES } from './channels-fake-channel.js';

/**
 * Connection down alerts (issue #31) over the fake WhatsApp session: the session really drops,
 * the durable timer raises the alert after the company's minutes, the admins hear it live, plugins
 * on the bus, Prometheus counts it; the reconnect action and the reconnection clear it.
 */

const METRICS_TOKEN = randomBytes(16).toString('hex');
let world: FakeWorld;
let k: TestKernel;
let c: TestCompany;

beforeAll(async () => {
  world = new FakeWorld();
  const whatsapp = defineChannel({ ...fakeChannel(world), id: 'fake-whatsapp', channel: 'whatsapp', capabilities: FULL_CAPABILITIES });
  k = await createTestKernel({ plugins: [whatsapp], config: { METRICS_TOKEN } });
  c = await k.createCompany();
});
afterAll(async () => k?.close());

const statusOf = async (id: number) => (await k.db('whatsapps').where({ id }).first('status')).status as string;
const timer = (id: number) => k.db('timedWork').where({ kind: DOWN_ALERT_KIND, key: String(id) }).first();
const alerts = async (token = c.admin.token) => (await k.api('GET', '/connection-alerts', { token })).body;
async function scrape(name: string): Promise<number> {
  const text = await (await fetch(`${k.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
async function connection(name: string): Promise<number> {
  const res = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name, channel: 'whatsapp' } });
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  await waitFor(async () => (await statusOf(id)) === 'CONNECTED' && !!world.session(id));
  return id;
}
/** The network drops; with `stayDown` every reconnect attempt fails until the test lets it. */
async function drop(id: number, stayDown: boolean) {
  world.failStarts = stayDown ? 1_000_000 : 0;
  world.session(id)!.drop();
  await waitFor(async () => !!(await k.db('connectionAlerts').where({ connectionId: id }).whereNotNull('downSince').first()));
}

describe('connection down alerts', () => {
  it('raises an alert after the company’s minutes down, tells admins, plugins and Prometheus, and clears it on reconnection', async () => {
    const id = await connection('Loja Centro');
    const admin = await k.socket(c.admin.token);
    const live: ConnectionAlertChange[] = [];
    admin.on(`company-${c.company.id}-connectionAlert`, (p: ConnectionAlertChange) => live.push(p));
    const onBus: ConnectionAlertChange[] = [];
    const unsubscribe = k.kernel.core.bus.subscribe<ConnectionAlertChange>(CONNECTION_ALERT, (m) => void onBus.push(m.payload));
    const raisedBefore = await scrape('guiche_connection_alerts_total{channel="whatsapp"}');

    await drop(id, true);
    const due = new Date((await timer(id)).dueAt);
    const downSince = new Date((await alerts())[0].downSince);
    expect(due.getTime() - downSince.getTime()).toBe(2 * 60_000); // the default setting
    await waitFor(() => live.some((e) => e.action === 'dropped'));
    // Before the minutes are up: no alert.
    await k.kernel.core.timedWork.runDue(new Date(due.getTime() - 1000));
    expect((await alerts())[0].alertedAt).toBeNull();
    await k.kernel.core.timedWork.runDue(due);
    const [raised] = await alerts();
    expect(raised).toMatchObject({ connectionId: id, name: 'Loja Centro', drops: 1 });
    expect(raised.alertedAt).toBeTruthy();
    await waitFor(() => live.some((e) => e.action === 'raised') && onBus.some((e) => e.action === 'raised'));
    expect(onBus.find((e) => e.action === 'raised')!.alert).toMatchObject({ connectionId: id, companyId: c.company.id, name: 'Loja Centro' });
    expect(await scrape('guiche_connection_alerts_total{channel="whatsapp"}')).toBe(raisedBefore + 1);
    expect(await scrape('guiche_connections_alerting')).toBeGreaterThanOrEqual(1);
    // A plain user does not manage connections: 403, and never hears it.
    const agent = await k.createUser(c.company.id, { profile: 'user' });
    expect((await k.api('GET', '/connection-alerts', { token: agent.token })).status).toBe(403);
    // Another company sees nothing of it.
    const other = await k.createCompany();
    expect(await alerts(other.admin.token)).toEqual([]);

    // The banner's reconnect action ("try again"): the alert stays until the session is really back.
    world.failStarts = 0;
    const retry = await k.api('POST', `/whatsappsession/${id}`, { token: c.admin.token });
    expect(retry.status).toBe(200);
    await waitFor(async () => (await statusOf(id)) === 'CONNECTED');
    await waitFor(() => live.some((e) => e.action === 'cleared') && onBus.some((e) => e.action === 'cleared'));
    const [after] = await alerts();
    expect(after).toMatchObject({ connectionId: id, downSince: null, alertedAt: null, drops: 1 });
    expect(await timer(id)).toBeUndefined();
    unsubscribe();
    admin.close();
  }, 60_000);

  it('counts repeated drops (flapping) and raises nothing when each comes back within the minutes', async () => {
    const id = await connection('Instável');
    for (let i = 0; i < 3; i++) {
      await drop(id, false);
      await waitFor(async () => (await statusOf(id)) === 'CONNECTED' && !!world.session(id), { timeout: 20_000 });
      await waitFor(async () => (await alerts()).find((a: { connectionId: number }) => a.connectionId === id)?.downSince === null);
    }
    const mine = (await alerts()).find((a: { connectionId: number }) => a.connectionId === id);
    expect(mine).toMatchObject({ drops: 3, alertedAt: null, downSince: null });
    expect(await timer(id)).toBeUndefined();
    expect(await scrape('guiche_connection_flapping_drops')).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('follows the company setting, and a deliberate disconnect raises nothing', async () => {
    const set = await k.api('PUT', '/settings/connectionAlertMinutes', { token: c.admin.token, body: { value: '10' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await k.api('PUT', '/settings/connectionAlertMinutes', { token: c.admin.token, body: { value: '7' } })).status).toBe(400);
    const id = await connection('Configurada');
    await drop(id, true);
    const due = new Date((await timer(id)).dueAt);
    const since = new Date((await alerts()).find((a: { connectionId: number }) => a.connectionId === id).downSince);
    expect(due.getTime() - since.getTime()).toBe(10 * 60_000);
    // The admin disconnects it on purpose: the timer goes, nothing is raised.
    expect((await k.api('DELETE', `/whatsappsession/${id}`, { token: c.admin.token })).status).toBe(200);
    expect(await timer(id)).toBeUndefined();
    await k.kernel.core.timedWork.runDue(new Date(due.getTime() + 1000));
    expect((await alerts()).find((a: { connectionId: number }) => a.connectionId === id)?.alertedAt ?? null).toBeNull();
    world.failStarts = 0;
  }, 60_000);
});
