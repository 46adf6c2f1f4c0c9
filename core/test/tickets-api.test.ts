import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { AppError } from '../src/plugin-sdk/types.js';

let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function connection(companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token, ...fields }).returning('id');
  return row.id;
}
async function queue(companyId: number, name = `Queue ${++seq}`): Promise<number> {
  const [row] = await k.db('queues').insert({ companyId, name, color: `#${(0x100000 + ++seq).toString(16)}` }).returning('id');
  return row.id;
}
async function contact(companyId: number, name = `Contact ${++seq}`): Promise<number> {
  const [row] = await k.db('contacts').insert({ companyId, name, number: `55119${String(10000000 + ++seq)}`, channel: 'whatsapp' }).returning('id');
  return row.id;
}
async function agent(companyId: number, queueIds: number[], fields: Record<string, unknown> = {}): Promise<TestUser> {
  const u = await k.createUser(companyId, { profile: 'user' });
  if (queueIds.length) await k.db('userQueues').insert(queueIds.map((queueId) => ({ companyId, userId: u.user.id, queueId })));
  if (Object.keys(fields).length) await k.db('users').where({ id: u.user.id }).update(fields);
  return u;
}
async function ticket(companyId: number, whatsappId: number, fields: Record<string, unknown> = {}) {
  const [row] = await k
    .db('tickets')
    .insert({ companyId, whatsappId, contactId: fields.contactId ?? (await contact(companyId)), status: 'pending', ...fields })
    .returning('*');
  return row;
}
const ids = (body: any) => body.tickets.map((t: any) => t.id).sort((a: number, b: number) => a - b);
const logTypes = async (ticketId: number) => k.db('ticketLogs').where({ ticketId }).orderBy('id').pluck('type');

