import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PAGE_SIZE } from '@guiche/contracts';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

/**
 * A returning customer (issue 18): GET /messages/{ticketId}/earlier pages through the contact's
 * earlier tickets on the same connection, newest first, naming each ticket; a plain user reads
 * those of their queues or that they handled, never other connections' or later tickets.
 */
let k: TestKernel;
let c: TestCompany;
let ana: TestUser;
let bruno: TestUser;
const ids = { sales: 0, billing: 0, site: 0, phone: 0, contact: 0 };
const tickets: Record<'first' | 'billing' | 'current' | 'otherConnection' | 'later', number> = { first: 0, billing: 0, current: 0, otherConnection: 0, later: 0 };
const bodies: Record<number, string[]> = {};

async function insert(table: string, row: Record<string, unknown>): Promise<number> {
  const [out] = await k.db(table).insert(row).returning('id');
  return Number(out.id);
}

async function ticketWith(whatsappId: number, queueId: number, userId: number, status: string, count: number, label: string): Promise<number> {
  const id = await insert('tickets', { companyId: c.company.id, contactId: ids.contact, whatsappId, queueId, userId, status });
  bodies[id] = [];
  for (let i = 1; i <= count; i++) {
    const body = `${label} ${i}`;
    bodies[id]!.push(body);
    await insert('messages', { companyId: c.company.id, ticketId: id, contactId: ids.contact, whatsappId, body, fromMe: i % 2 === 0, wid: `W${randomBytes(6).toString('hex')}` });
  }
  return id;
}

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  ana = await k.createUser(c.company.id, { name: 'Ana Vendas' });
  bruno = await k.createUser(c.company.id, { name: 'Bruno Cobrança' });
  ids.sales = await insert('queues', { companyId: c.company.id, name: 'Vendas', color: '#2965cc' });
  ids.billing = await insert('queues', { companyId: c.company.id, name: 'Cobrança', color: '#d1980b' });
  await k.db('userQueues').insert({ companyId: c.company.id, userId: ana.user.id, queueId: ids.sales });
  ids.site = await insert('whatsapps', { companyId: c.company.id, name: 'Site', channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED' });
  ids.phone = await insert('whatsapps', { companyId: c.company.id, name: 'Celular', channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED' });
  ids.contact = await insert('contacts', { companyId: c.company.id, name: 'Cliente Antigo', number: '5511987650000', channel: 'whatsapp' });
  // Oldest first: handled by a colleague in Ana's queue, then one of billing, then today's.
  tickets.first = await ticketWith(ids.site, ids.sales, bruno.user.id, 'closed', MESSAGES_PAGE_SIZE + 5, 'primeira');
  tickets.otherConnection = await ticketWith(ids.phone, ids.sales, ana.user.id, 'closed', 2, 'celular');
  tickets.billing = await ticketWith(ids.site, ids.billing, bruno.user.id, 'closed', 3, 'cobranca');
  tickets.current = await ticketWith(ids.site, ids.sales, ana.user.id, 'open', 2, 'hoje');
  tickets.later = await ticketWith(ids.site, ids.billing, bruno.user.id, 'closed', 1, 'depois');
});
afterAll(async () => k?.close());

const earlier = (token: string, ticketId = tickets.current, beforeId?: number) =>
  k.api('GET', `/messages/${ticketId}/earlier${beforeId ? `?beforeId=${beforeId}` : ''}`, { token });

/** Every page up to the first conversation, as the web scrolls up through them. */
const allEarlier = (token: string) => allEarlierOf(token, tickets.current);

async function allEarlierOf(token: string, ticketId: number) {
  const pages = [];
  let beforeId: number | undefined;
  for (;;) {
    const res = await earlier(token, ticketId, beforeId);
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (!res.body.hasMore) return pages;
    beforeId = res.body.messages[0].id;
  }
}

describe('a returning customer\'s earlier conversations', () => {
  it('page newest first, each page in order, naming the tickets (admin: every one on this connection)', async () => {
    const pages = await allEarlier(c.admin.token);
    expect(pages.length).toBe(2);
    expect(pages[0].messages).toHaveLength(MESSAGES_PAGE_SIZE);
    const shown = pages.reverse().flatMap((p) => p.messages.map((m: { body: string }) => m.body));
    expect(shown).toEqual([...bodies[tickets.first]!, ...bodies[tickets.billing]!]);
    const named = Object.fromEntries(pages.flatMap((p) => p.tickets).map((t: { id: number }) => [t.id, t]));
    expect(named[tickets.billing]).toMatchObject({ status: 'closed', queue: { name: 'Cobrança' }, user: { name: 'Bruno Cobrança' } });
    expect(named[tickets.first]).toMatchObject({ queue: { name: 'Vendas', color: '#2965cc' }, user: { id: bruno.user.id } });
    expect(Object.keys(named).map(Number).sort()).toEqual([tickets.first, tickets.billing].sort());
  });

  it('show a plain user those of their queues (a colleague\'s included), not another queue\'s', async () => {
    const pages = await allEarlier(ana.token);
    const shown = pages.reverse().flatMap((p) => p.messages.map((m: { body: string }) => m.body));
    expect(shown).toEqual(bodies[tickets.first]);
  });

  it('start from the first ticket: nothing earlier; another company or a user who cannot see the ticket gets 404', async () => {
    expect((await earlier(c.admin.token, tickets.first)).body).toEqual({ messages: [], tickets: [], hasMore: false });
    const other = await k.createCompany();
    expect(await earlier(other.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    const outsider = await k.createUser(c.company.id);
    expect((await earlier(outsider.token)).status).toBe(404);
    expect((await earlier(c.admin.token, tickets.current, 0)).status).toBe(200);
    expect((await k.api('GET', `/messages/${tickets.current}/earlier?beforeId=2147483648`, { token: c.admin.token })).status).toBe(400);
  });

  it('carry the contact\'s notes of earlier tickets into the drawer, marked by ticket, as far as the user reads them', async () => {
    const note = (ticketId: number, text: string) => k.db('ticketNotes').insert({ companyId: c.company.id, ticketId, contactId: ids.contact, userId: bruno.user.id, note: text });
    await note(tickets.first, 'Prefere boleto');
    await note(tickets.billing, 'Negociação de dívida');
    await note(tickets.current, 'Retornar hoje');
    await note(tickets.later, 'Depois deste');
    const list = async (token: string) => {
      const res = await k.api('GET', `/ticket-notes/list?ticketId=${tickets.current}&contactId=${ids.contact}`, { token });
      expect(res.status).toBe(200);
      return (res.body as { note: string; ticketId: number }[]).map((n) => `${n.ticketId === tickets.current ? 'this' : n.ticketId}:${n.note}`).sort();
    };
    expect(await list(c.admin.token)).toEqual([`${tickets.billing}:Negociação de dívida`, `${tickets.first}:Prefere boleto`, 'this:Retornar hoje'].sort());
    expect(await list(ana.token)).toEqual([`${tickets.first}:Prefere boleto`, 'this:Retornar hoje'].sort());
  });

  it('fill the drawer\'s media, documents and links tabs from the contact\'s history, as far as the user reads it', async () => {
    const media = async (ticketId: number, fields: Record<string, unknown>) =>
      insert('messages', { companyId: c.company.id, ticketId, contactId: ids.contact, whatsappId: ids.site, fromMe: false, wid: `W${randomBytes(6).toString('hex')}`, ...fields });
    const oldImage = await media(tickets.first, { mediaType: 'image', mediaUrl: 'company/antigo.png', body: 'antigo.png' });
    const billingDoc = await media(tickets.billing, { mediaType: 'application', mediaUrl: 'company/boleto.pdf', body: 'boleto.pdf' });
    const phoneLink = await media(tickets.otherConnection, { body: 'rastreio https://rastreio.example.com/1' });
    const laterImage = await media(tickets.later, { mediaType: 'image', mediaUrl: 'company/depois.png', body: 'depois.png' });
    const nowImage = await media(tickets.current, { mediaType: 'image', mediaUrl: 'company/hoje.png', body: 'hoje.png' });
    const tab = async (token: string, type: string) =>
      ((await k.api('GET', `/messages/getmedia/${tickets.current}?type=${type}`, { token })).body.records as { id: number }[]).map((r) => r.id);
    expect(await tab(c.admin.token, 'media')).toEqual([nowImage, oldImage]);
    expect(await tab(c.admin.token, 'documents')).toEqual([billingDoc]);
    expect(await tab(c.admin.token, 'links')).toEqual([phoneLink]);
    // Ana: her queue's tickets (the phone one was hers too), not billing's; never a later ticket.
    expect(await tab(ana.token, 'media')).toEqual([nowImage, oldImage]);
    expect(await tab(ana.token, 'documents')).toEqual([]);
    expect(await tab(ana.token, 'links')).toEqual([phoneLink]);
    expect([await tab(c.admin.token, 'media')].flat()).not.toContain(laterImage);
  });

  it('list the contact\'s earlier tickets for the drawer (every connection), newest first, as far as the user reads them', async () => {
    const listed = async (token: string) => {
      const res = await k.api('GET', `/tickets/${tickets.current}/earlier`, { token });
      expect(res.status).toBe(200);
      return res.body.tickets as { id: number; connection: string; queue: { name: string } | null }[];
    };
    const all = await listed(c.admin.token);
    expect(all.map((t) => t.id)).toEqual([tickets.billing, tickets.otherConnection, tickets.first]);
    expect(all[1]).toMatchObject({ connection: 'Celular', queue: { name: 'Vendas' } });
    expect((await listed(ana.token)).map((t) => t.id)).toEqual([tickets.otherConnection, tickets.first]);
    expect((await k.api('GET', `/tickets/${tickets.current}/earlier`, { token: (await k.createCompany()).admin.token })).status).toBe(404);
  });

  it('of a group carry its participants\' messages, and a participant\'s own tickets never mix with the group\'s', async () => {
    const group = await insert('contacts', { companyId: c.company.id, name: 'Grupo Clientes', number: '120363000000000001', channel: 'whatsapp', isGroup: true });
    const groupTicket = async (status: string) => insert('tickets', { companyId: c.company.id, contactId: group, whatsappId: ids.site, status, isGroup: true });
    const said = async (ticketId: number, contactId: number, body: string) =>
      insert('messages', { companyId: c.company.id, ticketId, contactId, whatsappId: ids.site, body, fromMe: false, wid: `G${randomBytes(6).toString('hex')}`, participant: `${contactId}@s.whatsapp.net` });
    const earlierGroup = await groupTicket('closed');
    // In the group, messages carry the participant: the returning customer of this file among them.
    await said(earlierGroup, ids.contact, 'no grupo, o cliente antigo');
    await said(earlierGroup, group, 'no grupo, aviso do próprio grupo');
    const currentGroup = await groupTicket('group');
    await said(currentGroup, ids.contact, 'no grupo, hoje');

    const groupHistory = await earlier(c.admin.token, currentGroup);
    expect(groupHistory.status).toBe(200);
    expect(groupHistory.body.messages.map((m: { body: string }) => m.body)).toEqual(['no grupo, o cliente antigo', 'no grupo, aviso do próprio grupo']);
    // The customer's one-to-one history (a later ticket than the group's) holds none of the group's messages.
    const later1to1 = await ticketWith(ids.site, ids.sales, ana.user.id, 'closed', 1, 'depois do grupo');
    const own = (await allEarlierOf(c.admin.token, later1to1)).flatMap((p) => p.messages.map((m: { body: string }) => m.body));
    expect(own.some((body: string) => body.startsWith('no grupo'))).toBe(false);
    expect(own).toEqual(expect.arrayContaining([...bodies[tickets.first]!, ...bodies[tickets.current]!, ...bodies[tickets.later]!]));
  });
});

