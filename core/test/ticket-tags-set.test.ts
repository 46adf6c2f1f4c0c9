import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

/** PUT /ticket-tags/:ticketId — the drawer's picker sets the ticket's plain tags, the ones its row shows (issue #32). */

let k: TestKernel;
let seq = 0;

interface Team extends TestCompany {
  agent: TestUser;
  outsider: TestUser;
  queueId: number;
  whatsappId: number;
  socket: Socket;
}
const teams: Team[] = [];

beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => {
  for (const t of teams) t.socket.disconnect();
  await k?.close();
});

/** A company with a connection, a queue with an agent in it (listening live), and an agent outside it. */
async function team(): Promise<Team> {
  const c = await k.createCompany();
  const [queue] = await k.db('queues').insert({ companyId: c.company.id, name: `Fila ${++seq}`, color: '#115500' }).returning('id');
  const [conn] = await k
    .db('whatsapps')
    .insert({ companyId: c.company.id, name: `Conexão ${seq}`, channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), isDefault: true })
    .returning('id');
  const agent = await k.createUser(c.company.id);
  const outsider = await k.createUser(c.company.id);
  await k.db('userQueues').insert({ companyId: c.company.id, userId: agent.user.id, queueId: queue.id });
  const t = { ...c, agent, outsider, queueId: queue.id, whatsappId: conn.id, socket: await k.socket(agent.token) };
  teams.push(t);
  return t;
}

async function ticket(t: Team) {
  const [c] = await k.db('contacts').insert({ companyId: t.company.id, name: `Cliente ${++seq}`, number: `55219${String(30000000 + seq)}` }).returning('id');
  const [row] = await k
    .db('tickets')
    .insert({ companyId: t.company.id, contactId: c.id, whatsappId: t.whatsappId, queueId: t.queueId, status: 'open', userId: t.agent.user.id })
    .returning(['id', 'contactId']);
  return row as { id: number; contactId: number };
}

async function tag(t: Team, name: string, kanban = false) {
  const [row] = await k.db('tags').insert({ companyId: t.company.id, name, color: '#112233', kanban }).returning('id');
  return row.id as number;
}

const tagIdsOf = async (ticketId: number) => ((await k.db('ticketTags').where({ ticketId }).orderBy('tagId').select('tagId')) as { tagId: number }[]).map((r) => r.tagId);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

type TicketEvent = { action: string; ticket?: { id: number; tags: { id: number; name: string; kanban: boolean }[] } };

describe('the ticket drawer’s tag picker (PUT /ticket-tags/:ticketId)', () => {
  it('sets the whole plain set, keeps the Kanban lane, and announces the ticket with its new tags', async () => {
    const t = await team();
    const tk = await ticket(t);
    const [vip, retorno, lane] = [await tag(t, 'VIP'), await tag(t, 'Retorno'), await tag(t, 'Negociação', true)];
    await k.db('ticketTags').insert({ companyId: t.company.id, ticketId: tk.id, tagId: lane });

    const updated = nextEvent<TicketEvent>(t.socket, `company-${t.company.id}-ticket`, (p) => p.action === 'update' && p.ticket?.id === tk.id);
    const res = await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [vip, retorno, vip] } });
    expect(res).toMatchObject({ status: 200, body: { ticketId: tk.id } });
    expect(res.body.tags).toEqual([
      { id: lane, name: 'Negociação', color: '#112233', kanban: true },
      { id: retorno, name: 'Retorno', color: '#112233', kanban: false },
      { id: vip, name: 'VIP', color: '#112233', kanban: false },
    ]);
    // The live ticket (what the rows apply) carries the tags, each saying whether it is a lane.
    expect((await updated).ticket!.tags).toEqual([
      { id: lane, name: 'Negociação', color: '#112233', kanban: true },
      { id: retorno, name: 'Retorno', color: '#112233', kanban: false },
      { id: vip, name: 'VIP', color: '#112233', kanban: false },
    ]);
    expect(await tagIdsOf(tk.id)).toEqual(sorted([vip, retorno, lane]));

    // A smaller set removes the plain tags left out; an empty one removes them all; the lane stays.
    await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [retorno] } });
    expect(await tagIdsOf(tk.id)).toEqual(sorted([retorno, lane]));
    const cleared = nextEvent<TicketEvent>(t.socket, `company-${t.company.id}-ticket`, (p) => p.action === 'update' && p.ticket?.id === tk.id);
    expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [] } })).toMatchObject({ status: 200, body: { tags: [{ id: lane }] } });
    expect((await cleared).ticket!.tags.map((x) => x.id)).toEqual([lane]);
    expect(await tagIdsOf(tk.id)).toEqual([lane]);
    // The contact's tags are another set: the ticket's picker never touches them.
    expect(await k.db('contactTags').where({ contactId: tk.contactId }).first()).toBeUndefined();
  });

  it('the list answers the row’s tags as the picker set them', async () => {
    const t = await team();
    const tk = await ticket(t);
    const vip = await tag(t, 'VIP');
    await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [vip] } });
    const list = await k.api('GET', '/tickets?status=open', { token: t.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.tickets.find((x: { id: number }) => x.id === tk.id).tags).toEqual([{ id: vip, name: 'VIP', color: '#112233', kanban: false }]);
  });

  it("refuses another company's tag, a Kanban lane and unknown ids: 404 and nothing changes", async () => {
    const t = await team();
    const other = await team();
    const tk = await ticket(t);
    const mine = await tag(t, 'Minha');
    const lane = await tag(t, 'Coluna', true);
    const theirs = await tag(other, 'Deles');
    await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [mine] } });
    for (const tagIds of [[mine, theirs], [lane], [mine, 999999999]]) {
      expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
      expect(await tagIdsOf(tk.id)).toEqual([mine]);
    }
  });

  it('a ticket the caller may not see: 404 for an agent outside its queue and for another company', async () => {
    const t = await team();
    const other = await team();
    const tk = await ticket(t);
    const mine = await tag(t, 'Minha');
    expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.outsider.token, body: { tagIds: [mine] } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { token: other.admin.token, body: { tagIds: [] } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { body: { tagIds: [mine] } })).toMatchObject({ status: 401 });
    expect(await tagIdsOf(tk.id)).toEqual([]);
  });

  it.each([
    ['no tagIds', {}],
    ['tagIds not a list', { tagIds: 'VIP' }],
    ['a non-id in the list', { tagIds: [0] }],
    ['over 100 ids', { tagIds: Array.from({ length: 101 }, (_, i) => i + 1) }],
  ])('rejects %s with 400 ERR_VALIDATION', async (_label, body) => {
    const t = await team();
    const tk = await ticket(t);
    expect(await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('requiredTag: a plain tag from the ticket’s picker lets it close; a Kanban lane alone does not', async () => {
    const t = await team();
    const tk = await ticket(t);
    const [vip, lane] = [await tag(t, 'VIP'), await tag(t, 'Coluna', true)];
    await k.kernel.core.settings.set(t.company.id, 'requiredTag', 'enabled');
    await k.db('ticketTags').insert({ companyId: t.company.id, ticketId: tk.id, tagId: lane });
    const close = () => k.api('PUT', `/tickets/${tk.id}`, { token: t.agent.token, body: { status: 'closed', sendFarewellMessage: false } });
    expect(await close()).toMatchObject({ status: 400, body: { error: 'ERR_TAG_REQUIRED' } });
    await k.api('PUT', `/ticket-tags/${tk.id}`, { token: t.agent.token, body: { tagIds: [vip] } });
    expect(await close()).toMatchObject({ status: 200, body: { status: 'closed' } });
  });
});
