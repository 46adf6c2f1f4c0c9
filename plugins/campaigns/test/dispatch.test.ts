import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { HOURS_CHECK_MS, nextPause, OUTSIDE_HOURS, PROGRESS_MS, RECONNECT_CHECK_MS } from '../src/dispatch.js';
import { campaignCompany, contactList, dispatchTimer, FakeWorld, liveConnection, shippings, startKernel, states } from './support.js';

/**
 * Dispatch on a fake clock: every campaign is scheduled years ahead, so the kernel's own sweeper
 * never reaches its timers and runDue(now) drives them; delivery goes through the core's real
 * ordered outbound queue to the fake WhatsApp session.
 */

let world: FakeWorld;
let k: TestKernel;
let c: TestCompany;
let conn: number;
let year = 2031;

beforeAll(async () => {
  world = new FakeWorld();
  k = await startKernel(world);
  c = await campaignCompany(k);
  conn = await liveConnection(k, world, c);
});
afterAll(async () => k?.close());

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const after = (d: Date, ms: number) => new Date(d.getTime() + ms);
const statusOf = async (id: number) => (await k.db('campaigns').where({ id }).first()).status as string;

async function settings(values: Record<string, number>) {
  const res = await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: values } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function campaign(body: Record<string, unknown>): Promise<{ id: number; at: Date }> {
  const at = new Date(`${year++}-01-01T12:00:00Z`);
  const res = await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Promo', whatsappId: String(conn), scheduledAt: at.toISOString(), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('PROGRAMADA');
  return { id: res.body.id, at };
}
const deliveredTo = (numbers: string[]) => world.outbound.all.filter((d) => numbers.some((n) => d.toId.startsWith(n)));

/** Runs the dispatch timer at its own due time until no contact is pending. */
async function drain(id: number) {
  for (let i = 0; i < 1000; i++) {
    const timer = await dispatchTimer(k, id, conn);
    if (!timer) return;
    await runDue(new Date(timer.dueAt));
  }
}
/** Runs the progress timer until the campaign leaves EM_ANDAMENTO. */
async function finish(id: number, from: Date) {
  let now = from;
  await waitFor(async () => {
    now = after(now, PROGRESS_MS);
    await runDue(now);
    return (await statusOf(id)) !== 'EM_ANDAMENTO';
  }, { timeout: 30_000, interval: 100 });
}

