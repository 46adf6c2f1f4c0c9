import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

/**
 * ticket_daily (the dashboard's per-day totals) against the raw ticket_metrics rows after random
 * traffic: tickets created, accepted, transferred, closed, reopened, rated, moved to other days
 * and deleted, several transactions at once, in two companies. The totals are kept by a trigger,
 * so SQL traffic on tickets exercises exactly what every path of the product does.
 */
let k: TestKernel;
const seed = Number(process.env.DAILY_SEED ?? Date.now() % 1_000_000);
let state = seed;
/** A small seeded generator: a failure prints the seed that replays it (DAILY_SEED=…). */
function random(n: number): number {
  state = (state * 1103515245 + 12345) % 2147483648;
  // The high bits: an LCG's low bits cycle (the lowest alternates), so `state % 2` once picked one company every time.
  return Math.floor((state / 2147483648) * n);
}
const pick = <T>(list: T[]): T => list[random(list.length)];

interface Company {
  id: number;
  whatsappId: number;
  queues: (number | null)[];
  users: (number | null)[];
  tickets: number[];
}
const companies: Company[] = [];
let seq = 0;

async function setupCompany(): Promise<Company> {
  const { company } = await k.createCompany({ dueDate: '2999-12-31' });
  const token = randomBytes(15).toString('hex').toUpperCase();
  const [w] = await k.db('whatsapps').insert({ companyId: company.id, name: 'Linha', channel: 'whatsapp', token }).returning('id');
  const queues = (await k.db('queues').insert([1, 2].map((i) => ({ companyId: company.id, name: `Fila ${i}`, color: `#00${i}0${i}0` }))).returning('id')).map((r) => r.id);
  const users: number[] = [];
  for (let i = 0; i < 3; i++) users.push((await k.createUser(company.id, { profile: 'user', name: `Agente ${i}` })).user.id);
  return { id: company.id, whatsappId: w.id, queues: [...queues, null], users: [...users, null], tickets: [] };
}

/** A random instant in the last 40 days, so the totals spread over many São Paulo days. */
const someDay = () => new Date(Date.now() - random(40 * 24) * 3600_000 - random(3600) * 1000);

async function createTicket(c: Company): Promise<void> {
  const [contact] = await k.db('contacts').insert({ companyId: c.id, name: `C${++seq}`, number: `5511${String(900000000 + seq)}`, channel: 'whatsapp' }).returning('id');
  const status = pick(['pending', 'open', 'closed']);
  const [t] = await k
    .db('tickets')
    .insert({ companyId: c.id, whatsappId: c.whatsappId, contactId: contact.id, status, queueId: pick(c.queues), userId: status === 'pending' ? null : pick(c.users), createdAt: someDay() })
    .returning('id');
  c.tickets.push(t.id);
}

async function moveTicket(c: Company): Promise<void> {
  if (!c.tickets.length) return;
  // Taken out while it moves, so no concurrent step deletes it under a rating.
  const id = c.tickets.splice(random(c.tickets.length), 1)[0];
  const ticket = await k.db('tickets').where({ id }).first('status', 'contactId');
  const deleted = await moveOne(c, id, ticket);
  if (!deleted) c.tickets.push(id);
}

async function moveOne(c: Company, id: number, ticket: { status: string; contactId: number }): Promise<boolean> {
  switch (random(7)) {
    case 0: // accept
      await k.db('tickets').where({ id }).update({ status: 'open', userId: pick(c.users.filter((u) => u !== null)) });
      break;
    case 1: // transfer
      await k.db('tickets').where({ id }).update({ queueId: pick(c.queues), userId: pick(c.users) });
      break;
    case 2: // close
      await k.db('tickets').where({ id }).update({ status: 'closed' });
      break;
    case 3: // reopen or back to pending
      await k.db('tickets').where({ id }).update({ status: pick(['open', 'pending']), userId: ticket.status === 'pending' ? null : pick(c.users) });
      break;
    case 4: // rate
      await k.db('ticketRatings').insert({ companyId: c.id, ticketId: id, contactId: ticket.contactId, userId: pick(c.users), rate: 1 + random(5), answeredAt: someDay() });
      break;
    case 5: // instants moved to other days (as the fixtures of the other dashboard tests do)
      await k.db('ticketMetrics').where({ ticketId: id }).update({
        createdAt: someDay(),
        closedAt: ticket.status === 'closed' ? someDay() : null,
        firstAcceptedAt: random(2) ? someDay() : null,
        waitSeconds: random(2) ? random(5000) : null,
        firstUserId: pick(c.users),
        supportSeconds: random(9000),
        isLead: random(2) === 0,
      });
      break;
    default: // delete
      await k.db('tickets').where({ id }).delete();
      return true;
  }
  return false;
}

