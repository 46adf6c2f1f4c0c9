import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { PROGRESS_MS } from '../src/dispatch.js';
import { capForDay, classifyFailure, GuardPause, nextDayStart } from '../src/guard-rules.js';
import { campaignCompany, contactList, dispatchTimer, FakeWorld, liveConnection, shippings, startKernel, states } from './support.js';

/**
 * Ban guardrails over the fake WhatsApp session, on a fake clock (campaigns years ahead; runDue
 * drives the timers). Each test has a connection of its own: caps and warm-up are per connection.
 */

let world: FakeWorld;
let k: TestKernel;
let c: TestCompany;
let year = 2041;

beforeAll(async () => {
  world = new FakeWorld();
  k = await startKernel(world);
  c = await campaignCompany(k);
  const res = await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
  expect(res.status).toBe(200);
});
afterAll(async () => k?.close());

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const after = (d: Date, ms: number) => new Date(d.getTime() + ms);
const campaignRow = (id: number) => k.db('campaigns').where({ id }).first();
const decisions = async (id: number) => (await k.api('GET', `/campaigns/${id}/guard`, { token: c.admin.token })).body.decisions as { decision: string; detail: any; connectionId: number | null }[];

async function guard(conn: number, body: Record<string, unknown>) {
  const res = await k.api('PUT', `/campaign-guards/${conn}`, { token: c.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function campaign(conn: number, body: Record<string, unknown>, at = new Date(`${year++}-03-10T12:00:00Z`)): Promise<{ id: number; at: Date }> {
  const res = await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Guarda', whatsappId: String(conn), scheduledAt: at.toISOString(), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, at };
}
/** Runs the dispatch timer while it is due by `until`. */
async function drainUntil(id: number, conn: number, until: Date) {
  for (let i = 0; i < 500; i++) {
    const timer = await dispatchTimer(k, id, conn);
    if (!timer || new Date(timer.dueAt) > until) return;
    await runDue(new Date(timer.dueAt));
  }
}
const handedOver = async (id: number) => (await shippings(k, id)).filter((r) => r.messageId).length;

describe('campaign guardrails of a Baileys connection', () => {
  it('ramps a new number up: day 0 sends warmupStart, the cap grows each day, the report says why it waits', async () => {
    const conn = await liveConnection(k, world, c, 'Nova');
    const view = await guard(conn, { dailyCap: 9, warmupStart: 3, warmupDays: 2 });
    expect(view).toMatchObject({ dailyCap: 9, warmupStart: 3, warmupDays: 2, firstSendAt: null, capToday: 3 });
    expect(capForDay({ dailyCap: 9, warmupStart: 3, warmupDays: 2 }, 1)).toBe(6);
    const list = await contactList(k, c, 20);
    const { id, at } = await campaign(conn, { contactListId: list.id, message1: 'Oi {nome}' });
    await runDue(at);
    await drainUntil(id, conn, after(at, 3_600_000));
    expect(await handedOver(id)).toBe(3);
    const held = await campaignRow(id);
    expect(held.pauseReason).toBe(GuardPause.dailyCap);
    // It waits for the next local day, and does not send before it.
    const tomorrow = nextDayStart(at);
    expect(new Date((await dispatchTimer(k, id, conn)).dueAt).getTime()).toBe(tomorrow.getTime());
    expect(tomorrow.toISOString()).toBe(`${at.getUTCFullYear()}-03-11T03:00:00.000Z`); // midnight in São Paulo
    const logged = await decisions(id);
    expect(logged).toHaveLength(1); // logged once, when it started holding
    expect(logged[0]).toMatchObject({ decision: 'daily_cap', connectionId: conn, detail: { cap: 3, sentToday: 3, warmupDay: 0 } });

    // Day 1: 6 more; day 2 (warmed up): the remaining 11 at 9 a day.
    await drainUntil(id, conn, after(tomorrow, 3_600_000));
    expect(await handedOver(id)).toBe(9);
    await drainUntil(id, conn, after(nextDayStart(tomorrow), 3_600_000));
    expect(await handedOver(id)).toBe(18);
    const caps = (await decisions(id)).filter((d) => d.decision === 'daily_cap').map((d) => d.detail.cap);
    expect(caps.sort()).toEqual([3, 6, 9]);
    await waitFor(() => world.outbound.all.filter((d) => list.numbers.some((n) => d.toId.startsWith(n))).length === 18);
    // The page's view counts the connection's ramp from its first send.
    const later = await k.api('GET', `/campaign-guards/${conn}`, { token: c.admin.token });
    expect(new Date(later.body.firstSendAt).getTime()).toBe(at.getTime());
  }, 60_000);

  it('sends only within the sending hours (São Paulo time) and resumes by itself when they open', async () => {
    const conn = await liveConnection(k, world, c, 'Horário');
    await guard(conn, { sendingFrom: '10:00', sendingTo: '18:00' });
    const list = await contactList(k, c, 2);
    const { id, at } = await campaign(conn, { contactListId: list.id, message1: 'Bom dia' }); // 12:00Z = 09:00 local
    await runDue(at);
    expect(await handedOver(id)).toBe(0);
    expect((await campaignRow(id)).pauseReason).toBe(GuardPause.sendingHours);
    expect((await decisions(id))[0]).toMatchObject({ decision: 'sending_hours', detail: { from: '10:00', to: '18:00' } });
    await drainUntil(id, conn, after(at, 59 * 60_000));
    expect(await handedOver(id)).toBe(0);
    await drainUntil(id, conn, after(at, 62 * 60_000));
    expect(await handedOver(id)).toBe(2);
    expect((await campaignRow(id)).pauseReason).toBeNull();
  }, 60_000);

  it('pauses on "not on WhatsApp" answers in the window, tells the admins, shows why; only an admin resumes it, with a click', async () => {
    const conn = await liveConnection(k, world, c, 'Falhas');
    await guard(conn, { failureThreshold: 2, failureWindowMinutes: 30 });
    const admin = await k.socket(c.admin.token);
    const guardEvents: any[] = [];
    admin.on(`company-${c.company.id}-campaignGuard`, (p: unknown) => guardEvents.push(p));
    const list = await contactList(k, c, 6);
    // The first two contacts have no WhatsApp number at all: the channel refuses them.
    const items = await k.db('contactListItems').where({ contactListId: list.id }).orderBy('id').limit(2).select('id');
    for (const [i, item] of items.entries()) await k.db('contactListItems').where({ id: item.id }).update({ number: `sem-numero-${i}` });
    const { id, at } = await campaign(conn, { contactListId: list.id, message1: 'Falha {nome}' });
    await runDue(at);
    expect((await campaignRow(id)).pauseReason).toBe(GuardPause.failures);
    expect(await states(k, id)).toEqual({ failed: 2, pending: 4 });
    let now = at;
    expect(await dispatchTimer(k, id, conn)).toBeUndefined();
    expect((await campaignRow(id)).status).toBe('EM_ANDAMENTO');
    const paused = (await decisions(id)).find((d) => d.decision === 'paused_failures')!;
    expect(paused.detail).toMatchObject({ notOnWhatsapp: 2, failed: 0, total: 2, threshold: 2, windowMinutes: 30, connectionName: 'Falhas' });
    await waitFor(() => guardEvents.length > 0);
    expect(guardEvents[0]).toMatchObject({ action: 'paused', campaignId: id, reason: GuardPause.failures });
    admin.close();

    // Nothing more goes out while paused, however long.
    const before = (await states(k, id)).pending ?? 0;
    await runDue(after(now, 3_600_000));
    expect((await states(k, id)).pending ?? 0).toBe(before);

    const agent = await k.createUser(c.company.id, { profile: 'user' });
    expect((await k.api('POST', `/campaigns/${id}/resume`, { token: agent.token })).status).toBe(403);
    const resumed = await k.api('POST', `/campaigns/${id}/resume`, { token: c.admin.token });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.pauseReason).toBeNull();
    expect((await k.api('POST', `/campaigns/${id}/resume`, { token: c.admin.token })).body).toEqual({ error: 'ERR_CAMPAIGN_STATUS' });
    expect((await decisions(id))[0]).toMatchObject({ decision: 'resumed', detail: { was: GuardPause.failures } });
    // The old failures no longer count: the rest goes out and the campaign finishes.
    // (resumed at the real clock, so the kernel's own sweeper runs the timers it set)
    await waitFor(async () => (await handedOver(id)) === 4, { timeout: 30_000 });
    await waitFor(async () => {
      now = after(now, PROGRESS_MS);
      await runDue(now);
      return (await campaignRow(id)).status === 'FINALIZADA';
    }, { timeout: 30_000, interval: 100 });
    expect(await states(k, id)).toEqual({ failed: 2, sent: 4 });
  }, 60_000);

  it('validates the guard settings and keeps other companies out', async () => {
    const conn = await liveConnection(k, world, c, 'Valida');
    const bad = await k.api('PUT', `/campaign-guards/${conn}`, { token: c.admin.token, body: { sendingFrom: '25:00', sendingTo: '10:00' } });
    expect(bad.status).toBe(400);
    expect((await k.api('PUT', `/campaign-guards/${conn}`, { token: c.admin.token, body: { dailyCap: 0 } })).status).toBe(400);
    const other = await campaignCompany(k);
    expect((await k.api('GET', `/campaign-guards/${conn}`, { token: other.admin.token })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await k.api('PUT', `/campaign-guards/${conn}`, { token: other.admin.token, body: { dailyCap: 5 } })).status).toBe(404);
    const agent = await k.createUser(c.company.id, { profile: 'user' });
    expect((await k.api('PUT', `/campaign-guards/${conn}`, { token: agent.token, body: { dailyCap: 5 } })).status).toBe(403);
    // null goes back to the documented default
    expect((await guard(conn, { dailyCap: 50 })).dailyCap).toBe(50);
    expect((await guard(conn, { dailyCap: null })).dailyCap).toBe(500);
  });

  it('tells a "not on WhatsApp" answer and a block from other failures', () => {
    expect(classifyFailure('ERR_WAPP_INVALID_CONTACT')).toBe('notOnWhatsapp');
    expect(classifyFailure('number not on WhatsApp')).toBe('notOnWhatsapp');
    expect(classifyFailure('blocked by recipient')).toBe('blocked');
    expect(classifyFailure('fake peer rejects this message')).toBe('failed');
  });
});
