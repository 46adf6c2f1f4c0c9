import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestKernel } from '@guiche/core/testing';
import { inboundTicket } from '../../../core/test/channels-fake-channel.js';
import { isOnCall, nextWindowStart } from '../src/window.js';
import { FakeWorld, connectedCompany, startKernel, week } from './support.js';

const world = new FakeWorld();
let k: TestKernel;

beforeAll(async () => {
  k = await startKernel(world);
});
afterAll(async () => {
  await k?.close();
});

const HOUR = 3_600_000;
/** São Paulo wall time (UTC-3 all year since 2019) as an instant. */
const sp = (iso: string) => new Date(`${iso}-03:00`);
/** The first Sunday 10:00 in São Paulo at least two days from now: every fake time of the test is after the real due times. */
function comingSunday(): Date {
  const start = new Date(Date.now() + 2 * 24 * HOUR);
  for (let i = 0; i < 8; i++) {
    const day = new Date(start.getTime() + i * 24 * HOUR);
    const local = new Date(day.getTime() - 3 * HOUR);
    if (local.getUTCDay() === 0) return sp(`${local.toISOString().slice(0, 10)}T10:00:00`);
  }
  throw new Error('no Sunday');
}

describe('the rota window in America/Sao_Paulo', () => {
  const days = week({ monday: ['08:00', '18:00'], friday: ['22:00', '06:00'] });
  it('is on call inside a weekday window, off outside, and an overnight window runs into the next morning', () => {
    expect(isOnCall(days, sp('2030-01-07T08:00:00'))).toBe(true); // Monday
    expect(isOnCall(days, sp('2030-01-07T17:59:00'))).toBe(true);
    expect(isOnCall(days, sp('2030-01-07T18:00:00'))).toBe(false);
    expect(isOnCall(days, sp('2030-01-07T07:59:00'))).toBe(false);
    expect(isOnCall(days, sp('2030-01-08T10:00:00'))).toBe(false); // Tuesday
    expect(isOnCall(days, sp('2030-01-11T23:00:00'))).toBe(true); // Friday night
    expect(isOnCall(days, sp('2030-01-12T05:59:00'))).toBe(true); // Saturday before 06:00
    expect(isOnCall(days, sp('2030-01-12T06:00:00'))).toBe(false);
  });
  it('finds when the next window opens', () => {
    expect(nextWindowStart(days, sp('2030-01-07T18:30:00'))).toEqual(sp('2030-01-11T22:00:00'));
    expect(nextWindowStart(days, sp('2030-01-12T12:00:00'))).toEqual(sp('2030-01-14T08:00:00'));
    expect(nextWindowStart(week({}), sp('2030-01-12T12:00:00'))).toBeNull();
  });
});

describe('on-call notifications', () => {
  it('notifies the on-call phone of a waiting ticket once per interval inside the window, sleeps outside it, and stops when the ticket is accepted', async () => {
    const company = await connectedCompany(k, world);
    const phone = '5511955554444';
    const rota = await k.api('POST', '/plantao', {
      token: company.admin.token,
      body: { userId: company.admin.user.id, phone, interval: 30, days: week({ monday: ['08:00', '18:00'] }) },
    });
    expect(rota.status).toBe(201);
    const { ticketId } = await inboundTicket(world, k, company.connectionId, '5511944443333');
    const key = `${rota.body.id}:${ticketId}`;
    const timer = () => k.db('timedWork').where({ kind: 'on-call.alert', key }).first();
    await waitFor(timer);
    const toPhone = () => world.outbound.all.filter((d) => d.toId === phone);

    // Sunday: outside the window, nothing is sent and the timer waits for Monday 08:00.
    const sunday = comingSunday();
    const monday8 = new Date(sunday.getTime() + 22 * HOUR);
    await k.kernel.core.timedWork.runDue(sunday);
    expect(new Date((await timer()).dueAt)).toEqual(monday8);
    expect(toPhone()).toHaveLength(0);

    // Monday 08:00: one notification through the default connection to the on-call phone.
    expect(await k.kernel.core.timedWork.runDue(monday8)).toBe(1);
    const first = await waitFor(() => toPhone()[0]);
    expect(first.connectionId).toBe(company.connectionId);
    expect(first.body).toContain(`#${ticketId}`);
    expect(new Date((await timer()).dueAt)).toEqual(new Date(monday8.getTime() + 30 * 60_000));
    const notified = await k.db('messages').where({ id: first.messageId }).first();
    const ownTicket = await k.db('tickets').where({ id: notified.ticketId }).first();
    expect(ownTicket).toMatchObject({ companyId: company.company.id, userId: company.admin.user.id, status: 'open' });

    // Not again before the interval, exactly once at it.
    expect(await k.kernel.core.timedWork.runDue(new Date(monday8.getTime() + 10 * 60_000))).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(new Date(monday8.getTime() + 30 * 60_000))).toBe(1);
    expect(await k.kernel.core.timedWork.runDue(new Date(monday8.getTime() + 30 * 60_000))).toBe(0);
    await waitFor(() => toPhone().length === 2);
    expect((await k.db('plantaoAlerts').where({ ticketId }).first()).notifications).toBe(2);

    // Someone accepts the ticket: the timer and the alert go.
    const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Suporte', color: '#336699', greetingMessage: 'Oi' } });
    const accepted = await k.api('PUT', `/tickets/${ticketId}`, { token: company.admin.token, body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id } });
    expect(accepted.status).toBe(200);
    await waitFor(async () => !(await timer()));
    expect(await k.db('plantaoAlerts').where({ ticketId }).first()).toBeUndefined();
    await k.kernel.core.timedWork.runDue(new Date(monday8.getTime() + 5 * HOUR));
    expect(toPhone()).toHaveLength(2);
  });

  it('a rota created while tickets already wait watches them too; another company’s tickets never reach it', async () => {
    const company = await connectedCompany(k, world);
    const other = await connectedCompany(k, world);
    const { ticketId } = await inboundTicket(world, k, company.connectionId, '5511933332222');
    const { ticketId: foreign } = await inboundTicket(world, k, other.connectionId, '5511922221111');
    const rota = await k.api('POST', '/plantao', {
      token: company.admin.token,
      body: { userId: company.admin.user.id, phone: '5511911110000', interval: 15, days: week({ sunday: ['00:00', '23:59'] }) },
    });
    expect(rota.status).toBe(201);
    expect(await k.db('timedWork').where({ kind: 'on-call.alert', key: `${rota.body.id}:${ticketId}` }).first()).toBeDefined();
    expect(await k.db('timedWork').where({ kind: 'on-call.alert', key: `${rota.body.id}:${foreign}` }).first()).toBeUndefined();
  });
});
