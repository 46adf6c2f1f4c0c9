import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestKernel } from '@guiche/core/testing';
import { slaBreachText } from '../src/sla-breach-alerts.js';
import { connectedCompany, FakeWorld, startKernel, week } from './support.js';
import { breachingTicket, comingMonday, slaTarget } from './sla-support.js';

/**
 * An SLA breach (issue #33) pages the on-call person on duty: once, through the default connection,
 * only inside their window, only their company's. Timers fire when the test says (runDue on its own clock).
 */
const world = new FakeWorld();
let k: TestKernel;
beforeAll(async () => {
  k = await startKernel(world);
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const MIN = 60_000;
const paged = (phone: string) => world.outbound.all.filter((d) => d.toId === phone && d.body?.includes('estourou o SLA'));
const breachTimers = (ticketId: number) => k.db('timedWork').where({ kind: 'on-call.sla-breach' }).whereLike('key', `${ticketId}:%`);

async function rota(token: string, userId: number, phone: string, days: ReturnType<typeof week>, pageSlaBreaches = true) {
  const res = await k.api('POST', '/plantao', { token, body: { userId, phone, interval: 30, days, pageSlaBreaches } });
  expect(res.status).toBe(201);
}

describe('on-call and SLA breaches', () => {
  it('pages the person on duty once per breach, in their window, through the default connection', async () => {
    const company = await connectedCompany(k, world);
    const phone = '5511966660001';
    await rota(company.admin.token, company.admin.user.id, phone, week({ monday: ['08:00', '18:00'] }));
    const monday10 = comingMonday(10);
    const { queueId, ticketId } = await breachingTicket(k, company, { createdAt: new Date(monday10.getTime() - 40 * MIN) });
    await slaTarget(k, company.admin.token, { queueId, firstResponseMinutes: 30 });

    await k.kernel.core.timedWork.runDue(monday10); // the breach is recorded, with its on-call timer
    expect((await k.db('ticketSla').where({ ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
    await k.kernel.core.timedWork.runDue(monday10); // the timer, due at the breach
    const [page] = await waitFor(() => (paged(phone).length ? paged(phone) : null));
    expect(page!.connectionId).toBe(company.connectionId);
    expect(page!.body).toContain(`#${ticketId}`);
    expect(page!.body).toContain('primeira resposta');
    expect(await breachTimers(ticketId)).toEqual([]);
    expect(await k.db('plantaoSlaAlerts').where({ ticketId })).toMatchObject([{ kind: 'firstResponse', notified: 1 }]);
    // The page lands in the on-call person's own conversation, assigned to them.
    const stored = await k.db('messages').where({ id: page!.messageId }).first();
    expect(await k.db('tickets').where({ id: stored.ticketId }).first()).toMatchObject({ userId: company.admin.user.id, status: 'open' });

    // Later sweeps (and more of them) page nothing again.
    await k.kernel.core.timedWork.runDue(new Date(monday10.getTime() + 5 * MIN));
    await k.kernel.core.timedWork.runDue(new Date(monday10.getTime() + 60 * MIN));
    expect(paged(phone)).toHaveLength(1);
  });

  it('pages nobody outside the window, in a company without a rota, or of another company', async () => {
    const offDuty = await connectedCompany(k, world);
    const noRota = await connectedCompany(k, world);
    const offPhone = '5511966660002';
    const otherPhone = '5511966660003';
    await rota(offDuty.admin.token, offDuty.admin.user.id, offPhone, week({ tuesday: ['08:00', '18:00'] }));
    // A third company's person, on duty all Monday: never hears of the others' breaches.
    const other = await connectedCompany(k, world);
    await rota(other.admin.token, other.admin.user.id, otherPhone, week({ monday: ['00:00', '23:59'] }));

    const monday10 = comingMonday(10);
    const tickets: number[] = [];
    for (const company of [offDuty, noRota]) {
      const { queueId, ticketId } = await breachingTicket(k, company, { createdAt: new Date(monday10.getTime() - 40 * MIN) });
      await slaTarget(k, company.admin.token, { queueId, firstResponseMinutes: 30 });
      tickets.push(ticketId);
    }
    await k.kernel.core.timedWork.runDue(monday10);
    await k.kernel.core.timedWork.runDue(monday10);
    for (const ticketId of tickets) {
      expect((await k.db('ticketSla').where({ ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
      expect(await breachTimers(ticketId)).toEqual([]); // fired, sent nothing, gone
    }
    expect(await k.db('plantaoSlaAlerts').whereIn('ticketId', tickets)).toEqual([]);
    // Tuesday comes: the breach of Monday is not paged late.
    await k.kernel.core.timedWork.runDue(new Date(monday10.getTime() + 24 * 60 * MIN));
    expect(paged(offPhone)).toEqual([]);
    expect(paged(otherPhone)).toEqual([]);
  });

  it('pages nobody whose rota did not ask for SLA breaches (the default), while an opted-in rota of the same company is paged', async () => {
    const company = await connectedCompany(k, world);
    const quietPhone = '5511966660004';
    const loudPhone = '5511966660005';
    // Created without the field: off by default.
    const quiet = await k.api('POST', '/plantao', { token: company.admin.token, body: { userId: company.admin.user.id, phone: quietPhone, interval: 30, days: week({ monday: ['00:00', '23:59'] }) } });
    expect(quiet.status).toBe(201);
    expect(quiet.body.pageSlaBreaches).toBe(false);
    const monday10 = comingMonday(10);
    const first = await breachingTicket(k, company, { createdAt: new Date(monday10.getTime() - 40 * MIN) });
    await slaTarget(k, company.admin.token, { queueId: first.queueId, firstResponseMinutes: 30 });
    await k.kernel.core.timedWork.runDue(monday10);
    await k.kernel.core.timedWork.runDue(monday10);
    expect((await k.db('ticketSla').where({ ticketId: first.ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
    expect(await breachTimers(first.ticketId)).toEqual([]); // fired, found nobody who asked
    expect(await k.db('plantaoSlaAlerts').where({ ticketId: first.ticketId })).toEqual([]);
    expect(paged(quietPhone)).toEqual([]);

    // A second rota opts in: the next breach pages it, never the quiet one.
    await rota(company.admin.token, company.admin.user.id, loudPhone, week({ monday: ['00:00', '23:59'] }));
    const second = await breachingTicket(k, company, { createdAt: new Date(monday10.getTime() - 40 * MIN) });
    await slaTarget(k, company.admin.token, { queueId: second.queueId, firstResponseMinutes: 30 });
    await k.kernel.core.timedWork.runDue(monday10);
    await k.kernel.core.timedWork.runDue(monday10);
    const [page] = await waitFor(() => (paged(loudPhone).length ? paged(loudPhone) : null));
    expect(page!.body).toContain(`#${second.ticketId}`);
    expect(paged(quietPhone)).toEqual([]);
    expect(await k.db('plantaoSlaAlerts').where({ ticketId: second.ticketId })).toMatchObject([{ notified: 1 }]);

    // Turning the option off again (PUT takes the whole rota) stops the pages.
    const [loud] = (await k.api('GET', '/plantao', { token: company.admin.token })).body.filter((p: any) => p.phone === loudPhone);
    expect(loud.pageSlaBreaches).toBe(true);
    const off = await k.api('PUT', `/plantao/${loud.id}`, { token: company.admin.token, body: { userId: loud.userId, phone: loud.phone, interval: 30, days: loud.days, pageSlaBreaches: false } });
    expect(off.status).toBe(200);
    expect(off.body.pageSlaBreaches).toBe(false);
    const third = await breachingTicket(k, company, { createdAt: new Date(monday10.getTime() - 40 * MIN) });
    await slaTarget(k, company.admin.token, { queueId: third.queueId, firstResponseMinutes: 30 });
    await k.kernel.core.timedWork.runDue(monday10);
    await k.kernel.core.timedWork.runDue(monday10);
    expect((await k.db('ticketSla').where({ ticketId: third.ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
    expect(await breachTimers(third.ticketId)).toEqual([]);
    expect(paged(loudPhone)).toHaveLength(1);
    expect(paged(quietPhone)).toEqual([]);
  });

  it('names the target, the contact and the queue in São Paulo time', () => {
    const text = slaBreachText({ kind: 'resolution', ticketId: 7, contactName: 'Rita', contactNumber: '5511900000000', queueName: 'Suporte', dueAt: '2030-01-07T13:30:00.000Z' });
    expect(text).toBe('⏰ Plantão: o ticket #7 de Rita (5511900000000) na fila Suporte estourou o SLA de resolução (prazo 10:30).');
  });

  it('speaks the duty user’s language', () => {
    const breach = { kind: 'firstResponse' as const, ticketId: 7, contactName: 'Rita', contactNumber: '5511900000000', queueName: 'Suporte', dueAt: '2030-01-07T13:30:00.000Z' };
    expect(slaBreachText(breach, 'en')).toBe('⏰ On call: ticket #7 from Rita (5511900000000) in queue Suporte breached its first response SLA (due 10:30).');
    expect(slaBreachText(breach, 'es')).toBe('⏰ Guardia: el ticket #7 de Rita (5511900000000) en la cola Suporte superó el SLA de primera respuesta (plazo 10:30).');
    expect(slaBreachText(breach, 'tr')).toBe('⏰ Nöbet: #7 numaralı talep (Rita, 5511900000000) Suporte kuyruğunda ilk yanıt SLA süresini aştı (son 10:30).');
  });
});