/** The totals the trigger must have kept, computed from ticket_metrics as the raw queries did. */
async function expectedTotals(companyId: number) {
  const z = "'America/Sao_Paulo'";
  const { rows } = await k.db.raw(
    `SELECT 1 AS kind, (created_at AT TIME ZONE ${z})::date AS day, queue_id, user_id, NULL::int AS by_user_id,
            count(*)::int AS tickets, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status IN ('open', 'group') AND user_id IS NOT NULL)::int AS happening,
            count(*) FILTER (WHERE is_lead)::int AS leads, 0 AS finished, 0 AS without_agent, 0::float AS support_sum,
            0 AS wait_n, 0::float AS wait_sum, 0 AS rate_sum, 0 AS good, 0 AS neutral, 0 AS bad
       FROM ticket_metrics WHERE company_id = ? GROUP BY 1, 2, 3, 4, 5
     UNION ALL
     SELECT 2, (closed_at AT TIME ZONE ${z})::date, queue_id, user_id, NULL::int, count(*)::int, 0, 0, 0,
            count(*) FILTER (WHERE first_accepted_at IS NOT NULL)::int, count(*) FILTER (WHERE first_accepted_at IS NULL)::int,
            coalesce(sum(support_seconds) FILTER (WHERE first_accepted_at IS NOT NULL), 0), 0, 0, 0, 0, 0, 0
       FROM ticket_metrics WHERE company_id = ? AND closed_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5
     UNION ALL
     SELECT 3, (first_accepted_at AT TIME ZONE ${z})::date, queue_id, user_id, first_user_id, 0, 0, 0, 0, 0, 0, 0,
            count(*)::int, sum(wait_seconds), 0, 0, 0, 0
       FROM ticket_metrics WHERE company_id = ? AND first_accepted_at IS NOT NULL AND wait_seconds IS NOT NULL GROUP BY 1, 2, 3, 4, 5
     UNION ALL
     SELECT 4, (rated_at AT TIME ZONE ${z})::date, queue_id, user_id, rated_user_id, count(*)::int, 0, 0, 0, 0, 0, 0, 0, 0,
            sum(rate)::int, count(*) FILTER (WHERE rate = 5)::int, count(*) FILTER (WHERE rate = 4)::int, count(*) FILTER (WHERE rate <= 3)::int
       FROM ticket_metrics WHERE company_id = ? AND rated_at IS NOT NULL AND rate IS NOT NULL GROUP BY 1, 2, 3, 4, 5`,
    [companyId, companyId, companyId, companyId],
  );
  return normalise(rows);
}

async function keptTotals(companyId: number) {
  const { rows } = await k.db.raw(
    `SELECT kind, day, queue_id, user_id, by_user_id, sum(tickets)::int AS tickets, sum(pending)::int AS pending,
            sum(happening)::int AS happening, sum(leads)::int AS leads, sum(finished)::int AS finished,
            sum(without_agent)::int AS without_agent, sum(support_sum) AS support_sum, sum(wait_n)::int AS wait_n,
            sum(wait_sum) AS wait_sum, sum(rate_sum)::int AS rate_sum, sum(good)::int AS good, sum(neutral)::int AS neutral, sum(bad)::int AS bad
       FROM ticket_daily WHERE company_id = ? GROUP BY 1, 2, 3, 4, 5`,
    [companyId],
  );
  return normalise(rows);
}

/** One line per non-empty group, sums rounded (the kept sums are added and taken back in floating point). */
function normalise(rows: Record<string, unknown>[]): string[] {
  return rows
    .map((r) => {
      const day = r.day instanceof Date ? r.day.toISOString().slice(0, 10) : String(r.day);
      const values = ['tickets', 'pending', 'happening', 'leads', 'finished', 'withoutAgent', 'supportSum', 'waitN', 'waitSum', 'rateSum', 'good', 'neutral', 'bad'].map((key) =>
        Math.round(Number(r[key] ?? 0) * 1000) / 1000,
      );
      return values.every((v) => v === 0) ? null : [r.kind, day, r.queueId, r.userId, r.byUserId, ...values].join('|');
    })
    .filter((line): line is string => line !== null)
    .sort();
}

beforeAll(async () => {
  k = await createTestKernel();
  companies.push(await setupCompany(), await setupCompany());
});

afterAll(async () => {
  await k?.close();
});

describe('ticket_daily', () => {
  it(`matches the raw ticket_metrics after random traffic (seed ${seed})`, async () => {
    for (let round = 0; round < 12; round++) {
      // Several transactions at once, on both companies: the totals' rows are shared between tickets.
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const c = pick(companies);
          if (random(3) === 0 || c.tickets.length < 5) await createTicket(c);
          else await moveTicket(c);
        }),
      );
    }
    for (const c of companies) {
      const expected = await expectedTotals(c.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await keptTotals(c.id)).toEqual(expected);
    }
  });

  it('takes a deleted company with it and never mixes companies', async () => {
    const [a, b] = companies;
    const foreign = await k.db('ticketDaily').where({ companyId: a.id }).whereIn('userId', b.users.filter((u): u is number => u !== null)).count({ n: '*' }).first();
    expect(Number(foreign?.n)).toBe(0);
  });
});
