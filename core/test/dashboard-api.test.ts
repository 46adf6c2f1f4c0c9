import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

/**
 * The dashboard, moments and report calls against hand-computed fixtures: tickets whose
 * ticket_metrics carry known instants (São Paulo is UTC−3 in November 2026, no daylight saving).
 * The range 2026-11-10..2026-11-11 in São Paulo is [2026-11-10T03:00Z, 2026-11-12T03:00Z).
 */
let k: TestKernel;
let c: TestCompany;
let other: TestCompany;
let conn: number;
let q1: number;
let q2: number;
let tag: number;
let ana: TestUser;
let bia: TestUser;
let supervisor: TestUser;
let plain: TestUser;
let seq = 0;
const T: Record<string, number> = {};

async function contact(companyId: number, name: string): Promise<number> {
  return (await k.db('contacts').insert({ companyId, name, number: `55119${String(20000000 + ++seq)}`, channel: 'whatsapp' }).returning('id'))[0].id;
}

/** A ticket row, then its metrics set to the fixture's instants. */
async function fixture(companyId: number, whatsappId: number, name: string, ticket: Record<string, unknown>, metrics: Record<string, unknown>) {
  const contactId = await contact(companyId, name);
  const [row] = await k.db('tickets').insert({ companyId, whatsappId, contactId, lastMessage: `msg ${name}`, ...ticket }).returning('*');
  await k.db('ticketMetrics').where({ ticketId: row.id }).update({ isLead: false, ...metrics });
  return row.id as number;
}