describe('a campaign', () => {
  it('starts at its time, sends each contact once rotating the messages, and is FINALIZADA when every message was delivered', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 6);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Oi {nome}', message2: 'Olá {nome}, número {numero}' });
    await runDue(after(at, -1000));
    expect(await statusOf(id)).toBe('PROGRAMADA');
    await runDue(at);
    expect(await statusOf(id)).toBe('EM_ANDAMENTO');
    await drain(id);
    await waitFor(() => deliveredTo(list.numbers).length === 6);
    await finish(id, at);
    expect(await statusOf(id)).toBe('FINALIZADA');

    const rows = await shippings(k, id);
    expect(rows.map((r) => r.state)).toEqual(Array(6).fill('sent'));
    expect(rows.every((r) => r.deliveredAt)).toBe(true);
    // message1, message2, message1, … over the rows in order
    expect(rows.map((r) => r.messageIndex)).toEqual(rows.map((_, i) => [rows[0].messageIndex, rows[1].messageIndex][i % 2]));
    expect(new Set(rows.map((r) => r.messageIndex))).toEqual(new Set([1, 2]));
    const delivered = deliveredTo(list.numbers);
    expect(new Set(delivered.map((d) => d.toId)).size).toBe(6);
    for (const [i, r] of rows.entries()) {
      const body = delivered.find((d) => d.messageId === r.messageId)!.body;
      expect(body).toBe(r.messageIndex === 1 ? `Oi Pessoa ${i + 1}` : `Olá Pessoa ${i + 1}, número ${list.numbers[i]}`);
    }
    const report = await k.api('GET', `/campaigns/${id}`, { token: c.admin.token });
    expect(report.body).toMatchObject({ status: 'FINALIZADA', shipping: { total: 6, sent: 6, failed: 0, pending: 0 }, contactList: { id: list.id } });
    expect(report.body.completedAt).toBeTruthy();
  });

  it('paces one connection: a random pause up to messageInterval, the longer pause after every longerIntervalAfter sends, counted from now', async () => {
    await settings({ messageInterval: 10, longerIntervalAfter: 3, greaterInterval: 40 });
    const list = await contactList(k, c, 8);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Oferta' });
    // The start arms the connection's timer at the start time: the first contact goes at once.
    await runDue(at);
    expect((await states(k, id)).pending).toBe(7);
    const gaps: number[] = [new Date((await dispatchTimer(k, id, conn)).dueAt).getTime() - at.getTime()];
    for (let sent = 2; sent <= 7; sent++) {
      const timer = await dispatchTimer(k, id, conn);
      const due = new Date(timer.dueAt);
      await runDue(due);
      // Each run sends exactly one contact…
      expect((await shippings(k, id)).filter((r) => r.state !== 'pending').length).toBe(sent);
      gaps.push(new Date((await dispatchTimer(k, id, conn)).dueAt).getTime() - due.getTime());
    }
    // …then waits 0–10 s, except after the 3rd and 6th: 40 s.
    expect(gaps).toHaveLength(7);
    expect(gaps[2]).toBe(40_000);
    expect(gaps[5]).toBe(40_000);
    for (const i of [0, 1, 3, 4, 6]) {
      expect(gaps[i]).toBeGreaterThanOrEqual(0);
      expect(gaps[i]).toBeLessThanOrEqual(10_000);
    }

    // The node was down for an hour: the overdue timer sends one contact, and the next waits from now.
    const overdue = new Date((await dispatchTimer(k, id, conn)).dueAt);
    const late = after(overdue, 3_600_000);
    await runDue(late);
    expect((await shippings(k, id)).filter((r) => r.state !== 'pending').length).toBe(8);
    await runDue(late);
    await waitFor(() => deliveredTo(list.numbers).length === 8);
    await finish(id, late);
    expect(await statusOf(id)).toBe('FINALIZADA');
  });

  it('does not burst after a restart: the overdue timer sends one contact and the rest follow paced from now', async () => {
    await settings({ messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 5);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Sem rajada' });
    await runDue(at);
    expect((await states(k, id)).pending).toBe(4);
    const late = after(at, 6 * 3_600_000);
    await runDue(late);
    expect((await states(k, id)).pending).toBe(3);
    const next = new Date((await dispatchTimer(k, id, conn)).dueAt).getTime();
    expect(next).toBeGreaterThanOrEqual(late.getTime());
    expect(next).toBeLessThanOrEqual(late.getTime() + 5_000);
  });

  it('pauses with a visible reason while its connection is down and resumes when it is back', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 3);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Volto já' });
    await k.db('whatsapps').where({ id: conn }).update({ status: 'DISCONNECTED' });
    try {
      await runDue(at);
      await runDue(at);
      expect(await states(k, id)).toEqual({ pending: 3 });
      const paused = await k.api('GET', `/campaigns/${id}`, { token: c.admin.token });
      expect(paused.body).toMatchObject({ status: 'EM_ANDAMENTO', pauseReason: 'ERR_WAPP_NOT_INITIALIZED' });
      expect(new Date((await dispatchTimer(k, id, conn)).dueAt).getTime()).toBe(at.getTime() + RECONNECT_CHECK_MS);
    } finally {
      await k.db('whatsapps').where({ id: conn }).update({ status: 'CONNECTED' });
    }
    await drain(id);
    expect((await k.db('campaigns').where({ id }).first()).pauseReason).toBeNull();
    await waitFor(() => deliveredTo(list.numbers).length === 3);
    await finish(id, after(at, RECONNECT_CHECK_MS));
    expect(await statusOf(id)).toBe('FINALIZADA');
  });

  it('pauses when the session really drops mid-campaign and resumes once it reconnected, each contact once', async () => {
    await settings({ messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 4);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Queda {nome}' });
    await runDue(at);
    const second = new Date((await dispatchTimer(k, id, conn)).dueAt);
    await runDue(second);
    expect((await states(k, id)).pending).toBe(2);
    // The network drops; the first reconnect fails too, so the session stays away for a while.
    world.failStarts = 1;
    world.session(conn)!.drop();
    await waitFor(async () => (await k.db('whatsapps').where({ id: conn }).first('status')).status !== 'CONNECTED', { interval: 5 });
    const third = new Date((await dispatchTimer(k, id, conn)).dueAt);
    await runDue(third);
    expect((await states(k, id)).pending).toBe(2);
    expect((await k.db('campaigns').where({ id }).first()).pauseReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    await waitFor(async () => (await k.db('whatsapps').where({ id: conn }).first('status')).status === 'CONNECTED' && world.session(conn), { timeout: 30_000 });
    await drain(id);
    expect((await k.db('campaigns').where({ id }).first()).pauseReason).toBeNull();
    await waitFor(() => deliveredTo(list.numbers).length === 4, { timeout: 30_000 });
    await finish(id, after(third, 10 * RECONNECT_CHECK_MS));
    expect(await statusOf(id)).toBe('FINALIZADA');
    expect(new Set(deliveredTo(list.numbers).map((d) => d.toId)).size).toBe(4);
    expect(deliveredTo(list.numbers)).toHaveLength(4);
  }, 60_000);

  it('records a send the channel refuses as failed with its reason, and still finishes', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 3);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Recusada para {nome}' });
    world.rejectBodies.add('Recusada para Pessoa 2');
    await runDue(at);
    await drain(id);
    await finish(id, at);
    expect(await statusOf(id)).toBe('FINALIZADA');
    const rows = await shippings(k, id);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'failed', 'sent']);
    expect(rows[1].reason).toMatch(/rejects/);
    const report = await k.api('GET', `/campaigns/${id}`, { token: c.admin.token });
    expect(report.body.shipping).toMatchObject({ sent: 2, failed: 1 });
  }, 60_000);

  it('cancel stops it; restart goes on with the contacts still pending, never sending one twice', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 4);
    const { id, at } = await campaign({ contactListId: list.id, message1: 'Pausa e volta' });
    await runDue(at);
    // hold the dispatch: cancel before it runs
    const cancel = await k.api('POST', `/campaigns/${id}/cancel`, { token: c.admin.token });
    expect(cancel.body.status).toBe('CANCELADA');
    expect(await dispatchTimer(k, id, conn)).toBeUndefined();
    expect((await k.api('POST', `/campaigns/${id}/cancel`, { token: c.admin.token })).body).toEqual({ error: 'ERR_CAMPAIGN_STATUS' });
    const restart = await k.api('POST', `/campaigns/${id}/restart`, { token: c.admin.token });
    expect(restart.body.status).toBe('EM_ANDAMENTO');
    await drain(id);
    await waitFor(() => deliveredTo(list.numbers).length === 4);
    await finish(id, new Date());
    expect(await states(k, id)).toEqual({ sent: 4 });
    expect(deliveredTo(list.numbers).length).toBe(4);
  });
});