describe('GET /tickets permissions (inbox.md §6)', () => {
  let c: TestCompany;
  let conn: number;
  let q1: number;
  let q2: number;
  let inQ1: TestUser;
  let inQ2: TestUser;
  let allTicket: TestUser;
  const t: Record<string, any> = {};

  beforeAll(async () => {
    c = await k.createCompany();
    conn = await connection(c.company.id);
    q1 = await queue(c.company.id);
    q2 = await queue(c.company.id);
    inQ1 = await agent(c.company.id, [q1]);
    inQ2 = await agent(c.company.id, [q2]);
    allTicket = await agent(c.company.id, [], { allTicket: 'enable' });
    t.q1Pending = await ticket(c.company.id, conn, { queueId: q1 });
    t.q1OwnOpen = await ticket(c.company.id, conn, { queueId: q1, status: 'open', userId: inQ1.user.id });
    t.q1OtherOpen = await ticket(c.company.id, conn, { queueId: q1, status: 'open', userId: inQ2.user.id });
    t.q2Pending = await ticket(c.company.id, conn, { queueId: q2 });
    t.noQueue = await ticket(c.company.id, conn, {});
    t.adminOpen = await ticket(c.company.id, conn, { status: 'open', userId: c.admin.user.id, queueId: q2 });
  });

  it('an admin with showAll sees every ticket, without it the own and unassigned ones', async () => {
    const all = await k.api('GET', '/tickets?showAll=true', { token: c.admin.token });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(Object.values(t).map((x) => x.id).sort((a, b) => a - b));
    const own = await k.api('GET', '/tickets?showAll=false', { token: c.admin.token });
    expect(ids(own.body)).toEqual([t.q1Pending.id, t.q2Pending.id, t.noQueue.id, t.adminOpen.id].sort((a, b) => a - b));
  });

  it('a user sees the unassigned tickets of their queues and their own; showAll does not widen it', async () => {
    for (const showAll of ['false', 'true']) {
      const res = await k.api('GET', `/tickets?showAll=${showAll}`, { token: inQ1.token });
      expect(ids(res.body)).toEqual([t.q1Pending.id, t.q1OwnOpen.id].sort((a, b) => a - b));
    }
    const other = await k.api('GET', '/tickets', { token: inQ2.token });
    expect(ids(other.body)).toEqual([t.q1OtherOpen.id, t.q2Pending.id].sort((a, b) => a - b));
  });

  it('allTicket adds the unassigned tickets without a queue', async () => {
    const res = await k.api('GET', '/tickets', { token: allTicket.token });
    expect(ids(res.body)).toEqual([t.noQueue.id]);
  });

  it('single tickets and logs follow the same rule; another company sees nothing', async () => {
    expect((await k.api('GET', `/tickets/${t.q1Pending.id}`, { token: inQ1.token })).status).toBe(200);
    expect((await k.api('GET', `/tickets/u/${t.q1Pending.uuid}`, { token: inQ1.token })).body).toMatchObject({ id: t.q1Pending.id, queue: { id: q1 } });
    expect((await k.api('GET', `/tickets/${t.q2Pending.id}`, { token: inQ1.token })).body).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect((await k.api('GET', `/tickets/${t.q1OtherOpen.id}`, { token: inQ1.token })).status).toBe(404);
    expect((await k.api('GET', `/tickets-log/${t.q2Pending.id}`, { token: inQ1.token })).status).toBe(404);

    const other = await k.createCompany();
    for (const path of [`/tickets/${t.q1Pending.id}`, `/tickets/u/${t.q1Pending.uuid}`, `/tickets-log/${t.q1Pending.id}`]) {
      expect((await k.api('GET', path, { token: other.admin.token })).status).toBe(404);
    }
    expect((await k.api('PUT', `/tickets/${t.q1Pending.id}`, { token: other.admin.token, body: { status: 'closed' } })).status).toBe(404);
    expect((await k.api('DELETE', `/tickets/${t.q1Pending.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('GET', '/tickets?showAll=true', { token: other.admin.token })).body).toMatchObject({ tickets: [], hasMore: false });
  });

  it('answers the ticket with its contact, queue, user, connection and tags', async () => {
    const res = await k.api('GET', `/tickets/${t.q1OwnOpen.id}`, { token: inQ1.token });
    expect(res.body).toMatchObject({
      id: t.q1OwnOpen.id, status: 'open', userId: inQ1.user.id,
      contact: { id: t.q1OwnOpen.contactId, tags: [] }, queue: { id: q1 }, user: { id: inQ1.user.id, name: inQ1.user.name },
      whatsapp: { id: conn, channel: 'whatsapp' }, tags: [],
    });
  });

  it('needs a token and validates the filters', async () => {
    expect((await k.api('GET', '/tickets')).status).toBe(401);
    const bad = await k.api('GET', '/tickets?queueIds=[oops', { token: c.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['queueIds'], message: 'validation.ticketIdList' });
    expect((await k.api('GET', '/tickets?status=archived', { token: c.admin.token })).status).toBe(400);
    expect((await k.api('GET', '/tickets?cursor=xyz', { token: c.admin.token })).status).toBe(400);
  });
});

describe('GET /tickets filters and paging', () => {
  it('filters by status, queue (0 = no queue), connection, user, unread, tags, date and search', async () => {
    const c = await k.createCompany();
    const [a, b] = [await connection(c.company.id), await connection(c.company.id)];
    const q = await queue(c.company.id);
    const u = await agent(c.company.id, [q]);
    const maria = await contact(c.company.id, 'Maria Bonita');
    const t1 = await ticket(c.company.id, a, { contactId: maria, queueId: q, unreadMessages: 3 });
    const t2 = await ticket(c.company.id, b, { status: 'open', userId: u.user.id, queueId: q });
    const t3 = await ticket(c.company.id, a, { status: 'closed' });
    await k.db('messages').insert({ companyId: c.company.id, ticketId: t2.id, body: 'the parcel tracking code' });
    const [tag] = await k.db('tags').insert({ companyId: c.company.id, name: 'VIP', color: '#112233' }).returning('id');
    await k.db('ticketTags').insert({ companyId: c.company.id, ticketId: t3.id, tagId: tag.id });
    const get = async (query: string) => ids((await k.api('GET', `/tickets?showAll=true&${query}`, { token: c.admin.token })).body);

    expect(await get('status=open')).toEqual([t2.id]);
    expect(await get(`statusFilter=${encodeURIComponent('["open","closed"]')}`)).toEqual([t2.id, t3.id]);
    expect(await get(`queueIds=${encodeURIComponent('[0]')}`)).toEqual([t3.id]);
    expect(await get(`queueIds=${encodeURIComponent(`[${q}, null]`)}`)).toEqual([t1.id, t2.id, t3.id]);
    expect(await get(`whatsapps=${encodeURIComponent(`[${b}]`)}`)).toEqual([t2.id]);
    expect(await get(`users=${encodeURIComponent(`[${u.user.id}]`)}`)).toEqual([t2.id]);
    expect(await get('withUnreadMessages=true')).toEqual([t1.id]);
    expect(await get(`tags=${encodeURIComponent(`[${tag.id}]`)}`)).toEqual([t3.id]);
    expect(await get('searchParam=bonita')).toEqual([t1.id]);
    expect(await get('searchParam=TRACKING')).toEqual([t2.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await get(`date=${today}`)).toEqual([t1.id, t2.id, t3.id]);
    expect(await get('updatedAt=2001-01-01')).toEqual([]);
  });

  it('pages by keyset: every ticket once, newest activity first, stable when rows share a timestamp', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const base = Date.now() - 3600_000;
    const rows = [];
    for (let i = 0; i < 95; i++) {
      // Pairs share updated_at so the id breaks the tie.
      rows.push({ companyId: c.company.id, whatsappId: conn, contactId: await contact(c.company.id), status: 'pending', updatedAt: new Date(base + Math.floor(i / 2) * 1000 + 0.5) });
    }
    await k.db('tickets').insert(rows);
    const expected = (await k.db('tickets').where({ companyId: c.company.id }).orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }])).map((r) => r.id);

    const seen: number[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const res: any = await k.api('GET', `/tickets?status=pending&showAll=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: c.admin.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.tickets.map((t: any) => t.id));
      pages.push(res.body.tickets.length);
      expect(res.body.hasMore).toBe(res.body.nextCursor !== null);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(pages).toEqual([40, 40, 15]);
    expect(seen).toEqual(expected);

    // A ticket that moves to the top between pages does not shift the next page.
    const first = await k.api('GET', '/tickets?status=pending&showAll=true', { token: c.admin.token });
    await k.db('tickets').where({ id: expected[60] }).update({ updatedAt: new Date() });
    const second = await k.api('GET', `/tickets?status=pending&showAll=true&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: c.admin.token });
    expect(second.body.tickets.map((t: any) => t.id)).toEqual(expected.slice(40, 80).filter((id) => id !== expected[60]).concat(expected[80]));

    const page3 = await k.api('GET', '/tickets?status=pending&showAll=true&pageNumber=3', { token: c.admin.token });
    expect(page3.body.tickets).toHaveLength(15);
    expect(page3.body.hasMore).toBe(false);
  });
});

describe('POST /tickets', () => {
  it('opens a ticket for the caller, and answers the info-modal conflict when the contact has an active one', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id, { isDefault: true });
    const q = await queue(c.company.id, 'Vendas');
    const u = await agent(c.company.id, [q]);
    const person = await contact(c.company.id);
    const res = await k.api('POST', '/tickets', { token: u.token, body: { contactId: person, queueId: q, status: 'open' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', userId: u.user.id, queueId: q, whatsappId: conn, contactId: person });
    expect(await logTypes(res.body.id)).toEqual(['create']);

    const again = await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId: person, whatsappId: conn } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { id: res.body.id, uuid: res.body.uuid, userId: u.user.id, status: 'open', user: { name: u.user.name }, queue: { name: 'Vendas' } },
    });
  });

  it('needs a queue unless admin, and entities of the own company', async () => {
    const c = await k.createCompany();
    await connection(c.company.id, { isDefault: true });
    const u = await agent(c.company.id, []);
    const person = await contact(c.company.id);
    const noQueue = await k.api('POST', '/tickets', { token: u.token, body: { contactId: person } });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.issues[0]).toMatchObject({ path: ['queueId'], message: 'validation.ticketQueueRequired' });
    expect((await k.api('POST', '/tickets', { token: c.admin.token, body: {} })).status).toBe(400);

    const other = await k.createCompany();
    const foreign = await contact(other.company.id);
    expect((await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId: foreign } })).body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    const foreignConn = await connection(other.company.id);
    expect((await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId: person, whatsappId: foreignConn } })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    const adminOk = await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId: person } });
    expect(adminOk.status).toBe(201);
  });
});

describe('PUT /tickets/{id}: the transitions of inbox.md §4', () => {
  let c: TestCompany;
  let conn: number;
  let q: number;
  let q2: number;
  let u: TestUser;
  let u2: TestUser;
  const sent: { ticketId: number; userId: number | null; body: string }[] = [];

  beforeAll(async () => {
    c = await k.createCompany();
    conn = await connection(c.company.id, { complationMessage: 'Obrigado {{firstName}}, protocolo {{protocol}}' });
    q = await queue(c.company.id, 'Suporte');
    q2 = await queue(c.company.id, 'Financeiro');
    u = await agent(c.company.id, [q]);
    u2 = await agent(c.company.id, [q, q2]);
    // The sender records what it was asked and then fails like a connection that is down.
    vi.spyOn(k.kernel.core.channels.sender, 'send').mockImplementation(async (request) => {
      sent.push({ ticketId: request.ticketId, userId: request.userId, body: request.body });
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
    });
  });

  afterAll(() => vi.restoreAllMocks());

  const put = (user: TestUser | TestCompany['admin'], id: number, body: Record<string, unknown>) => k.api('PUT', `/tickets/${id}`, { token: user.token, body });

  it('accept needs a queue, then opens the ticket for the caller, resets unread and greets when enabled', async () => {
    await k.kernel.core.settings.set(c.company.id, 'sendGreetingAccepted', 'enabled');
    const t = await ticket(c.company.id, conn, { unreadMessages: 4 });
    const noQueue = await put(c.admin, t.id, { status: 'open' });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body).toEqual({ error: 'ERR_TICKET_WITHOUT_QUEUE' });

    const res = await put(c.admin, t.id, { status: 'open', queueId: q });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', userId: c.admin.user.id, queueId: q, unreadMessages: 0 });
    expect(await logTypes(t.id)).toEqual(['open']);
    expect(sent.at(-1)).toMatchObject({ ticketId: t.id, userId: null });
    expect(sent.at(-1)!.body).toMatch(/^(Bom dia|Boa tarde|Boa noite) Contact, meu nome é Admin \d+ e agora vou prosseguir com seu atendimento!$/);
    await k.kernel.core.settings.set(c.company.id, 'sendGreetingAccepted', 'disabled');
  });

  it('a user accepts a pending ticket of their queue; a second user gets the info-modal conflict', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q });
    expect((await put(u, t.id, { status: 'open' })).body).toMatchObject({ status: 'open', userId: u.user.id });
    const late = await put(u2, t.id, { status: 'open' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: t.id, userId: u.user.id, user: { name: u.user.name }, queue: { name: 'Suporte' } } });
    // Any other change to someone else's ticket is simply not found.
    expect((await put(u2, t.id, { status: 'closed' })).status).toBe(404);
  });

  it('ignore closes a pending ticket without farewell and resets the bot counter', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, amountUsedBotQueues: 2 });
    const before = sent.length;
    const res = await put(u, t.id, { status: 'closed' });
    expect(res.body).toMatchObject({ status: 'closed', amountUsedBotQueues: 0, userId: null });
    expect(await logTypes(t.id)).toEqual(['closed']);
    expect(sent.length).toBe(before);
  });

  it('resolve closes with the farewell (rendered), or without it; a failed send does not undo it', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    const res = await put(u, t.id, { status: 'closed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'closed', userId: u.user.id });
    expect(res.body.closedAt).not.toBeNull();
    expect(await logTypes(t.id)).toEqual(['closed']);
    const created = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(t.createdAt)).replaceAll('-', '');
    expect(sent.at(-1)).toEqual({ ticketId: t.id, userId: u.user.id, body: `Obrigado Contact, protocolo ${created}${t.id}` });

    await k.db('users').where({ id: u.user.id }).update({ farewellMessage: 'Até logo, {{name}}!' });
    const t2 = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    await put(u, t2.id, { status: 'closed' });
    expect(sent.at(-1)!.body).toMatch(/^Até logo, Contact \d+!$/);
    const t3 = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    const before = sent.length;
    expect((await put(u, t3.id, { status: 'closed', sendFarewellMessage: false })).body.status).toBe('closed');
    expect(sent.length).toBe(before);
  });

  it('requiredTag: closing needs a tag on the contact', async () => {
    await k.kernel.core.settings.set(c.company.id, 'requiredTag', 'enabled');
    const t = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    const res = await put(u, t.id, { status: 'closed', sendFarewellMessage: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'ERR_TAG_REQUIRED' });
    expect((await k.db('tickets').where({ id: t.id }).first()).status).toBe('open');
    const [tag] = await k.db('tags').insert({ companyId: c.company.id, name: 'Lead', color: '#123456' }).returning('id');
    await k.db('contactTags').insert({ companyId: c.company.id, contactId: t.contactId, tagId: tag.id });
    expect((await put(u, t.id, { status: 'closed', sendFarewellMessage: false })).body.status).toBe('closed');
    await k.kernel.core.settings.set(c.company.id, 'requiredTag', 'disabled');
  });

  it('return to queue, transfer to a queue, transfer to a user, each with its log', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    expect((await put(u, t.id, { status: 'pending' })).body).toMatchObject({ status: 'pending', userId: null, queueId: q });
    expect(await logTypes(t.id)).toEqual(['pending']);

    await put(u, t.id, { status: 'open' });
    expect((await put(u, t.id, { status: 'pending', queueId: q2, userId: null })).body).toMatchObject({ status: 'pending', userId: null, queueId: q2 });
    expect(await logTypes(t.id)).toEqual(['pending', 'open', 'transfered']);

    await put(u2, t.id, { status: 'open' });
    const moved = await put(u2, t.id, { status: 'open', userId: u.user.id, queueId: q });
    expect(moved.body).toMatchObject({ status: 'open', userId: u.user.id, queueId: q });
    const logs = await k.db('ticketLogs').where({ ticketId: t.id }).orderBy('id');
    expect(logs.slice(-2).map((l) => [l.type, l.userId])).toEqual([['transfered', u2.user.id], ['receivedTransfer', u.user.id]]);
    // Transferring to a user of another company is not found.
    const stranger = await k.createCompany();
    expect((await put(u, t.id, { status: 'open', userId: stranger.admin.user.id })).body).toEqual({ error: 'ERR_NO_USER_FOUND' });
  });

  it('a group ticket stays group when accepted or transferred', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, isGroup: true });
    expect((await put(u, t.id, { status: 'open' })).body.status).toBe('group');
    expect((await put(u, t.id, { status: 'open', userId: u2.user.id })).body).toMatchObject({ status: 'group', userId: u2.user.id });
  });

  it('reopen brings a closed ticket back for the caller, or answers the conflict when the contact has another active ticket', async () => {
    const person = await contact(c.company.id);
    const t = await ticket(c.company.id, conn, { contactId: person, queueId: q, status: 'closed', userId: u.user.id });
    expect((await put(u, t.id, { status: 'open' })).body).toMatchObject({ status: 'open', userId: u.user.id, closedAt: null });
    expect(await logTypes(t.id)).toEqual(['reopen']);

    await put(u, t.id, { status: 'closed', sendFarewellMessage: false });
    const active = await ticket(c.company.id, conn, { contactId: person, queueId: q2, status: 'open', userId: u2.user.id });
    const res = await put(u, t.id, { status: 'open' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { id: active.id, uuid: active.uuid, userId: u2.user.id, status: 'open', user: { name: u2.user.name }, queue: { name: 'Financeiro' } },
    });
  });

  it('reopen to another user (transfer from the closed view) assigns that user, with a queue too, and logs the transfer', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, status: 'closed', userId: u.user.id });
    const res = await put(c.admin, t.id, { status: 'open', userId: u2.user.id, queueId: q2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', userId: u2.user.id, queueId: q2, closedAt: null });
    const logs = await k.db('ticketLogs').where({ ticketId: t.id }).orderBy('id');
    expect(logs.map((l) => [l.type, l.userId, l.queueId])).toEqual([
      ['reopen', c.admin.user.id, q2],
      ['transfered', c.admin.user.id, q2],
      ['receivedTransfer', u2.user.id, q2],
    ]);
    expect(logs[1].data).toMatchObject({ toUserId: u2.user.id, byUserId: c.admin.user.id, fromUserId: u.user.id });

    // Without a queue in the body the ticket keeps its own; a user of another company is not found.
    const t2 = await ticket(c.company.id, conn, { queueId: q, status: 'closed', userId: u.user.id });
    const stranger = await k.createCompany();
    expect((await put(u, t2.id, { status: 'open', userId: stranger.admin.user.id })).body).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await put(u, t2.id, { status: 'open', userId: u2.user.id })).body).toMatchObject({ status: 'open', userId: u2.user.id, queueId: q });
  });

  it('validates the body', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q });
    expect((await put(u, t.id, { status: 'archived' })).status).toBe(400);
    expect((await put(u, t.id, { queueId: 999999 })).body).toEqual({ error: 'ERR_NO_QUEUE_FOUND' });
    expect((await put(u, 2147483647, { status: 'open' })).status).toBe(404);
  });
});

describe('DELETE /tickets/{id} and POST /tickets/closeAll (admins)', () => {
  it('only admins delete, and the ticket is gone', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const u = await agent(c.company.id, []);
    const t = await ticket(c.company.id, conn, { userId: u.user.id, status: 'open' });
    expect((await k.api('DELETE', `/tickets/${t.id}`, { token: u.token })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await k.api('DELETE', `/tickets/${t.id}`, { token: c.admin.token })).status).toBe(200);
    expect(await k.db('tickets').where({ id: t.id }).first()).toBeUndefined();
  });

  it('closes every ticket of a status in the given queues, with a log each', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const q = await queue(c.company.id);
    const u = await agent(c.company.id, [q]);
    const inQueue = await ticket(c.company.id, conn, { queueId: q });
    const noQueue = await ticket(c.company.id, conn, {});
    const open = await ticket(c.company.id, conn, { queueId: q, status: 'open', userId: u.user.id });
    expect((await k.api('POST', '/tickets/closeAll', { token: u.token, body: { status: 'pending' } })).status).toBe(403);
    const res = await k.api('POST', '/tickets/closeAll', { token: c.admin.token, body: { status: 'pending', queueIds: [q] } });
    expect(res.body).toEqual({ closed: 1 });
    expect((await k.db('tickets').where({ id: inQueue.id }).first()).status).toBe('closed');
    expect((await k.db('tickets').where({ id: noQueue.id }).first()).status).toBe('pending');
    expect((await k.db('tickets').where({ id: open.id }).first()).status).toBe('open');
    expect(await logTypes(inQueue.id)).toEqual(['closed']);
    expect((await k.api('POST', '/tickets/closeAll', { token: c.admin.token, body: { status: 'pending', queueIds: [0] } })).body).toEqual({ closed: 1 });
    expect((await k.api('POST', '/tickets/closeAll', { token: c.admin.token, body: { status: 'closed' } })).status).toBe(400);
  });
});

describe('GET /tickets-log/{ticketId}', () => {
  it('lists the entries newest first with user and queue', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const q = await queue(c.company.id, 'Atendimento');
    const t = await ticket(c.company.id, conn, { queueId: q });
    await k.api('PUT', `/tickets/${t.id}`, { token: c.admin.token, body: { status: 'open' } });
    await k.api('PUT', `/tickets/${t.id}`, { token: c.admin.token, body: { status: 'closed', sendFarewellMessage: false } });
    const res = await k.api('GET', `/tickets-log/${t.id}`, { token: c.admin.token });
    expect(res.body.map((l: any) => l.type)).toEqual(['closed', 'open']);
    expect(res.body[1]).toMatchObject({ user: { id: c.admin.user.id, name: c.admin.user.name }, queue: { id: q, name: 'Atendimento' } });
  });
});

describe('greeting and farewell through the real outbound sender', () => {
  it('stores the greeting as the virtual assistant and the farewell as the closing agent, queued for delivery', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id, { complationMessage: 'Tchau {{firstName}}!' });
    const q = await queue(c.company.id);
    const u = await agent(c.company.id, [q]);
    await k.kernel.core.settings.set(c.company.id, 'sendGreetingAccepted', 'enabled');
    const t = await ticket(c.company.id, conn, { queueId: q });
    expect((await k.api('PUT', `/tickets/${t.id}`, { token: u.token, body: { status: 'open' } })).status).toBe(200);
    expect((await k.api('PUT', `/tickets/${t.id}`, { token: u.token, body: { status: 'closed' } })).status).toBe(200);
    const rows = await k.db('messages').where({ ticketId: t.id }).orderBy('id');
    expect(rows.map((m) => ({ fromMe: m.fromMe, userId: m.userId, sendStatus: m.sendStatus, body: m.body }))).toEqual([
      { fromMe: true, userId: null, sendStatus: 'pending', body: expect.stringMatching(new RegExp(`, meu nome é ${u.user.name} e agora`)) },
      { fromMe: true, userId: u.user.id, sendStatus: 'pending', body: 'Tchau Contact!' },
    ]);
  });
});

describe('POST /tickets/{id}/read (the open conversation reads what arrives)', () => {
  it('zeroes the counter for someone who may see the ticket; refuses bad ids, other companies and other queues without a change', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const mine = await queue(c.company.id);
    const other = await queue(c.company.id);
    const ana = await agent(c.company.id, [mine]);
    const row = await ticket(c.company.id, conn, { queueId: other, unreadMessages: 3 });
    const stranger = await k.createCompany();
    const unread = async () => (await k.db('tickets').where({ id: row.id }).first('unreadMessages')).unreadMessages;

    expect((await k.api('POST', '/tickets/abc/read', { token: c.admin.token })).status).toBe(400);
    expect((await k.api('POST', '/tickets/2147483648/read', { token: c.admin.token })).status).toBe(400);
    expect((await k.api('POST', `/tickets/${row.id}/read`)).status).toBe(401);
    const foreign = await k.api('POST', `/tickets/${row.id}/read`, { token: stranger.admin.token });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    // Ana works another queue: the ticket is not hers to see, so not hers to read.
    expect((await k.api('POST', `/tickets/${row.id}/read`, { token: ana.token })).status).toBe(404);
    expect(await unread()).toBe(3);

    const read = await k.api('POST', `/tickets/${row.id}/read`, { token: c.admin.token });
    expect([read.status, read.body]).toEqual([200, { unreadMessages: 0 }]);
    expect(await unread()).toBe(0);
  });
});
