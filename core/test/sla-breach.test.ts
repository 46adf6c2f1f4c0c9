import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';
import { slaFixtures } from './sla-support.js';

/**
 * A ticket's SLA clocks (issue #33): set from the ticket metrics by the `sla.check` timed work the
 * ticket_metrics trigger arms, carried on the ticket, breached once and announced to the admins
 * and the queue's supervisors. Timers fire only when the test says (runDue on its own clock).
 */

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const MIN = 60000;
const sp = (local: string) => new Date(`${local}-03:00`);
const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const slaRow = (ticketId: number) => k.db('ticketSla').where({ ticketId }).first();
const timer = (ticketId: number) => k.db('timedWork').where({ kind: 'sla.check', key: `ticket:${ticketId}` }).first();

const { queue, connection, next } = slaFixtures(() => k, 0x400000);
async function waiting(companyId: number, whatsappId: number, queueId: number, createdAt: Date) {
  const n = next();
  const [c] = await k.db('contacts').insert({ companyId, name: `Cliente ${n}`, number: `55219${String(20000000 + n)}`, channel: 'whatsapp' }).returning('id');
  const [row] = await k.db('tickets').insert({ companyId, whatsappId, contactId: c.id, queueId, status: 'pending', createdAt, updatedAt: createdAt }).returning('*');
  return row as { id: number; uuid: string; contactId: number };
}
async function target(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/sla-targets', { token, body });
  if (res.status !== 201) throw new Error(`target ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
const at = (value: unknown) => new Date(value as string).getTime();

describe('SLA clocks and breaches', () => {
  it('a waiting ticket shows its clocks and breaches each target once, live, to the admins and the queue supervisors', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const w = await connection(company.id);
    const supervisor = await k.createUser(company.id, { profile: 'user' });
    const agent = await k.createUser(company.id, { profile: 'user' });
    await k.db('users').where({ id: supervisor.user.id }).update({ showDashboard: true });
    await k.db('userQueues').insert([{ companyId: company.id, userId: supervisor.user.id, queueId: q }, { companyId: company.id, userId: agent.user.id, queueId: q }]);
    await target(admin.token, { queueId: q, firstResponseMinutes: 30, resolutionMinutes: 120 });

    const created = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * MIN);
    const ticket = await waiting(company.id, w, q, created);
    await runDue(new Date());
    const row = await slaRow(ticket.id);
    expect(at(row.startedAt)).toBe(created.getTime());
    expect(at(row.firstResponseDueAt)).toBe(created.getTime() + 30 * MIN);
    expect(at(row.firstResponseWarnAt)).toBe(created.getTime() + 22.5 * MIN);
    expect(at(row.resolutionDueAt)).toBe(created.getTime() + 120 * MIN);
    expect(row.firstResponseBreachedAt).toBeNull();
    // The same row is the breach timer: due at the first deadline.
    expect(at((await timer(ticket.id)).dueAt)).toBe(created.getTime() + 30 * MIN);

    const shown = await k.api('GET', `/tickets/${ticket.id}`, { token: admin.token });
    expect(shown.body.sla).toMatchObject({ firstResponseAt: null, firstResponseBreachedAt: null });
    expect(at(shown.body.sla.firstResponseDueAt)).toBe(created.getTime() + 30 * MIN);
    expect(at(shown.body.sla.resolutionWarnAt)).toBe(created.getTime() + 90 * MIN);

    const [adminSocket, supervisorSocket, agentSocket] = await Promise.all([k.socket(admin.token), k.socket(supervisor.token), k.socket(agent.token)]);
    const event = `company-${company.id}-slaBreach`;
    const heard: Record<string, any[]> = { admin: [], supervisor: [], agent: [] };
    adminSocket.on(event, (e) => heard.admin!.push(e));
    supervisorSocket.on(event, (e) => heard.supervisor!.push(e));
    agentSocket.on(event, (e) => heard.agent!.push(e));

    const toAdmin = nextEvent(adminSocket, event);
    const toSupervisor = nextEvent(supervisorSocket, event);
    const rowUpdate = nextEvent(agentSocket, `company-${company.id}-ticket`, (e: any) => e.ticket?.id === ticket.id && e.ticket.sla?.firstResponseBreachedAt);
    expect(await runDue(new Date(created.getTime() + 31 * MIN))).toBe(1);
    const breach = { action: 'breach', kind: 'firstResponse', ticketId: ticket.id, uuid: ticket.uuid, queueId: q };
    expect(await toAdmin).toMatchObject(breach);
    expect(await toSupervisor).toMatchObject(breach);
    // The agent's row turns red live (the ticket event carries the breach), without a notice.
    await rowUpdate;
    expect((await slaRow(ticket.id)).firstResponseBreachedAt).not.toBeNull();
    expect(at((await timer(ticket.id)).dueAt)).toBe(created.getTime() + 120 * MIN);

    // Run again (a late tick, another node): nothing is stamped or announced twice.
    await k.db('timedWork').where({ kind: 'sla.check', key: `ticket:${ticket.id}` }).update({ dueAt: new Date(created.getTime() + 32 * MIN) });
    expect(await runDue(new Date(created.getTime() + 33 * MIN))).toBe(1);

    const resolution = nextEvent(adminSocket, event, (e: any) => e.kind === 'resolution');
    expect(await runDue(new Date(created.getTime() + 121 * MIN))).toBe(1);
    expect(await resolution).toMatchObject({ kind: 'resolution', ticketId: ticket.id });
    expect(await timer(ticket.id)).toBeUndefined();

    // The agent accepts: their socket hears that update after anything sent before it.
    const accepted = nextEvent(agentSocket, `company-${company.id}-ticket`, (e: any) => e.ticket?.status === 'open');
    expect((await k.api('PUT', `/tickets/${ticket.id}`, { token: agent.token, body: { status: 'open', userId: agent.user.id } })).status).toBe(200);
    await accepted;
    expect(heard.admin!.map((e) => e.kind)).toEqual(['firstResponse', 'resolution']);
    expect(heard.supervisor!.map((e) => e.kind)).toEqual(['firstResponse', 'resolution']);
    expect(heard.agent).toEqual([]);
  });

  it('an answer in time stops the first-response clock and a close in time meets resolution; the dashboard counts them', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const w = await connection(company.id);
    await target(admin.token, { queueId: q, firstResponseMinutes: 30, resolutionMinutes: 120 });
    const created = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * MIN);
    const ticket = await waiting(company.id, w, q, created);
    await runDue(new Date());
    await k.db('tickets').where({ id: ticket.id }).update({ status: 'open', userId: admin.user.id });
    await k.db('messages').insert({ companyId: company.id, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: w, body: 'Olá!', fromMe: true, userId: admin.user.id, wid: `SLA-${ticket.id}`, createdAt: new Date(created.getTime() + 5 * MIN) });
    // The metrics trigger re-armed the check: it sees the answer and waits for the resolution deadline only.
    expect(at((await timer(ticket.id)).dueAt)).toBeLessThanOrEqual(Date.now());
    await runDue(new Date());
    expect(at((await timer(ticket.id)).dueAt)).toBe(created.getTime() + 120 * MIN);
    const shown = await k.api('GET', `/tickets/${ticket.id}`, { token: admin.token });
    expect(at(shown.body.sla.firstResponseAt)).toBe(created.getTime() + 5 * MIN);

    await k.db('tickets').where({ id: ticket.id }).update({ status: 'closed', closedAt: new Date() });
    await runDue(new Date());
    expect(await timer(ticket.id)).toBeUndefined();
    await runDue(new Date(created.getTime() + 200 * MIN));
    const row = await slaRow(ticket.id);
    expect([row.firstResponseBreachedAt, row.resolutionBreachedAt]).toEqual([null, null]);

    // A second ticket that nobody answered in time.
    const late = await waiting(company.id, w, q, new Date(created.getTime() - 60 * MIN));
    await runDue(new Date());
    // Two São Paulo days: between 00:00 and 01:10 there, the late ticket started yesterday.
    const dash = await k.api('GET', '/dashboard/sla?days=2', { token: admin.token });
    expect(dash.status).toBe(200);
    expect(dash.body.firstResponse).toEqual({ met: 1, breached: 1, running: 0 });
    expect(dash.body.resolution).toMatchObject({ met: 1, breached: 0, running: 1 });
    expect(dash.body.percentiles.firstResponse).toEqual({ p50: 300, p90: 300, p95: 300 });
    expect(dash.body.byQueue).toEqual([expect.objectContaining({ queueId: q, firstResponseMet: 1, firstResponseBreached: 1, resolutionMet: 1 })]);
    expect(dash.body.byUser).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: admin.user.id, firstResponseMet: 1 }),
      expect.objectContaining({ userId: null, firstResponseBreached: 1 }),
    ]));
    expect((await slaRow(late.id)).firstResponseBreachedAt).not.toBeNull();

    // The tickets report carries the verdicts, on screen and in the spreadsheet.
    const report = await k.api('GET', '/ticket/reports?pageSize=50', { token: admin.token });
    const verdicts = Object.fromEntries(report.body.tickets.map((t: any) => [t.id, t.sla]));
    expect(verdicts[ticket.id]).toEqual({ firstResponse: 'met', resolution: 'met' });
    expect(verdicts[late.id]).toEqual({ firstResponse: 'breached', resolution: 'running' });
    const file = await fetch(`${k.apiUrl}/ticket/reports/export?lang=en`, { headers: { authorization: `Bearer ${admin.token}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('RelatorioDeAtendimentos')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(-2)).toEqual(['First-response SLA', 'Resolution SLA']);
    expect(rows.find((r) => r[0] === late.id)!.slice(12)).toEqual(['Breached', 'Running']);
    expect(rows.find((r) => r[0] === ticket.id)!.slice(12)).toEqual(['Met', 'Met']);

    // Another company sees none of it; an agent without the dashboard is refused.
    const other = await k.createCompany();
    expect((await k.api('GET', '/dashboard/sla?days=2', { token: other.admin.token })).body.firstResponse).toEqual({ met: 0, breached: 0, running: 0 });
    expect((await k.api('GET', `/tickets/${late.id}`, { token: other.admin.token })).status).toBe(404);
    const agent = await k.createUser(company.id, { profile: 'user' });
    expect((await k.api('GET', '/dashboard/sla?days=2', { token: agent.token })).status).toBe(403);
    expect((await k.api('GET', '/dashboard/sla', { token: admin.token })).status).toBe(400);
  });

  it('counts only business hours when the company hours apply', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const w = await connection(company.id);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({ weekdayEn, startTimeA: '09:00', endTimeA: '18:00', startTimeB: '', endTimeB: '' }));
    await k.db('companies').where({ id: company.id }).update({ schedules: JSON.stringify(days) });
    expect((await k.api('PUT', '/settings/scheduleType', { token: admin.token, body: { value: 'company' } })).status).toBe(200);
    await target(admin.token, { queueId: q, firstResponseMinutes: 30 });
    const ticket = await waiting(company.id, w, q, sp('2026-11-20T17:50:00'));
    await runDue(new Date());
    const row = await slaRow(ticket.id);
    expect(at(row.firstResponseDueAt)).toBe(sp('2026-11-23T09:20:00').getTime());
    expect(at(row.firstResponseWarnAt)).toBe(sp('2026-11-23T09:12:30').getTime());
    expect(row.resolutionDueAt).toBeNull();
  });

  it("a connection's own target wins over the queue-wide one; a queue without a target has no clock", async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const free = await queue(company.id);
    const w = await connection(company.id);
    const other = await connection(company.id);
    await target(admin.token, { queueId: q, firstResponseMinutes: 60 });
    await target(admin.token, { queueId: q, whatsappId: w, firstResponseMinutes: 10 });
    const created = new Date(Math.floor(Date.now() / 1000) * 1000);
    const a = await waiting(company.id, w, q, created);
    const b = await waiting(company.id, other, q, created);
    await runDue(new Date());
    expect(at((await slaRow(a.id)).firstResponseDueAt)).toBe(created.getTime() + 10 * MIN);
    expect(at((await slaRow(b.id)).firstResponseDueAt)).toBe(created.getTime() + 60 * MIN);

    // Moved to a queue without a target before any breach: the clock goes away.
    await k.db('tickets').where({ id: a.id }).update({ queueId: free });
    await runDue(new Date());
    expect(await slaRow(a.id)).toBeUndefined();
    expect((await k.api('GET', `/tickets/${a.id}`, { token: admin.token })).body.sla).toBeNull();
  });

  it('a target created later starts the clocks of the tickets already waiting in its queue', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const w = await connection(company.id);
    const created = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * MIN);
    const ticket = await waiting(company.id, w, q, created);
    await runDue(new Date());
    expect(await slaRow(ticket.id)).toBeUndefined();
    await target(admin.token, { queueId: q, resolutionMinutes: 15 });
    await runDue(new Date());
    expect(at((await slaRow(ticket.id)).resolutionDueAt)).toBe(created.getTime() + 15 * MIN);
  });
});
