import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { businessSeconds } from '../src/sla/business-time.js';
import { histogramPercentile, SLA_BUCKET_RATIO, type SecondsBucket } from '../src/sla/percentiles.js';
import { FIRST_RESPONSE_SECONDS, RESOLUTION_SECONDS } from '../src/sla/status-sql.js';
import { oldSlaDashboard, ordered, type ExactPercentiles, type OracleScope } from './sla-dashboard-oracle.js';
import { slaFixtures } from './sla-support.js';

/**
 * GET /dashboard/sla reads the per-day rollup (sla_daily, kept by triggers on ticket_sla and
 * ticket_metrics, plus the clocks still running read live). Its answer must equal the per-ticket query it
 * replaced (sla-dashboard-oracle.ts) for every count, for an admin and for a plain user's scope,
 * and its percentiles must be within the histogram's bound: 5 % (the bucket ratio 1.05 − 1) of the
 * exact percentile_cont, plus 1 s for intervals under a second and 0.5 s for the rounding.
 * Tickets are moved through the API, the sla.check timers run when the test says, and messages and
 * past instants are written in SQL as the other SLA tests do.
 */

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const MIN = 60000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const check = () => k.kernel.core.timedWork.runDue(new Date());
const { queue, connection, next } = slaFixtures(() => k, 0x500000);

const seed = Number(process.env.SLA_ROLLUP_SEED ?? Date.now() % 1_000_000);
let state = seed;
/** A small seeded generator (high bits of an LCG): a failure prints the seed that replays it (SLA_ROLLUP_SEED=…). */
function random(n: number): number {
  state = (state * 1103515245 + 12345) % 2147483648;
  return Math.floor((state / 2147483648) * n);
}
const pick = <T>(list: T[]): T => list[random(list.length)]!;

const spToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const lastDays = (days: number) => ({ from: addDays(spToday(), 1 - days), to: spToday() });

interface Tenant {
  id: number;
  adminToken: string;
  w: number;
  queues: number[];
}
interface Ticket {
  id: number;
  contactId: number;
  tenant: Tenant;
}

async function tenant(): Promise<Tenant> {
  const { company, admin } = await k.createCompany();
  return { id: company.id, adminToken: admin.token, w: await connection(company.id), queues: [] };
}

async function target(t: Tenant, queueId: number, firstResponseMinutes: number, resolutionMinutes: number) {
  const res = await k.api('POST', '/sla-targets', { token: t.adminToken, body: { queueId, firstResponseMinutes, resolutionMinutes } });
  expect(res.status).toBe(201);
}

async function agent(t: Tenant, queueIds: number[], showDashboard: boolean) {
  const u = await k.createUser(t.id, { profile: 'user' });
  await k.db('users').where({ id: u.user.id }).update({ showDashboard });
  if (queueIds.length) await k.db('userQueues').insert(queueIds.map((queueId) => ({ companyId: t.id, userId: u.user.id, queueId })));
  return { id: u.user.id as number, token: u.token as string, queueIds };
}

/** A contact's new ticket waiting in a queue since `createdAt` (as ingest leaves it). */
async function waiting(t: Tenant, queueId: number | null, createdAt: Date): Promise<Ticket> {
  const n = next();
  const [c] = await k.db('contacts').insert({ companyId: t.id, name: `Cliente ${n}`, number: `55219${String(30000000 + n)}`, channel: 'whatsapp' }).returning('id');
  const [row] = await k.db('tickets').insert({ companyId: t.id, whatsappId: t.w, contactId: c.id, queueId, status: 'pending', createdAt, updatedAt: createdAt }).returning('id');
  return { id: row.id, contactId: c.id, tenant: t };
}