const z = (iso: string) => new Date(iso);

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany({ dueDate: '2999-12-31' });
  other = await k.createCompany();
  const token = () => randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Linha 1', channel: 'whatsapp', token: token() }).returning('id'))[0].id;
  const conn2 = (await k.db('whatsapps').insert({ companyId: other.company.id, name: 'Outra', channel: 'whatsapp', token: token() }).returning('id'))[0].id;
  q1 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Vendas', color: '#00AA00' }).returning('id'))[0].id;
  q2 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Suporte', color: '#0000AA' }).returning('id'))[0].id;
  tag = (await k.db('tags').insert({ companyId: c.company.id, name: 'VIP', color: '#FF0000' }).returning('id'))[0].id;
  ana = await k.createUser(c.company.id, { profile: 'user', name: 'Ana' });
  bia = await k.createUser(c.company.id, { profile: 'user', name: 'Bia' });
  supervisor = await k.createUser(c.company.id, { profile: 'user', name: 'Sara' });
  plain = await k.createUser(c.company.id, { profile: 'user', name: 'Paulo' });
  await k.db('users').whereIn('id', [ana.user.id, supervisor.user.id]).update({ showDashboard: true, allowRealTime: true });
  await k.db('users').where({ id: bia.user.id }).update({ online: true });
  await k.db('userQueues').insert([
    { companyId: c.company.id, userId: ana.user.id, queueId: q1 },
    { companyId: c.company.id, userId: supervisor.user.id, queueId: q1 },
    { companyId: c.company.id, userId: bia.user.id, queueId: q2 },
  ]);
  const A = ana.user.id;
  const B = bia.user.id;
  const cid = c.company.id;
  // Created 23:59:59 on 09/11 in São Paulo: outside a range starting on the 10th.
  T.t1 = await fixture(cid, conn, 'T1', { status: 'pending', queueId: q1, createdAt: z('2026-11-10T02:59:59Z') }, { firstPendingAt: z('2026-11-10T02:59:59Z') });
  // 00:00:00 on 10/11: inside. A lead waiting in Vendas.
  T.t2 = await fixture(cid, conn, 'T2', { status: 'pending', queueId: q1, createdAt: z('2026-11-10T03:00:00Z') }, { isLead: true });
  T.t3 = await fixture(cid, conn, 'T3', { status: 'open', queueId: q1, userId: A, createdAt: z('2026-11-10T13:00:00Z') }, {
    isLead: true, firstQueuedAt: z('2026-11-10T13:00:00Z'), firstAcceptedAt: z('2026-11-10T13:10:00Z'), firstUserId: A, waitSeconds: 600,
  });
  // Transferred twice, finished by Ana, rated 5.
  T.t4 = await fixture(cid, conn, 'T4', { status: 'closed', queueId: q1, userId: A, createdAt: z('2026-11-10T14:00:00Z'), closedAt: z('2026-11-11T15:00:00Z') }, {
    firstAcceptedAt: z('2026-11-10T14:20:00Z'), firstUserId: A, waitSeconds: 1200, supportSeconds: 1800, closedAt: z('2026-11-11T15:00:00Z'),
    transfers: 2, rate: 5, ratedAt: z('2026-11-11T15:05:00Z'), ratedUserId: A,
  });
  // Closed without an agent.
  T.t5 = await fixture(cid, conn, 'T5', { status: 'closed', createdAt: z('2026-11-11T10:00:00Z'), closedAt: z('2026-11-11T10:30:00Z') }, {
    closedAt: z('2026-11-11T10:30:00Z'),
  });
  // Reopened once, finished by Bia at 23:59:59 on 11/11; rated 3 at 00:00 on 12/11 (outside).
  T.t6 = await fixture(cid, conn, 'T6', { status: 'closed', queueId: q2, userId: B, createdAt: z('2026-11-11T20:00:00Z'), closedAt: z('2026-11-12T02:59:59Z') }, {
    firstAcceptedAt: z('2026-11-11T20:10:00Z'), firstUserId: B, waitSeconds: 600, supportSeconds: 3000, closedAt: z('2026-11-12T02:59:59Z'),
    reopens: 1, rate: 3, ratedAt: z('2026-11-12T03:00:00Z'), ratedUserId: B,
  });
  // Created and accepted before the range, finished and rated 4 inside it.
  T.t7 = await fixture(cid, conn, 'T7', { status: 'closed', queueId: q2, userId: B, createdAt: z('2026-11-09T12:00:00Z'), closedAt: z('2026-11-10T12:00:00Z') }, {
    firstAcceptedAt: z('2026-11-09T12:05:00Z'), firstUserId: B, waitSeconds: 300, supportSeconds: 600, closedAt: z('2026-11-10T12:00:00Z'),
    rate: 4, ratedAt: z('2026-11-10T12:01:00Z'), ratedUserId: B,
  });
  // Finished at 00:00 on 12/11: outside.
  T.t8 = await fixture(cid, conn, 'T8', { status: 'closed', queueId: q1, userId: A, createdAt: z('2026-11-11T12:00:00Z'), closedAt: z('2026-11-12T03:00:00Z') }, {
    firstAcceptedAt: z('2026-11-11T12:00:00Z'), firstUserId: A, supportSeconds: 999, closedAt: z('2026-11-12T03:00:00Z'),
  });
  await k.db('ticketTags').insert({ companyId: cid, ticketId: T.t4, tagId: tag });
  // Another company's ticket in the same range.
  T.other = await fixture(other.company.id, conn2, 'X1', { status: 'closed', createdAt: z('2026-11-10T15:00:00Z'), closedAt: z('2026-11-10T16:00:00Z') }, {
    closedAt: z('2026-11-10T16:00:00Z'), firstAcceptedAt: z('2026-11-10T15:00:00Z'), supportSeconds: 3600, rate: 1, ratedAt: z('2026-11-10T16:00:00Z'),
  });
});
afterAll(async () => k?.close());

const RANGE = 'date_from=2026-11-10&date_to=2026-11-11';
const get = (path: string, token = c.admin.token) => k.api('GET', path, { token });

