import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { TICKETS_PAGE_SIZE, TicketEvents } from '@guiche/contracts';
import plugin from '../src/plugin.js';

/** GET /ticket/kanban, POST /ticket/kanban/move, GET /ticket/kanban/counts (outreach-config.md §2, §4 Kanban, §6). */

let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [plugin] });
});
afterAll(async () => k?.close());

async function connection(companyId: number): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token }).returning('id');
  return row.id;
}
async function queue(companyId: number): Promise<number> {
  const [row] = await k.db('queues').insert({ companyId, name: `Queue ${++seq}`, color: `#${(0x100000 + ++seq).toString(16)}` }).returning('id');
  return row.id;
}
async function ticket(companyId: number, whatsappId: number, fields: Record<string, unknown> = {}): Promise<{ id: number; uuid: string }> {
  const [c] = await k.db('contacts').insert({ companyId, name: `Contact ${++seq}`, number: `55119${10000000 + seq}`, channel: 'whatsapp' }).returning('id');
  const [row] = await k.db('tickets').insert({ companyId, whatsappId, contactId: c.id, status: 'pending', ...fields }).returning('*');
  return row;
}
async function tag(companyId: number, name: string, kanban = true): Promise<number> {
  const [row] = await k.db('tags').insert({ companyId, name, color: '#112233', kanban }).returning('id');
  return row.id;
}
async function agent(companyId: number, queueIds: number[]): Promise<TestUser> {
  const u = await k.createUser(companyId, { profile: 'user' });
  if (queueIds.length) await k.db('userQueues').insert(queueIds.map((queueId) => ({ companyId, userId: u.user.id, queueId })));
  return u;
}
const tagIdsOf = async (ticketId: number): Promise<number[]> =>
  ((await k.db('ticketTags').where({ ticketId }).orderBy('tagId').select('tagId')) as { tagId: number }[]).map((r) => r.tagId);
const laneIds = async (token: string, lane?: number, extra = '') => {
  const res = await k.api('GET', `/ticket/kanban?${lane === undefined ? '' : `lane=${lane}`}${extra}`, { token });
  expect(res.status).toBe(200);
  return (res.body.tickets as { id: number }[]).map((t) => t.id).sort((a, b) => a - b);
};