const put = async (ticket: Ticket, body: Record<string, unknown>) => {
  const res = await k.api('PUT', `/tickets/${ticket.id}`, { token: ticket.tenant.adminToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const remove = async (ticket: Ticket) => expect((await k.api('DELETE', `/tickets/${ticket.id}`, { token: ticket.tenant.adminToken })).status).toBe(200);
/** An agent's message at `at` (the metrics trigger records the first one). */
const answer = (ticket: Ticket, userId: number, at: Date) =>
  k.db('messages').insert({
    companyId: ticket.tenant.id, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: ticket.tenant.w,
    body: 'Olá!', fromMe: true, userId, wid: `ROLLUP-${ticket.id}-${next()}`, createdAt: at,
  });
/** Closed at a past instant (the close the metrics record is the ticket's closed_at). */
const closedAt = (ticket: Ticket, at: Date) => k.db('tickets').where({ id: ticket.id }).update({ status: 'closed', closedAt: at });

function expectNear(api: ExactPercentiles, exact: ExactPercentiles) {
  for (const kind of ['firstResponse', 'resolution'] as const) {
    for (const p of ['p50', 'p90', 'p95'] as const) {
      const want = exact[kind][p];
      const got = api[kind][p];
      if (want === null) expect(got, `${kind} ${p}`).toBeNull();
      else expect(Math.abs(got! - want), `${kind} ${p}: ${got} vs exact ${want}`).toBeLessThanOrEqual((SLA_BUCKET_RATIO - 1) * Math.abs(want) + 1.5);
    }
  }
}

/**
 * The API's answer against the oracle's, the oracle read before and after it: a running clock that
 * falls due in between makes them differ, and the comparison is taken again.
 */
async function expectLikeOracle(t: Tenant, token: string, scope: OracleScope, range: { from: string; to: string }) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await oldSlaDashboard(k.db, t.id, scope, range);
    const res = await k.api('GET', `/dashboard/sla?date_from=${range.from}&date_to=${range.to}`, { token });
    const after = await oldSlaDashboard(k.db, t.id, scope, range);
    if (JSON.stringify(ordered(before.dashboard)) !== JSON.stringify(ordered(after.dashboard))) continue;
    expect(res.status).toBe(200);
    const { percentiles, ...counts } = res.body;
    expect(ordered(counts)).toEqual(ordered(before.dashboard));
    expectNear(percentiles, before.exact);
    return before;
  }
  throw new Error('the oracle kept changing under the comparison');
}

/**
 * The rollup's histograms bucket by bucket, exactly: each day's counts in sla_daily (summed over
 * queues and agents) and in sla_company_seconds equal the buckets of the raw seconds.
 */
async function expectExactHistograms(companyId: number) {
  const z = "'America/Sao_Paulo'";
  const lines = async (sql: string) =>
    ((await k.db.raw(sql, [companyId])).rows as { day: string; b: number; n: number }[]).map((r) => `${r.day} ${r.b} ${r.n}`).sort();
  const raw = await lines(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, b, count(*)::int AS n FROM (
       SELECT (s.started_at AT TIME ZONE ${z})::date AS day, sla_seconds_bucket(${FIRST_RESPONSE_SECONDS}) AS b
         FROM ticket_sla s JOIN ticket_metrics m ON m.ticket_id = s.ticket_id WHERE s.company_id = ?
       UNION ALL
       SELECT (s.started_at AT TIME ZONE ${z})::date, 1000 + sla_seconds_bucket(${RESOLUTION_SECONDS})
         FROM ticket_sla s JOIN ticket_metrics m ON m.ticket_id = s.ticket_id WHERE s.company_id = ${companyId}) x
     WHERE b IS NOT NULL GROUP BY 1, 2`,
  );
  const kept = (table: string) =>
    lines(`SELECT to_char(day, 'YYYY-MM-DD') AS day, b, sum(n)::int AS n FROM ${table}, unnest(buckets, counts) AS u(b, n)
           WHERE company_id = ? GROUP BY 1, 2 HAVING sum(n) <> 0`);
  expect(raw.length).toBeGreaterThan(0);
  expect(await kept('sla_daily')).toEqual(raw);
  expect(await kept('sla_company_seconds')).toEqual(raw);
}

describe('SLA dashboard from the per-day rollup', () => {
  it('equals the per-ticket query through met, breached, running, unanswered, reopened, transferred, reassigned and deleted tickets', async () => {
    const a = await tenant();
    const [q1, q2, q3] = [await queue(a.id), await queue(a.id), await queue(a.id)];
    a.queues = [q1, q2, q3];
    await target(a, q1, 30, 120);
    await target(a, q2, 10, 60);
    const a1 = await agent(a, [q1], true);
    const a2 = await agent(a, [q2], false);
    const T = Math.floor(Date.now() / 1000) * 1000;
    const at = (ms: number) => new Date(T + ms);

    const metMet = await waiting(a, q1, at(-2 * DAY));
    await put(metMet, { status: 'open', userId: a1.id });
    await answer(metMet, a1.id, at(-2 * DAY + 5 * MIN));
    await closedAt(metMet, at(-2 * DAY + 60 * MIN));

    const answeredLate = await waiting(a, q1, at(-DAY));
    await put(answeredLate, { status: 'open', userId: a1.id });
    await answer(answeredLate, a1.id, at(-DAY + 45 * MIN));
    await closedAt(answeredLate, at(-DAY + 100 * MIN));

    const stampedThenClosed = await waiting(a, q2, at(-3 * DAY));
    const closedUnanswered = await waiting(a, q1, at(-DAY - 3 * HOUR));
    await closedAt(closedUnanswered, at(-DAY - 3 * HOUR + 20 * MIN));
    const running = await waiting(a, q1, at(-5 * MIN));
    const reopened = await waiting(a, q2, at(-30 * MIN));
    await put(reopened, { status: 'open', userId: a2.id });
    await answer(reopened, a2.id, at(-25 * MIN));
    const transferred = await waiting(a, q1, at(-20 * HOUR));
    await put(transferred, { status: 'open', userId: a1.id });
    await answer(transferred, a1.id, at(-20 * HOUR + 8 * MIN));
    const reassigned = await waiting(a, q2, at(-2 * HOUR));
    await put(reassigned, { status: 'open', userId: a2.id });
    const deleted = await waiting(a, q1, at(-DAY));
    await answer(deleted, a1.id, at(-DAY + 5 * MIN));
    const dueUnchecked = await waiting(a, q2, at(-5 * MIN));
    const leavesTargets = await waiting(a, q1, at(-10 * MIN));
    const old = await waiting(a, q1, at(-20 * DAY));
    await answer(old, a1.id, at(-20 * DAY + 3 * MIN));
    await closedAt(old, at(-20 * DAY + 30 * MIN));
    const backToPending = await waiting(a, q1, at(-40 * MIN));
    await put(backToPending, { status: 'open', userId: a1.id });
    // The clocks start, and the breaches already due are stamped.
    await check();

    await put(stampedThenClosed, { status: 'closed' });
    await put(reopened, { status: 'closed' });
    await check();
    await put(reopened, { status: 'open', userId: a2.id });
    await put(transferred, { queueId: q2 });
    await put(reassigned, { userId: a1.id });
    await put(leavesTargets, { queueId: q3 });
    await put(backToPending, { status: 'pending', userId: null });
    await remove(deleted);
    await check();
    // Due while no check ran yet (the checker's lag): judged by the clock, as the per-ticket query does.
    await k.db('ticketSla').where({ ticketId: dueUnchecked.id }).update({ firstResponseDueAt: at(-MIN), resolutionDueAt: at(-MIN / 2) });

    // Another company with tickets like these, and one with none.
    const b = await tenant();
    const qb = await queue(b.id);
    await target(b, qb, 30, 120);
    const bAgent = await agent(b, [qb], true);
    const bMet = await waiting(b, qb, at(-2 * DAY));
    await put(bMet, { status: 'open', userId: bAgent.id });
    await answer(bMet, bAgent.id, at(-2 * DAY + 7 * MIN));
    await closedAt(bMet, at(-2 * DAY + 50 * MIN));
    await waiting(b, qb, at(-3 * DAY));
    await waiting(b, qb, at(-3 * MIN));
    await check();
    const c = await k.createCompany();

    // The clocks still running (read live): new, reopened, due but unchecked, back to pending.
    const unsettled = (await k.db('slaTicketFigures').where({ companyId: a.id }).where((w) => w.whereNotNull('firstResponseDueAt').orWhereNotNull('resolutionDueAt')).select('ticketId'))
      .map((r: { ticketId: number }) => r.ticketId)
      .sort((x, y) => x - y);
    expect(unsettled).toEqual([running.id, reopened.id, dueUnchecked.id, backToPending.id].sort((x, y) => x - y));
    expect(await k.db('ticketSla').where({ ticketId: leavesTargets.id }).first()).toBeUndefined();

    const month = await expectLikeOracle(a, a.adminToken, { admin: true }, lastDays(30));
    // met: in time, reopened (answered first), transferred (answered within the new queue's target), old;
    // breached: late, stamped then closed, reassigned (stamped), due unchecked, back to pending (stamped);
    // the unanswered close has no first-response verdict.
    expect(month.dashboard.firstResponse).toEqual({ met: 4, breached: 5, running: 1 });
    expect(month.dashboard.resolution).toEqual({ met: 4, breached: 4, running: 3 });
    expect(month.exact.firstResponse.p50).not.toBeNull();
    const week = await expectLikeOracle(a, a.adminToken, { admin: true }, lastDays(7));
    expect(week.dashboard.byDay.length).toBeLessThan(month.dashboard.byDay.length);
    await expectLikeOracle(a, a.adminToken, { admin: true }, lastDays(1));
    const mine = await expectLikeOracle(a, a1.token, { admin: false, userId: a1.id, queueIds: a1.queueIds, allTicket: false }, lastDays(30));
    expect(mine.dashboard.firstResponse.met + mine.dashboard.firstResponse.breached).toBeLessThan(
      month.dashboard.firstResponse.met + month.dashboard.firstResponse.breached,
    );

    const other = await expectLikeOracle(b, b.adminToken, { admin: true }, lastDays(30));
    expect(other.dashboard.firstResponse).toEqual({ met: 1, breached: 1, running: 1 });
    const none = await k.api('GET', '/dashboard/sla?days=30', { token: c.admin.token });
    expect(none.body).toMatchObject({ firstResponse: { met: 0, breached: 0, running: 0 }, resolution: { met: 0, breached: 0, running: 0 }, byDay: [], byQueue: [], byUser: [] });
    expect(none.body.percentiles.firstResponse).toEqual({ p50: null, p90: null, p95: null });
    // The rollup's rows hold one company's tickets each: its ticket count is the company's SLA rows.
    await expectExactHistograms(a.id);
    await expectExactHistograms(b.id);
    const kept = await k.db('slaDaily').where({ companyId: a.id }).sum({ n: 'tickets' }).first();
    const pairs = await k.db('ticketSla as s').join('ticketMetrics as m', 'm.ticketId', 's.ticketId').where('s.companyId', a.id).count({ n: '*' }).first();
    expect(Number(kept?.n)).toBe(Number(pairs?.n));
  });
  it(`stays equal under concurrent traffic and checks (seed ${seed})`, async () => {
    const tenants: { t: Tenant; agents: { id: number; token: string; queueIds: number[] }[]; tickets: (Ticket & { createdAt: number })[] }[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await tenant();
      t.queues = [await queue(t.id), await queue(t.id), await queue(t.id)];
      await target(t, t.queues[0]!, 30, 120);
      await target(t, t.queues[1]!, 10, 60);
      tenants.push({ t, agents: [await agent(t, [t.queues[0]!], true), await agent(t, [t.queues[1]!], true)], tickets: [] });
    }
    /** A move the API may refuse (a transition it does not allow) but must never fail on. */
    const tryPut = async (ticket: Ticket, body: Record<string, unknown>) => {
      const res = await k.api('PUT', `/tickets/${ticket.id}`, { token: ticket.tenant.adminToken, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    };

    async function step() {
      const c = pick(tenants);
      const userId = pick(c.agents).id;
      if (c.tickets.length < 4 || random(4) === 0) {
        const createdAt = Date.now() - random(10 * DAY);
        c.tickets.push({ ...(await waiting(c.t, pick(c.t.queues.slice(0, 2)), new Date(createdAt))), createdAt });
        return;
      }
      // Taken out while it moves: two steps at once never touch one ticket (the checks may).
      const ticket = c.tickets.splice(random(c.tickets.length), 1)[0]!;
      const later = () => new Date(Math.min(Date.now(), ticket.createdAt + random(4 * HOUR)));
      switch (random(10)) {
        case 0: await tryPut(ticket, { status: 'open', userId }); break;
        case 1: await answer(ticket, userId, later()); break;
        case 2: await closedAt(ticket, later()); break;
        case 3: await tryPut(ticket, { status: 'closed' }); break;
        case 4: await tryPut(ticket, { status: 'pending', userId: null }); break;
        case 5: await tryPut(ticket, { queueId: pick(c.t.queues) }); break;
        case 6: await tryPut(ticket, { userId }); break;
        case 7: // clocks moved a day back (the next check puts them right): the rollup row of another day
          await k.db('ticketSla').where({ ticketId: ticket.id }).update({
            startedAt: k.db.raw("started_at - interval '1 day'"),
            firstResponseDueAt: k.db.raw("first_response_due_at - interval '1 day'"),
            resolutionDueAt: k.db.raw("resolution_due_at - interval '1 day'"),
          });
          break;
        case 8: await tryPut(ticket, { status: 'open', userId }); await answer(ticket, userId, later()); break;
        default:
          expect((await k.api('DELETE', `/tickets/${ticket.id}`, { token: ticket.tenant.adminToken })).status).toBe(200);
          return;
      }
      c.tickets.push(ticket);
    }

    for (let round = 0; round < 16; round++) await Promise.all([check(), ...Array.from({ length: 6 }, () => step())]);
    // No check and no ticket change deadlocked (a failed check keeps its error; a failed API call failed above).
    // A check that read a ticket being deleted fails on ticket_sla's foreign key and is retried: that is not this.
    expect(await k.db('timedWork').where({ kind: 'sla.check' }).whereILike('lastError', '%deadlock%').select('key', 'lastError')).toEqual([]);
    for (const { t, agents } of tenants) {
      await expectExactHistograms(t.id);
      const month = await expectLikeOracle(t, t.adminToken, { admin: true }, lastDays(30));
      expect(month.dashboard.byDay.length).toBeGreaterThan(0);
      await expectLikeOracle(t, t.adminToken, { admin: true }, lastDays(5));
      await expectLikeOracle(t, agents[0]!.token, { admin: false, userId: agents[0]!.id, queueIds: agents[0]!.queueIds, allTicket: false }, lastDays(30));
    }
  });
  it('measures the percentiles on the targets\' clock: business seconds when the company hours apply', async () => {
    // Weekdays 09:00–18:00 (São Paulo). Tickets start on a Friday at least a week ago, before closing time.
    const t = await tenant();
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({ weekdayEn, startTimeA: '09:00', endTimeA: '18:00', startTimeB: '', endTimeB: '' }));
    await k.db('companies').where({ id: t.id }).update({ schedules: JSON.stringify(days) });
    expect((await k.api('PUT', '/settings/scheduleType', { token: t.adminToken, body: { value: 'company' } })).status).toBe(200);
    const q = await queue(t.id);
    await target(t, q, 30, 60); // resolution: a takes 70 business minutes (breached), b 50 (met)
    const sp = (local: string) => new Date(`${local}-03:00`);
    let friday = addDays(spToday(), -8);
    while (new Date(`${friday}T12:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, -1);
    const monday = addDays(friday, 3);
    const a = await waiting(t, q, sp(`${friday}T17:50:00`));
    const b = await waiting(t, q, sp(`${friday}T17:40:00`));
    const user = await agent(t, [q], false);
    await check();
    // a: answered Monday 09:20 (10 + 20 = 30 business minutes), closed 10:00; b: answered Friday 17:45, closed Monday 09:30.
    await answer(a, user.id, sp(`${monday}T09:20:00`));
    await answer(b, user.id, sp(`${friday}T17:45:00`));
    await closedAt(a, sp(`${monday}T10:00:00`));
    await closedAt(b, sp(`${monday}T09:30:00`));
    await check();
    const measured = await k.db('ticketSla').whereIn('ticketId', [a.id, b.id]).orderBy('ticketId').select('firstResponseSeconds', 'resolutionSeconds');
    expect(measured).toEqual([
      { firstResponseSeconds: 1800, resolutionSeconds: 4200 },
      { firstResponseSeconds: 300, resolutionSeconds: 3000 },
    ]);
    // The verdicts use the same clock: a's first answer is met at exactly 30 business minutes.
    const res = await k.api('GET', `/dashboard/sla?date_from=${friday}&date_to=${spToday()}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.firstResponse).toEqual({ met: 2, breached: 0, running: 0 });
    expect(res.body.resolution).toEqual({ met: 1, breached: 1, running: 0 });
    // Two values in two buckets: the median is the mean of the two exact values, far from the calendar ~2.6 days.
    expect(res.body.percentiles.firstResponse.p50).toBeCloseTo((1800 + 300) / 2, 0);
    expect(res.body.percentiles.resolution.p50).toBeCloseTo((4200 + 3000) / 2, 0);
    await expectExactHistograms(t.id);
    await expectLikeOracle(t, t.adminToken, { admin: true }, { from: friday, to: spToday() });

    // The hours change: the next check measures again (the answer and close stay where they were).
    await k.db('companies').where({ id: t.id }).update({ schedules: JSON.stringify(days.map((d) => ({ ...d, startTimeA: '09:10' }))) });
    await k.db('timedWork').insert({ kind: 'sla.check', key: `ticket:${a.id}`, companyId: t.id, dueAt: new Date(), payload: { ticketId: a.id } }).onConflict(['kind', 'key']).merge({ dueAt: new Date() });
    await check();
    const again = await k.db('ticketSla').where({ ticketId: a.id }).first('firstResponseSeconds');
    expect(again.firstResponseSeconds).toBe(businessSeconds(sp(`${friday}T17:50:00`), sp(`${monday}T09:20:00`), days.map((d) => ({ ...d, startTimeA: '09:10' }))));
    expect(again.firstResponseSeconds).toBe(1200);
    await expectExactHistograms(t.id);
  });

  it('estimates percentile_cont within 5 % (plus 1 s under a second) from the rollup\'s buckets', async () => {
    const logUniform = (min: number, max: number) => Math.exp(Math.log(min) + (random(1_000_000) / 1_000_000) * (Math.log(max) - Math.log(min)));
    const edges = Array.from({ length: 120 }, (_, i) => [SLA_BUCKET_RATIO ** i, SLA_BUCKET_RATIO ** i * 0.99999]).flat();
    const sets: number[][] = [
      Array.from({ length: 1500 }, () => logUniform(0.2, 40 * 86400)),
      Array.from({ length: 200 }, () => 60 * (1 + random(30))),
      edges,
      [0, 0.4, 0.9, 1, 2, 3],
      [5, 86400 * 20],
      [300],
    ];
    for (const values of sets) {
      const { rows } = await k.db.raw(
        `WITH v AS (SELECT x FROM unnest(?::float8[]) AS x)
         SELECT (SELECT json_agg(json_build_object('bucket', b, 'count', n, 'sum', s)) FROM
                   (SELECT sla_seconds_bucket(x) AS b, count(*)::int AS n, sum(x) AS s FROM v GROUP BY 1) h) AS buckets,
                (SELECT json_agg(p ORDER BY p) FROM unnest(ARRAY[0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1]) AS p) AS ps,
                (SELECT percentile_cont(ARRAY[0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1]::float8[]) WITHIN GROUP (ORDER BY x) FROM v) AS exact`,
        [values],
      );
      const { buckets, ps, exact } = rows[0] as { buckets: SecondsBucket[]; ps: number[]; exact: number[] };
      ps.forEach((p, i) => {
        const got = histogramPercentile(buckets, p)!;
        expect(Math.abs(got - exact[i]!), `p${p * 100} of ${values.length} values: ${got} vs ${exact[i]}`).toBeLessThanOrEqual((SLA_BUCKET_RATIO - 1) * exact[i]! + 1);
      });
    }
    // Equal values in a bucket give the exact value back (one ticket, or answers all at the same second).
    expect(histogramPercentile([{ bucket: 117, count: 3, sum: 900 }], 0.95)).toBe(300);
    expect(histogramPercentile([], 0.5)).toBeNull();
  });
});