describe('sending only within business hours', () => {
  it('waits outside the company hours with the reason shown, and sends once they open', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const on = await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: { businessHoursOnly: true } } });
    expect(on.status).toBe(200);
    // Mondays 09:00–12:00 in São Paulo (UTC−3) only.
    const hours = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((weekdayEn) =>
      weekdayEn === 'monday' ? { weekdayEn, startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' } : { weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
    );
    await k.db('companies').where({ id: c.company.id }).update({ schedules: JSON.stringify(hours) });
    try {
      const list = await contactList(k, c, 2);
      const sunday = new Date('2040-01-01T15:00:00Z'); // a Sunday, 12:00 in São Paulo
      const res = await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Horário', whatsappId: String(conn), contactListId: list.id, scheduledAt: sunday.toISOString(), message1: 'Dentro do horário' } });
      const id = res.body.id as number;
      await runDue(sunday);
      expect(await states(k, id)).toEqual({ pending: 2 });
      expect((await k.db('campaigns').where({ id }).first()).pauseReason).toBe(OUTSIDE_HOURS);
      expect(new Date((await dispatchTimer(k, id, conn)).dueAt).getTime()).toBe(sunday.getTime() + HOURS_CHECK_MS);
      const monday = new Date('2040-01-02T12:30:00Z'); // Monday 09:30 in São Paulo
      await runDue(monday);
      await drain(id);
      expect((await k.db('campaigns').where({ id }).first()).pauseReason).toBeNull();
      await waitFor(() => deliveredTo(list.numbers).length === 2);
      await finish(id, monday);
      expect(await statusOf(id)).toBe('FINALIZADA');
    } finally {
      await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: { businessHoursOnly: false } } });
      await k.db('companies').where({ id: c.company.id }).update({ schedules: '[]' });
    }
  });
});

