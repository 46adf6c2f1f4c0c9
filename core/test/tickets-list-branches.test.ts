import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

/**
 * GET /tickets reads the caller's visibility as disjoint branches (own; unassigned per queue;
 * unassigned without queue) merged in (updated_at desc, id desc) order. Whatever the caller and the
 * filters, every page walk (cursor or pageNumber) must give exactly the visible, matching tickets in
 * that order, each once: checked here against the rule of inbox.md §6 applied in memory.
 */
let k: TestKernel;
let c: TestCompany;
let conn: number;
let q1: number;
let q2: number;
let q3: number;
let agent: TestUser;
let other: TestUser;
let rows: Ticket[];

interface Ticket {
  id: number;
  userId: number | null;
  queueId: number | null;
  status: string;
  whatsappId: number;
  updatedAt: Date;
}

const STATUSES = ['pending', 'open', 'closed', 'group'];

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const db = k.db;
  const companyId = c.company.id;
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await db('whatsapps').insert({ companyId, name: 'Line', channel: 'whatsapp', token }).returning('id'))[0].id;
  [q1, q2, q3] = (await db('queues').insert([1, 2, 3].map((i) => ({ companyId, name: `Q${i}`, color: `#10101${i}` }))).returning('id')).map((r) => r.id);
  agent = await k.createUser(companyId, { name: 'Agent' });
  other = await k.createUser(companyId, { name: 'Other' });
  await db('users').where({ id: agent.user.id }).update({ allTicket: 'enable' });
  await db('userQueues').insert([q1, q2].map((queueId) => ({ companyId, userId: agent.user.id, queueId })));

  const users = [null, agent.user.id, other.user.id, c.admin.user.id];
  const queues = [null, q1, q2, q3];
  const base = Date.now() - 86_400_000;
  const contacts = await db('contacts')
    .insert(Array.from({ length: 240 }, (_, i) => ({ companyId, name: `C${i}`, number: `55119000${String(i).padStart(5, '0')}`, channel: 'whatsapp' })))
    .returning('id');
  const inserted: Ticket[] = await db('tickets')
    .insert(
      contacts.map(({ id }: { id: number }, i: number) => ({
        companyId,
        contactId: id,
        whatsappId: conn,
        userId: users[i % 4],
        queueId: queues[Math.floor(i / 4) % 4],
        status: STATUSES[Math.floor(i / 16) % 4],
        // Triples share a timestamp so the id breaks ties across branches too.
        updatedAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    )
    .returning(['id', 'userId', 'queueId', 'status', 'whatsappId', 'updatedAt']);
  rows = inserted;
});
afterAll(async () => k?.close());

const newestFirst = (a: Ticket, b: Ticket) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;

function agentSees(t: Ticket): boolean {
  if (t.userId === agent.user.id) return true;
  if (t.userId !== null) return false;
  return t.queueId === null || [q1, q2].includes(t.queueId);
}

async function walkByCursor(token: string, query: string): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const res: any = await k.api('GET', `/tickets?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.body.tickets.map((t: { id: number }) => t.id));
    cursor = res.body.nextCursor;
  } while (cursor);
  return seen;
}

async function walkByPage(token: string, query: string): Promise<number[]> {
  const seen: number[] = [];
  for (let page = 1; ; page++) {
    const res: any = await k.api('GET', `/tickets?${query}&pageNumber=${page}`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.body.tickets.map((t: { id: number }) => t.id));
    if (!res.body.hasMore) return seen;
  }
}

const list = (values: (number | string | null)[]) => encodeURIComponent(JSON.stringify(values));

describe('GET /tickets visibility branches', () => {
  const cases: [string, () => string, (t: Ticket) => boolean][] = [
    ['no filter', () => '', () => true],
    ['status=pending', () => 'status=pending', (t) => t.status === 'pending'],
    ['status=open', () => 'status=open', (t) => t.status === 'open'],
    ['statusFilter open+closed', () => `statusFilter=${list(['open', 'closed'])}`, (t) => ['open', 'closed'].includes(t.status)],
    ['queueIds q1 + no queue', () => `queueIds=${list([q1, 0])}`, (t) => t.queueId === q1 || t.queueId === null],
    ['queueIds q3 (not theirs)', () => `queueIds=${list([q3])}`, (t) => t.queueId === q3],
    ['users: themselves', () => `users=${list([agent.user.id])}`, (t) => t.userId === agent.user.id],
    ['users: someone else', () => `users=${list([other.user.id])}`, (t) => t.userId === other.user.id],
    ['pending in q2', () => `status=pending&queueIds=${list([q2])}`, (t) => t.status === 'pending' && t.queueId === q2],
  ];

  for (const [label, query, matches] of cases) {
    it(`an agent (two queues, allTicket), ${label}: every visible ticket once, newest first, by cursor and by page`, async () => {
      const expected = rows.filter((t) => agentSees(t) && matches(t)).sort(newestFirst).map((t) => t.id);
      expect(await walkByCursor(agent.token, query())).toEqual(expected);
      expect(await walkByPage(agent.token, query())).toEqual(expected);
    });
  }

  it('an admin’s default view is their own and the unassigned tickets; showAll is every ticket', async () => {
    const own = rows.filter((t) => t.userId === c.admin.user.id || t.userId === null);
    expect(await walkByCursor(c.admin.token, 'status=open')).toEqual(own.filter((t) => t.status === 'open').sort(newestFirst).map((t) => t.id));
    expect(await walkByCursor(c.admin.token, `statusFilter=${list(['pending', 'group'])}`)).toEqual(
      own.filter((t) => ['pending', 'group'].includes(t.status)).sort(newestFirst).map((t) => t.id),
    );
    expect(await walkByCursor(c.admin.token, 'showAll=true')).toEqual([...rows].sort(newestFirst).map((t) => t.id));
    expect(await walkByPage(c.admin.token, `showAll=true&users=${list([other.user.id])}`)).toEqual(
      rows.filter((t) => t.userId === other.user.id).sort(newestFirst).map((t) => t.id),
    );
  });

  it('an agent without queues nor allTicket sees only their own tickets', async () => {
    const loner = await k.createUser(c.company.id, { name: 'Loner' });
    await k.db('tickets').whereIn('id', rows.slice(0, 3).map((t) => t.id)).update({ userId: loner.user.id });
    try {
      expect((await walkByCursor(loner.token, '')).sort()).toEqual(rows.slice(0, 3).map((t) => t.id).sort());
      expect(await walkByCursor(loner.token, `users=${list([other.user.id])}`)).toEqual([]);
    } finally {
      for (const t of rows.slice(0, 3)) await k.db('tickets').where({ id: t.id }).update({ userId: t.userId });
    }
  });
});