describe('kanban board', () => {
  let c: TestCompany;
  let conn: number;
  let q1: number;
  let q2: number;
  let inQ1: TestUser;
  let lane: number;
  let lane2: number;
  let plain: number;
  const t: Record<string, { id: number; uuid: string }> = {};

  beforeAll(async () => {
    c = await k.createCompany({ planFlags: { useKanban: true } });
    conn = await connection(c.company.id);
    q1 = await queue(c.company.id);
    q2 = await queue(c.company.id);
    inQ1 = await agent(c.company.id, [q1]);
    lane = await tag(c.company.id, 'Em negociação');
    lane2 = await tag(c.company.id, 'Fechamento');
    plain = await tag(c.company.id, 'VIP', false);
    t.q1 = await ticket(c.company.id, conn, { queueId: q1 });
    t.q1Lane = await ticket(c.company.id, conn, { queueId: q1, status: 'open', userId: inQ1.user.id });
    t.q2 = await ticket(c.company.id, conn, { queueId: q2 });
    t.closed = await ticket(c.company.id, conn, { queueId: q1, status: 'closed' });
    await k.db('ticketTags').insert([
      { companyId: c.company.id, ticketId: t.q1Lane.id, tagId: lane },
      { companyId: c.company.id, ticketId: t.q1.id, tagId: plain },
      { companyId: c.company.id, ticketId: t.closed.id, tagId: lane },
    ]);
  });

  it('lists the default lane (no kanban tag) and each kanban lane, without closed tickets', async () => {
    expect(await laneIds(c.admin.token, 0)).toEqual([t.q1.id, t.q2.id]);
    expect(await laneIds(c.admin.token, lane)).toEqual([t.q1Lane.id]);
    expect(await laneIds(c.admin.token, lane2)).toEqual([]);
    expect(await laneIds(c.admin.token)).toEqual([t.q1.id, t.q1Lane.id, t.q2.id]);
    const card = (await k.api('GET', `/ticket/kanban?lane=${lane}`, { token: c.admin.token })).body.tickets[0];
    expect(card).toMatchObject({ uuid: t.q1Lane.uuid, contact: { name: expect.any(String), number: expect.any(String) }, tags: [{ id: lane }] });
  });

  it('scopes a user to the tickets of their queues like the ticket list, and narrows by queueIds', async () => {
    expect(await laneIds(inQ1.token)).toEqual([t.q1.id, t.q1Lane.id]);
    expect(await laneIds(inQ1.token, 0)).toEqual([t.q1.id]);
    expect(await laneIds(c.admin.token, undefined, `&queueIds=${encodeURIComponent(JSON.stringify([q2]))}`)).toEqual([t.q2.id]);
    expect((await k.api('GET', '/ticket/kanban?queueIds=nope', { token: c.admin.token })).status).toBe(400);
  });

  it('a lane that is not a kanban tag of the company is 404', async () => {
    expect((await k.api('GET', `/ticket/kanban?lane=${plain}`, { token: c.admin.token })).body).toEqual({ error: 'ERR_NO_TAG_FOUND' });
    const other = await k.createCompany({ planFlags: { useKanban: true } });
    const foreign = await tag(other.company.id, 'Alheia');
    expect((await k.api('GET', `/ticket/kanban?lane=${foreign}`, { token: c.admin.token })).status).toBe(404);
  });

  it('moves a card in one request: the source lane tag goes, the destination comes, plain tags stay, viewers are told', async () => {
    const target = await ticket(c.company.id, conn, { queueId: q1 });
    await k.db('ticketTags').insert([
      { companyId: c.company.id, ticketId: target.id, tagId: lane },
      { companyId: c.company.id, ticketId: target.id, tagId: plain },
    ]);
    const socket = await k.socket(c.admin.token);
    try {
      const told = nextEvent(socket, TicketEvents.ticket(c.company.id), (p: any) => p.ticket?.id === target.id);
      const res = await k.api('POST', '/ticket/kanban/move', { token: inQ1.token, body: { ticketId: target.id, tagId: lane2 } });
      expect(res.status).toBe(200);
      expect(res.body.tags.map((x: { id: number }) => x.id).sort()).toEqual([lane2, plain].sort());
      expect(await tagIdsOf(target.id)).toEqual([lane2, plain].sort((a, b) => a - b));
      expect(((await told) as any).ticket.tags.map((x: { id: number }) => x.id).sort()).toEqual([lane2, plain].sort());
    } finally {
      socket.close();
    }
    const back = await k.api('POST', '/ticket/kanban/move', { token: c.admin.token, body: { ticketId: target.id, tagId: null } });
    expect(back.body.tags.map((x: { id: number }) => x.id)).toEqual([plain]);
    expect(await laneIds(c.admin.token, 0)).toContain(target.id);
  });

  it('a failed move changes nothing (plain tag, unknown tag, another company, invisible ticket)', async () => {
    const before = await tagIdsOf(t.q1Lane.id);
    expect(before).toEqual([lane]);
    for (const tagId of [plain, 999999]) {
      const res = await k.api('POST', '/ticket/kanban/move', { token: c.admin.token, body: { ticketId: t.q1Lane.id, tagId } });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
      expect(await tagIdsOf(t.q1Lane.id)).toEqual(before);
    }
    const other = await k.createCompany({ planFlags: { useKanban: true } });
    const foreignTag = await tag(other.company.id, 'Outra');
    expect((await k.api('POST', '/ticket/kanban/move', { token: c.admin.token, body: { ticketId: t.q1Lane.id, tagId: foreignTag } })).status).toBe(404);
    expect((await k.api('POST', '/ticket/kanban/move', { token: other.admin.token, body: { ticketId: t.q1Lane.id, tagId: foreignTag } })).body).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    // inQ1 cannot see q2's ticket.
    expect((await k.api('POST', '/ticket/kanban/move', { token: inQ1.token, body: { ticketId: t.q2.id, tagId: lane } })).status).toBe(404);
    expect(await tagIdsOf(t.q2.id)).toEqual([]);
    expect((await k.api('POST', '/ticket/kanban/move', { token: c.admin.token, body: { ticketId: 'x', tagId: lane } })).status).toBe(400);
    expect(await tagIdsOf(t.q1Lane.id)).toEqual(before);
  });

  it('counts tickets per kanban tag', async () => {
    const res = await k.api('GET', '/ticket/kanban/counts', { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body[lane]).toBe(2);
    expect(res.body[plain]).toBeUndefined();
  });

  it('pages a lane by cursor, newest activity first', async () => {
    const d = await k.createCompany({ planFlags: { useKanban: true } });
    const line = await connection(d.company.id);
    const many: number[] = [];
    for (let i = 0; i <= TICKETS_PAGE_SIZE; i++) many.push((await ticket(d.company.id, line, { updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })).id);
    const first = await k.api('GET', '/ticket/kanban?lane=0', { token: d.admin.token });
    expect(first.body).toMatchObject({ hasMore: true });
    expect(first.body.tickets).toHaveLength(TICKETS_PAGE_SIZE);
    const second = await k.api('GET', `/ticket/kanban?lane=0&cursor=${first.body.nextCursor}`, { token: d.admin.token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect([...first.body.tickets, ...second.body.tickets].map((x: { id: number }) => x.id)).toEqual([...many].reverse());
  });
});

it('every route answers 403 ERR_PLAN_DISABLED while useKanban is off', async () => {
  const off = await k.createCompany({ planFlags: { useKanban: false } });
  for (const [method, path, body] of [
    ['GET', '/ticket/kanban', undefined],
    ['GET', '/ticket/kanban/counts', undefined],
    ['POST', '/ticket/kanban/move', { ticketId: 1, tagId: null }],
  ] as const) {
    const res = await k.api(method, path, { token: off.admin.token, body });
    expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  }
  expect((await k.api('GET', '/ticket/kanban')).status).toBe(401);
});