describe('a confirmation campaign', () => {
  it('asks first, and sends the message only to the contact who answers yes', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = await contactList(k, c, 2);
    const { id, at } = await campaign({ contactListId: list.id, confirmation: true, message1: 'Promo real para {nome}', confirmationMessage1: 'Quer receber a promo, {nome}? Responda SIM' });
    await runDue(at);
    await drain(id);
    await waitFor(() => deliveredTo(list.numbers).length === 2);
    expect(deliveredTo(list.numbers).map((d) => d.body).sort()).toEqual(['Quer receber a promo, Pessoa 1? Responda SIM', 'Quer receber a promo, Pessoa 2? Responda SIM']);
    expect(await states(k, id)).toEqual({ confirmation_requested: 2 });

    const session = world.session(conn)!;
    const [first, second] = [...deliveredTo(list.numbers)].sort((a, b) => a.messageId - b.messageId);
    await session.io.inbound({ wid: `yes-${id}`, fromMe: false, timestamp: new Date(), peer: { id: first.toId, name: 'Pessoa 1' }, body: ' Sim ', mediaType: 'chat' });
    await session.io.inbound({ wid: `no-${id}`, fromMe: false, timestamp: new Date(), peer: { id: second.toId, name: 'Pessoa 2' }, body: 'Não', mediaType: 'chat' });
    await finish(id, at);
    expect(await statusOf(id)).toBe('FINALIZADA');
    await runDue(after(at, 10 * PROGRESS_MS));
    await waitFor(() => deliveredTo(list.numbers).length === 3);
    const promo = deliveredTo(list.numbers).filter((d) => d.body.startsWith('Promo real'));
    expect(promo.map((d) => [d.toId, d.body])).toEqual([[first.toId, 'Promo real para Pessoa 1']]);
    const rows = await shippings(k, id);
    expect(rows.map((r) => r.state)).toEqual(['confirmed', 'confirmation_requested']);
    const report = await k.api('GET', `/campaigns/${id}`, { token: c.admin.token });
    expect(report.body.shipping).toMatchObject({ confirmationRequested: 1, confirmed: 1, pending: 0 });
  });
});

describe('nextPause', () => {
  it('stays within 0..messageInterval and takes greaterInterval after longerIntervalAfter sends', () => {
    const s = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect(nextPause(s, 5, () => 0)).toEqual({ ms: 0, sentSinceBreak: 5 });
    expect(nextPause(s, 5, () => 0.999999)).toEqual({ ms: 20_000, sentSinceBreak: 5 });
    expect(nextPause(s, 20, () => 0.5)).toEqual({ ms: 60_000, sentSinceBreak: 0 });
    expect(nextPause({ ...s, longerIntervalAfter: 0 }, 500, () => 0.5)).toEqual({ ms: 10_000, sentSinceBreak: 500 });
  });
});