describe('GET /dashboard (inbox.md §3 counters)', () => {
  it('counts the range in São Paulo days, each metric as hand-computed', async () => {
    const res = await get(`/dashboard?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.range).toEqual({ from: '2026-11-10', to: '2026-11-11' });
    expect(res.body.counters).toEqual({
      supportPending: 1, // T2 (T1 is on the 9th)
      supportHappening: 1, // T3
      supportFinished: 3, // T4, T6 (23:59:59 on the 11th), T7
      supportClosedWithoutAgent: 1, // T5
      leads: 2, // T2, T3
      avgSupportTime: 30, // (1800 + 3000 + 600) / 3 s
      avgWaitTime: 13.3, // (600 + 1200 + 600) / 3 s = 800 s
    });
    expect(res.body.dueDate).toBe('2999-12-31');
    const byName = Object.fromEntries(res.body.attendants.map((a: any) => [a.name, a]));
    expect(byName.Ana).toEqual({ id: ana.user.id, name: 'Ana', rating: 5, countRating: 1, tickets: 1, avgWaitTime: 15, avgSupportTime: 30, online: false });
    expect(byName.Bia).toEqual({ id: bia.user.id, name: 'Bia', rating: 4, countRating: 1, tickets: 2, avgWaitTime: 10, avgSupportTime: 30, online: true });
    expect(byName.Paulo).toMatchObject({ tickets: 0, countRating: 0, rating: 0 });
  });

  it('a day starts at midnight in São Paulo', async () => {
    const ninth = await get('/dashboard?date_from=2026-11-09&date_to=2026-11-09');
    expect(ninth.body.counters).toMatchObject({ supportPending: 1, supportFinished: 0 }); // T1 at 23:59:59
    const twelfth = await get('/dashboard?date_from=2026-11-12&date_to=2026-11-12');
    expect(twelfth.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 16.7 }); // T8 at 00:00:00
    const hours = await get('/dashboard/total-atendimentos?date_from=2026-11-10&date_to=2026-11-10');
    expect(hours.body.unit).toBe('hour');
    expect(hours.body.data.filter((d: any) => d.total)).toEqual([{ label: '0', total: 1 }, { label: '10', total: 1 }, { label: '11', total: 1 }]);
    const ninthHours = await get('/dashboard/total-atendimentos?initialDate=2026-11-09&finalDate=2026-11-09');
    expect(ninthHours.body.data.filter((d: any) => d.total)).toEqual([{ label: '9', total: 1 }, { label: '23', total: 1 }]);
  });

  it('the charts: per day, per department, per user, closed per day, NPS', async () => {
    expect((await get(`/dashboard/total-atendimentos?${RANGE}`)).body).toEqual({
      unit: 'day', data: [{ label: '2026-11-10', total: 3 }, { label: '2026-11-11', total: 3 }], // T2 T3 T4 | T5 T6 T8
    });
    expect((await get(`/dashboard/queues?${RANGE}`)).body).toEqual([
      { id: q1, name: 'Vendas', color: '#00AA00', total: 4 },
      { id: 0, name: 'Sem fila', color: '#7C7C7C', total: 1 },
      { id: q2, name: 'Suporte', color: '#0000AA', total: 1 },
    ]);
    expect((await get('/dashboard/ticketsUsers?initialDate=2026-11-10&finalDate=2026-11-11')).body).toEqual([
      { userId: bia.user.id, name: 'Bia', total: 2 },
      { userId: ana.user.id, name: 'Ana', total: 1 },
    ]);
    expect((await get(`/dashboard/atendimentos-encerrados?${RANGE}`)).body).toEqual({
      total: 4,
      data: [{ day: '2026-11-10', finished: 1, withoutAgent: 0 }, { day: '2026-11-11', finished: 2, withoutAgent: 1 }],
    });
    // T4 rated 5 (boa), T7 rated 4 (media); T6's 3 came on the 12th.
    expect((await get(`/dashboard/nps-info?${RANGE}`)).body).toEqual({ total_notas: 2, boa: 1, media: 1, ruim: 0, nps: 50 });
    expect((await get('/dashboard/nps-info?date_from=2026-11-12&date_to=2026-11-12')).body).toEqual({ total_notas: 1, boa: 0, media: 0, ruim: 1, nps: -100 });
    expect((await get(`/dashboard/user-info?${RANGE}`)).body).toMatchObject({ featured: { name: 'Bia', tickets: 2 }, online: 1 });
  });

  it('days=N is the last N days with today; no filter is "Parametrize o filtro"; bad ranges are 400', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const week = await get('/dashboard?days=7');
    expect(week.body.range.to).toBe(today);
    expect(Date.parse(week.body.range.to) - Date.parse(week.body.range.from)).toBe(6 * 86400000);
    const none = await get('/dashboard');
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('validation.dashboardFilterRequired');
    for (const bad of ['date_from=2026-11-12&date_to=2026-11-10', 'date_from=2026-02-30', 'days=0', 'days=abc', 'date_from=2025-01-01&date_to=2026-11-10']) {
      expect((await get(`/dashboard?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('scope: each role sees what it may', () => {
  it('a user with showDashboard counts only the tickets the ticket list shows them', async () => {
    // Ana: her own (T3, T4, T8) and the unassigned ones of Vendas (T2).
    const mine = await get(`/dashboard?${RANGE}`, ana.token);
    expect(mine.status).toBe(200);
    expect(mine.body.counters).toEqual({
      supportPending: 1, supportHappening: 1, supportFinished: 1, supportClosedWithoutAgent: 0, leads: 2, avgSupportTime: 30, avgWaitTime: 15,
    });
    expect(mine.body.attendants.map((a: any) => a.name)).toEqual(['Ana']);
    // Sara (Vendas, nothing assigned): only T2.
    const sara = await get(`/dashboard?${RANGE}`, supervisor.token);
    expect(sara.body.counters).toMatchObject({ supportPending: 1, supportHappening: 0, supportFinished: 0, leads: 1 });
    expect((await get(`/dashboard/queues?${RANGE}`, supervisor.token)).body).toEqual([{ id: q1, name: 'Vendas', color: '#00AA00', total: 1 }]);
    expect((await get(`/dashboard/nps-info?${RANGE}`, supervisor.token)).body.total_notas).toBe(0);
  });

  it('a user without showDashboard gets 403 on the dashboard and the report; without allowRealTime on moments', async () => {
    for (const path of [`/dashboard?${RANGE}`, `/dashboard/queues?${RANGE}`, `/dashboard/nps-info?${RANGE}`, '/ticket/reports', '/ticket/reports/export']) {
      const res = await get(path, plain.token);
      expect(res.status, path).toBe(403);
      expect(res.body.error ?? res.body.code ?? JSON.stringify(res.body)).toContain('ERR_NO_PERMISSION');
    }
    expect((await get('/dashboard/moments', bia.token)).status).toBe(403);
    expect((await k.api('GET', `/dashboard?${RANGE}`)).status).toBe(401);
  });

  it("another company's admin sees only theirs", async () => {
    const theirs = await get(`/dashboard?${RANGE}`, other.admin.token);
    expect(theirs.body.counters).toMatchObject({ supportFinished: 1, supportPending: 0, avgSupportTime: 60 });
    expect(theirs.body.attendants.map((a: any) => a.id)).not.toContain(ana.user.id);
    expect((await get(`/dashboard/nps-info?${RANGE}`, other.admin.token)).body).toMatchObject({ total_notas: 1, ruim: 1 });
    const report = await get('/ticket/reports?dateFrom=2026-11-01&dateTo=2026-11-30', other.admin.token);
    expect(report.body.tickets.map((t: any) => t.id)).toEqual([T.other]);
  });
});

describe('GET /dashboard/moments', () => {
  const WINDOW = 'dateStart=2026-11-01&dateEnd=2026-11-30';

  it('one card per agent with their active tickets, a Pendentes card, Sem fila as queue 0', async () => {
    const res = await get(`/dashboard/moments?${WINDOW}`);
    expect(res.status).toBe(200);
    expect(res.body.agents).toEqual([
      { user: { id: ana.user.id, name: 'Ana', online: false }, count: 1, tickets: [expect.objectContaining({ id: T.t3, status: 'open', queue: { id: q1, name: 'Vendas', color: '#00AA00' } })] },
    ]);
    expect(res.body.pending.count).toBe(2);
    expect(res.body.pending.tickets.map((t: any) => t.id).sort()).toEqual([T.t1, T.t2].sort());
    expect(res.body.queues).toContainEqual({ id: 0, name: 'Sem fila', color: '#7C7C7C' });
    expect((await get(`/dashboard/moments?${WINDOW}&status=open`)).body.pending.count).toBe(0);
    expect((await get(`/dashboard/moments?${WINDOW}&status=pending`)).body.agents).toEqual([]);
    expect((await get(`/dashboard/moments?${WINDOW}&queueIds=[0]`)).body).toMatchObject({ agents: [], pending: { count: 0 } });
    expect((await get(`/dashboard/moments?${WINDOW}&userId=${bia.user.id}`)).body.agents).toEqual([]);
    // The window: from the 10th on, T1 (the 9th in São Paulo) is out.
    expect((await get('/dashboard/moments?dateStart=2026-11-10&dateEnd=2026-11-30')).body.pending.count).toBe(1);
  });

  it('the default window is the last 30 days; a plain user with allowRealTime sees only their own scope', async () => {
    const fresh = await k.db('tickets').insert({ companyId: c.company.id, whatsappId: conn, contactId: await contact(c.company.id, 'Novo'), status: 'pending', queueId: q1 }).returning('id');
    const res = await get('/dashboard/moments');
    expect(res.body.pending.tickets.map((t: any) => t.id)).toContain(fresh[0].id);
    const sara = await get(`/dashboard/moments?${WINDOW}`, supervisor.token);
    expect(sara.status).toBe(200);
    expect(sara.body.agents).toEqual([]);
    expect(sara.body.pending.tickets.map((t: any) => t.id).sort()).toEqual([T.t1, T.t2, fresh[0].id].sort());
    expect(sara.body.queues).toEqual([{ id: q1, name: 'Vendas', color: '#00AA00' }, { id: 0, name: 'Sem fila', color: '#7C7C7C' }]);
    await k.db('tickets').where({ id: fresh[0].id }).delete();
  });
});

describe('GET /ticket/reports and the export (outreach-config.md Tickets report)', () => {
  const NOV = 'dateFrom=2026-11-09&dateTo=2026-11-11';

  it('pages newest first with the total; the columns', async () => {
    const first = await get(`/ticket/reports?${NOV}&page=1&pageSize=5`);
    expect(first.status).toBe(200);
    expect(first.body.totalTickets).toEqual({ total: 8 });
    expect(first.body.tickets.map((t: any) => t.id)).toEqual([T.t6, T.t8, T.t5, T.t4, T.t3]);
    const second = await get(`/ticket/reports?${NOV}&page=2&pageSize=5`);
    expect(second.body.tickets.map((t: any) => t.id)).toEqual([T.t2, T.t1, T.t7]);
    const t4 = first.body.tickets.find((t: any) => t.id === T.t4);
    expect(t4).toEqual({
      id: T.t4, uuid: expect.any(String), whatsappName: 'Linha 1', contactName: 'T4', userName: 'Ana', queueName: 'Vendas', status: 'closed',
      lastMessage: 'msg T4', createdAt: '2026-11-10T14:00:00.000Z', closedAt: '2026-11-11T15:00:00.000Z', supportTime: 1800, NPS: 5, closeReason: null, sla: { firstResponse: null, resolution: null },
    });
    expect((await get(`/ticket/reports?${NOV}&pageSize=7`)).status).toBe(400);
  });

  it('filters: status, queues (0 = Sem fila), users, tags, connection, contact search', async () => {
    const ids = async (q: string) => (await get(`/ticket/reports?${NOV}&pageSize=50&${q}`)).body.tickets.map((t: any) => t.id).sort((x: number, y: number) => x - y);
    expect(await ids('status=["pending"]')).toEqual([T.t1, T.t2]);
    expect(await ids('queueIds=[0]')).toEqual([T.t5]);
    expect(await ids(`queueIds=[${q2},0]`)).toEqual([T.t5, T.t6, T.t7]);
    expect(await ids(`users=[${ana.user.id}]`)).toEqual([T.t3, T.t4, T.t8]);
    expect(await ids(`tags=[${tag}]`)).toEqual([T.t4]);
    expect(await ids(`whatsappId=[${conn}]&status=["open"]`)).toEqual([T.t3]);
    expect(await ids('searchParam=T7')).toEqual([T.t7]);
    const contactId = (await k.db('tickets').where({ id: T.t6 }).first('contactId')).contactId;
    expect(await ids(`contactId=${contactId}`)).toEqual([T.t6]);
    // Default range: the first of this month to today (the fixtures are older than that only if today is past November 2026).
    expect((await get('/ticket/reports')).status).toBe(200);
    // Ana's scope: her own and Vendas' unassigned.
    const mine = (await get(`/ticket/reports?${NOV}&pageSize=50`, ana.token)).body.tickets.map((t: any) => t.id).sort((x: number, y: number) => x - y);
    expect(mine).toEqual([T.t1, T.t2, T.t3, T.t4, T.t8]);
  });

  it('pageSize 9999999 streams every row as one JSON document', async () => {
    const all = await get(`/ticket/reports?${NOV}&pageSize=9999999`);
    expect(all.status).toBe(200);
    expect(all.body.totalTickets.total).toBe(8);
    expect(all.body.tickets.map((t: any) => t.id)).toEqual([T.t6, T.t8, T.t5, T.t4, T.t3, T.t2, T.t1, T.t7]);
  });

  it('the export is relatorio-de-atendimentos.xlsx with the sheet RelatorioDeAtendimentos, every row, dates in São Paulo', async () => {
    const res = await fetch(`${k.apiUrl}/ticket/reports/export?${NOV}&status=["closed"]`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('relatorio-de-atendimentos.xlsx');
    expect(res.headers.get('x-total-rows')).toBe('5');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.getWorksheet('RelatorioDeAtendimentos')!;
    expect(sheet).toBeDefined();
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['ID', 'Conexão', 'Contato', 'Usuário', 'Fila', 'Status', 'Última mensagem', 'Data de abertura', 'Data de fechamento', 'Tempo de atendimento', 'NPS', 'Motivo de encerramento', 'SLA primeira resposta', 'SLA resolução']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([T.t6, T.t8, T.t5, T.t4, T.t7]);
    expect(rows.find((r) => r[0] === T.t4)).toEqual([T.t4, 'Linha 1', 'T4', 'Ana', 'Vendas', 'Fechado', 'msg T4', '10/11/2026 11:00', '11/11/2026 12:00', '00:30:00', 5]);
    expect(rows.find((r) => r[0] === T.t6)!.slice(7, 9)).toEqual(['11/11/2026 17:00', '11/11/2026 23:59']);
  });

  it('the export speaks the language asked (headers, statuses, dates) and shows messages without WhatsApp markers', async () => {
    await k.db('tickets').where({ id: T.t4 }).update({ lastMessage: '*Ana*:\nSeu pedido _saiu_ hoje, 2*3*4' });
    try {
      const read = async (lang: string) => {
        const res = await fetch(`${k.apiUrl}/ticket/reports/export?${NOV}&status=["closed"]&lang=${lang}`, { headers: { authorization: `Bearer ${c.admin.token}` } });
        expect(res.status).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
        const rows: unknown[][] = [];
        workbook.getWorksheet('RelatorioDeAtendimentos')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      const en = await read('en');
      expect(en[0]).toEqual(['ID', 'Connection', 'Contact', 'User', 'Queue', 'Status', 'Last message', 'Opened at', 'Closed at', 'Service time', 'NPS', 'Closing reason', 'First-response SLA', 'Resolution SLA']);
      expect(en.find((r) => r[0] === T.t4)).toEqual([T.t4, 'Linha 1', 'T4', 'Ana', 'Vendas', 'Closed', 'Ana:\nSeu pedido saiu hoje, 2*3*4', '10/11/2026 11:00', '11/11/2026 12:00', '00:30:00', 5]);
      const tr = await read('tr');
      expect(tr[0]![1]).toBe('Bağlantı');
      expect(tr.find((r) => r[0] === T.t4)!.slice(5, 8)).toEqual(['Kapalı', 'Ana:\nSeu pedido saiu hoje, 2*3*4', '10.11.2026 11:00']);
      const es = await read('es');
      expect(es.find((r) => r[0] === T.t4)![5]).toBe('Cerrado');
      const bad = await fetch(`${k.apiUrl}/ticket/reports/export?${NOV}&lang=xx`, { headers: { authorization: `Bearer ${c.admin.token}` } });
      expect(bad.status).toBe(400);
    } finally {
      await k.db('tickets').where({ id: T.t4 }).update({ lastMessage: 'msg T4' });
    }
  });

  it('the export reports its progress to the caller’s sockets', async () => {
    const socket = await k.socket(c.admin.token);
    const events: any[] = [];
    socket.on(`company-${c.company.id}-reportExport`, (e) => events.push(e));
    const res = await fetch(`${k.apiUrl}/ticket/reports/export?${NOV}&exportId=abc`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    await res.arrayBuffer();
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ exportId: 'abc', done: 8, total: 8 }));
    expect(events[0]).toEqual({ exportId: 'abc', done: 0, total: 8 });
    socket.close();
  });
});
