import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { slaFixtures } from './sla-support.js';

/**
 * A reopened ticket (issue #33): its first response stays the one recorded (met stays met); its
 * resolution counts again from the reopen with the full target, so a ticket resolved in time is not
 * "breached" the moment it reopens days later. A resolution breach is still stamped (and alerted)
 * at most once per ticket. Timers fire only when the test says (runDue on its own clock).
 */

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const MIN = 60000;
const HOUR = 60 * MIN;
const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const slaRow = (ticketId: number) => k.db('ticketSla').where({ ticketId }).first();
const at = (value: unknown) => new Date(value as string).getTime();
const { queue, connection, next } = slaFixtures(() => k, 0x600000);

async function setUp() {
  const { company, admin } = await k.createCompany();
  const q = await queue(company.id);
  const w = await connection(company.id);
  const agent = await k.createUser(company.id, { profile: 'user' });
  await k.db('userQueues').insert({ companyId: company.id, userId: agent.user.id, queueId: q });
  const res = await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, firstResponseMinutes: 10, resolutionMinutes: 60 } });
  expect(res.status).toBe(201);
  return { company, admin, agent, q, w };
}

/** A ticket that waited from 3 h ago, answered 5 min in by the agent and closed 30 min in: both targets met. */
async function resolvedInTime(s: Awaited<ReturnType<typeof setUp>>) {
  const n = next();
  const created = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * HOUR);
  const [c] = await k.db('contacts').insert({ companyId: s.company.id, name: `Cliente ${n}`, number: `55219${String(40000000 + n)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId: s.company.id, whatsappId: s.w, contactId: c.id, queueId: s.q, status: 'pending', createdAt: created, updatedAt: created }).returning('id');
  await k.api('PUT', `/tickets/${ticket.id}`, { token: s.admin.token, body: { status: 'open', userId: s.agent.user.id } });
  await k.db('messages').insert({
    companyId: s.company.id, ticketId: ticket.id, contactId: c.id, whatsappId: s.w, body: 'Olá!', fromMe: true, userId: s.agent.user.id,
    wid: `REOPEN-${ticket.id}`, createdAt: new Date(created.getTime() + 5 * MIN),
  });
  await k.db('tickets').where({ id: ticket.id }).update({ status: 'closed', closedAt: new Date(created.getTime() + 30 * MIN) });
  await runDue(new Date());
  const row = await slaRow(ticket.id);
  expect(row).toMatchObject({ firstResponseSeconds: 300, resolutionSeconds: 1800, firstResponseBreachedAt: null, resolutionBreachedAt: null });
  return { id: ticket.id as number, created };
}

const reopen = async (s: Awaited<ReturnType<typeof setUp>>, ticketId: number) => {
  const res = await k.api('PUT', `/tickets/${ticketId}`, { token: s.admin.token, body: { status: 'open', userId: s.agent.user.id } });
  expect(res.status).toBe(200);
  return new Date((await k.db('ticketMetrics').where({ ticketId }).first('reopenedAt')).reopenedAt);
};

describe('SLA of a reopened ticket', () => {
  it('keeps the first response, restarts the resolution at the reopen, and judges the new close against it', async () => {
    const s = await setUp();
    const ticket = await resolvedInTime(s);
    const reopenedAt = await reopen(s, ticket.id);
    await runDue(reopenedAt);
    const row = await slaRow(ticket.id);
    // Not breached on reopening (the original resolution was due 2 h ago), and the clock runs from the reopen.
    expect(row.resolutionBreachedAt).toBeNull();
    expect(at(row.startedAt)).toBe(ticket.created.getTime());
    expect(at(row.resolutionStartedAt)).toBe(reopenedAt.getTime());
    expect(at(row.resolutionDueAt)).toBe(reopenedAt.getTime() + 60 * MIN);
    expect(at(row.firstResponseDueAt)).toBe(ticket.created.getTime() + 10 * MIN);
    const details = await k.api('GET', `/tickets/${ticket.id}`, { token: s.admin.token });
    expect(at(details.body.sla.resolutionDueAt)).toBe(reopenedAt.getTime() + 60 * MIN);

    let dashboard = (await k.api('GET', '/dashboard/sla?days=1', { token: s.admin.token })).body;
    expect(dashboard.firstResponse).toEqual({ met: 1, breached: 0, running: 0 });
    expect(dashboard.resolution).toEqual({ met: 0, breached: 0, running: 1 });

    // Closed 20 min after the reopen: met, measured from the reopen.
    await k.db('tickets').where({ id: ticket.id }).update({ status: 'closed', closedAt: new Date(reopenedAt.getTime() + 20 * MIN) });
    await runDue(new Date(reopenedAt.getTime() + 21 * MIN));
    expect(await slaRow(ticket.id)).toMatchObject({ resolutionSeconds: 1200, resolutionBreachedAt: null, firstResponseSeconds: 300 });
    dashboard = (await k.api('GET', '/dashboard/sla?days=1', { token: s.admin.token })).body;
    expect(dashboard.resolution).toEqual({ met: 1, breached: 0, running: 0 });
    expect(dashboard.percentiles.resolution.p50).toBe(1200);
  });

  it('a reopened ticket left unresolved breaches once, at the reopen plus the target; its first response is not breached again', async () => {
    const s = await setUp();
    const ticket = await resolvedInTime(s);
    const reopenedAt = await reopen(s, ticket.id);
    await runDue(reopenedAt);
    expect((await slaRow(ticket.id)).resolutionBreachedAt).toBeNull();
    await runDue(new Date(reopenedAt.getTime() + 59 * MIN));
    expect((await slaRow(ticket.id)).resolutionBreachedAt).toBeNull();
    await runDue(new Date(reopenedAt.getTime() + 61 * MIN));
    const row = await slaRow(ticket.id);
    expect(row.resolutionBreachedAt).not.toBeNull();
    expect(row.firstResponseBreachedAt).toBeNull();
    await runDue(new Date(reopenedAt.getTime() + 3 * HOUR));
    expect(at((await slaRow(ticket.id)).resolutionBreachedAt)).toBe(at(row.resolutionBreachedAt));
    expect((await k.api('GET', '/dashboard/sla?days=1', { token: s.admin.token })).body.resolution).toEqual({ met: 0, breached: 1, running: 0 });
  });
});
