import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

let k: TestKernel;
let seq = 0;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function connection(companyId: number): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token }).returning('id');
  return row.id;
}
async function queue(companyId: number): Promise<number> {
  const [row] = await k.db('queues').insert({ companyId, name: `Queue ${++seq}`, color: `#${(0x200000 + ++seq).toString(16)}` }).returning('id');
  return row.id;
}
async function ticket(companyId: number, whatsappId: number, fields: Record<string, unknown>) {
  const [c] = await k.db('contacts').insert({ companyId, name: `Contact ${++seq}`, number: `55219${String(10000000 + ++seq)}`, channel: 'whatsapp' }).returning('id');
  const [row] = await k.db('tickets').insert({ companyId, whatsappId, contactId: c.id, status: 'open', ...fields }).returning('*');
  return row;
}
async function reason(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/closing-reasons', { token, body });
  if (res.status !== 201) throw new Error(`reason failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; color: string; active: boolean };
}

describe('closing reasons: the admin list', () => {
  it('admins create, rename, deactivate; the company hears each change', async () => {
    const { company, admin } = await k.createCompany();
    const socket = await k.socket(admin.token);
    const created = nextEvent(socket, `company-${company.id}-closingReason`);
    const r = await reason(admin.token, { name: 'Resolvido' });
    expect(r).toMatchObject({ name: 'Resolvido', color: '#5C7080', active: true, ticketsCount: 0 });
    expect(await created).toMatchObject({ action: 'create', closingReason: { id: r.id } });
    const updated = nextEvent(socket, `company-${company.id}-closingReason`);
    const res = await k.api('PUT', `/closing-reasons/${r.id}`, { token: admin.token, body: { name: 'Resolvido no 1º contato', active: false, color: '#00ff00' } });
    expect(res.body).toMatchObject({ name: 'Resolvido no 1º contato', active: false, color: '#00ff00' });
    expect(await updated).toMatchObject({ action: 'update', closingReason: { active: false } });
  });

  it.each([
    [{}, 'name', 'validation.required'],
    [{ name: '  ' }, 'name', 'validation.required'],
    [{ name: 'x'.repeat(81) }, 'name', 'validation.tooLong'],
    [{ name: 'Ok', color: 'blue' }, 'color', 'validation.closingReasonColor'],
  ])('rejects %j (%s: %s) without writing', async (body, field, message) => {
    const { company, admin } = await k.createCompany();
    const res = await k.api('POST', '/closing-reasons', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await k.db('closingReasons').where({ companyId: company.id }).first()).toBeUndefined();
  });

  it('refuses a duplicate name in the company, whatever the case, but not in another company', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    await reason(a.admin.token, { name: 'Sem retorno' });
    expect(await k.api('POST', '/closing-reasons', { token: a.admin.token, body: { name: 'SEM RETORNO' } })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CLOSING_REASON' } });
    expect((await k.api('POST', '/closing-reasons', { token: b.admin.token, body: { name: 'Sem retorno' } })).status).toBe(201);
  });

  it('agents read only the active reasons and change nothing', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id, { profile: 'user' });
    const on = await reason(admin.token, { name: 'Venda' });
    const off = await reason(admin.token, { name: 'Spam', active: false });
    expect((await k.api('GET', '/closing-reasons', { token: admin.token })).body.map((r: any) => r.id)).toEqual([off.id, on.id]);
    expect((await k.api('GET', '/closing-reasons', { token: agent.token })).body.map((r: any) => r.id)).toEqual([on.id]);
    expect((await k.api('GET', '/closing-reasons?active=false', { token: agent.token })).body.map((r: any) => r.id)).toEqual([on.id]);
    expect((await k.api('POST', '/closing-reasons', { token: agent.token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await k.api('PUT', `/closing-reasons/${on.id}`, { token: agent.token, body: { active: false } })).status).toBe(403);
    expect((await k.api('DELETE', `/closing-reasons/${on.id}`, { token: agent.token })).status).toBe(403);
    expect((await k.db('closingReasons').where({ id: on.id }).first()).active).toBe(true);
  });

  it("another company's reasons are invisible and untouchable", async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const theirs = await reason(a.admin.token, { name: 'Deles' });
    expect((await k.api('GET', '/closing-reasons', { token: b.admin.token })).body).toEqual([]);
    expect(await k.api('PUT', `/closing-reasons/${theirs.id}`, { token: b.admin.token, body: { name: 'Nosso' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CLOSING_REASON_FOUND' } });
    expect((await k.api('DELETE', `/closing-reasons/${theirs.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await k.db('closingReasons').where({ id: theirs.id }).first()).name).toBe('Deles');
  });

  it('deletes an unused reason; one tickets were closed with is kept (deactivate instead)', async () => {
    const { company, admin } = await k.createCompany();
    const conn = await connection(company.id);
    const unused = await reason(admin.token, { name: 'Nunca usado' });
    const used = await reason(admin.token, { name: 'Usado' });
    await ticket(company.id, conn, { status: 'closed', closeReasonId: used.id, closedAt: new Date() });
    expect((await k.api('DELETE', `/closing-reasons/${unused.id}`, { token: admin.token })).status).toBe(200);
    expect(await k.api('DELETE', `/closing-reasons/${used.id}`, { token: admin.token })).toMatchObject({ status: 409, body: { error: 'ERR_CLOSING_REASON_IN_USE' } });
    expect((await k.api('GET', '/closing-reasons', { token: admin.token })).body).toEqual([expect.objectContaining({ id: used.id, ticketsCount: 1 })]);
  });
});

describe('closing reasons on resolve', () => {
  let c: TestCompany;
  let conn: number;
  let q: number;
  let agent: TestUser;
  beforeAll(async () => {
    c = await k.createCompany();
    conn = await connection(c.company.id);
    q = await queue(c.company.id);
    agent = await k.createUser(c.company.id, { profile: 'user' });
    await k.db('userQueues').insert({ companyId: c.company.id, userId: agent.user.id, queueId: q });
  });
  const resolve = (id: number, body: Record<string, unknown>) =>
    k.api('PUT', `/tickets/${id}`, { token: agent.token, body: { status: 'closed', sendFarewellMessage: false, ...body } });

  it('stores the reason on the ticket and in its close log, and the history names it', async () => {
    const r = await reason(c.admin.token, { name: 'Dúvida respondida', color: '#112233' });
    const t = await ticket(c.company.id, conn, { queueId: q, userId: agent.user.id });
    const res = await resolve(t.id, { closeReasonId: r.id });
    expect(res.body).toMatchObject({ status: 'closed', closeReasonId: r.id });
    const log = await k.db('ticketLogs').where({ ticketId: t.id, type: 'closed' }).first();
    expect(log.data).toEqual({ closeReasonId: r.id });
    const history = await k.api('GET', `/tickets-log/${t.id}`, { token: agent.token });
    expect(history.body[0]).toMatchObject({ type: 'closed', closeReason: { id: r.id, name: 'Dúvida respondida', color: '#112233' } });
  });

  it('without the setting a reason is optional', async () => {
    const t = await ticket(c.company.id, conn, { queueId: q, userId: agent.user.id });
    expect((await resolve(t.id, {})).body).toMatchObject({ status: 'closed', closeReasonId: null });
  });

  it('requireCloseReason: resolving without a reason is refused and changes nothing', async () => {
    await k.kernel.core.settings.set(c.company.id, 'requireCloseReason', 'enabled');
    try {
      const t = await ticket(c.company.id, conn, { queueId: q, userId: agent.user.id });
      expect(await resolve(t.id, {})).toMatchObject({ status: 400, body: { error: 'ERR_CLOSING_REASON_REQUIRED' } });
      expect(await resolve(t.id, { closeReasonId: null })).toMatchObject({ status: 400, body: { error: 'ERR_CLOSING_REASON_REQUIRED' } });
      expect(await k.db('tickets').where({ id: t.id }).first()).toMatchObject({ status: 'open', closeReasonId: null });
      expect(await k.db('ticketLogs').where({ ticketId: t.id }).first()).toBeUndefined();
      // Returning to the queue or transferring does not ask for one.
      expect((await k.api('PUT', `/tickets/${t.id}`, { token: agent.token, body: { status: 'pending' } })).body.status).toBe('pending');
    } finally {
      await k.kernel.core.settings.set(c.company.id, 'requireCloseReason', 'disabled');
    }
  });

  it("refuses an inactive reason and another company's reason", async () => {
    const off = await reason(c.admin.token, { name: 'Desativado', active: false });
    const other = await k.createCompany();
    const theirs = await reason(other.admin.token, { name: 'Alheio' });
    const t = await ticket(c.company.id, conn, { queueId: q, userId: agent.user.id });
    expect(await resolve(t.id, { closeReasonId: off.id })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CLOSING_REASON_FOUND' } });
    expect(await resolve(t.id, { closeReasonId: theirs.id })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CLOSING_REASON_FOUND' } });
    expect((await k.db('tickets').where({ id: t.id }).first()).status).toBe('open');
  });

  it('close-all asks once: every closed ticket and log carries the reason; required under the setting', async () => {
    const q2 = await queue(c.company.id);
    const r = await reason(c.admin.token, { name: 'Limpeza de fila' });
    const a = await ticket(c.company.id, conn, { queueId: q2, status: 'pending' });
    const b = await ticket(c.company.id, conn, { queueId: q2, status: 'pending' });
    await k.kernel.core.settings.set(c.company.id, 'requireCloseReason', 'enabled');
    try {
      const refused = await k.api('POST', '/tickets/closeAll', { token: c.admin.token, body: { status: 'pending', queueIds: [q2] } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_CLOSING_REASON_REQUIRED' } });
      expect((await k.db('tickets').whereIn('id', [a.id, b.id]).pluck('status')).sort()).toEqual(['pending', 'pending']);
      const done = await k.api('POST', '/tickets/closeAll', { token: c.admin.token, body: { status: 'pending', queueIds: [q2], closeReasonId: r.id } });
      expect(done.body).toEqual({ closed: 2 });
    } finally {
      await k.kernel.core.settings.set(c.company.id, 'requireCloseReason', 'disabled');
    }
    expect((await k.db('tickets').whereIn('id', [a.id, b.id]).select('closeReasonId')).map((t) => t.closeReasonId)).toEqual([r.id, r.id]);
    const logs = await k.db('ticketLogs').whereIn('ticketId', [a.id, b.id]).where({ type: 'closed' });
    expect(logs.map((l) => l.data)).toEqual([{ closeAll: true, closeReasonId: r.id }, { closeAll: true, closeReasonId: r.id }]);
  });
});

describe('closing reasons in the tickets report and the dashboard', () => {
  let c: TestCompany;
  let conn: number;
  let qa: number;
  let qb: number;
  let ana: TestUser;
  let bia: TestUser;
  const R: Record<string, number> = {};
  const T: Record<string, number> = {};
  const DAY = 'date_from=2026-11-09&date_to=2026-11-11';
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    c = await k.createCompany();
    conn = await connection(c.company.id);
    qa = await queue(c.company.id);
    qb = await queue(c.company.id);
    ana = await k.createUser(c.company.id, { profile: 'user' });
    bia = await k.createUser(c.company.id, { profile: 'user' });
    await k.db('users').where({ id: ana.user.id }).update({ showDashboard: true, name: 'Ana' });
    await k.db('users').where({ id: bia.user.id }).update({ name: 'Bia' });
    await k.db('userQueues').insert({ companyId: c.company.id, userId: ana.user.id, queueId: qa });
    R.sale = (await reason(c.admin.token, { name: 'Venda', color: '#00aa00' })).id;
    R.spam = (await reason(c.admin.token, { name: 'Spam', color: '#aa0000' })).id;
    // Closed in São Paulo on 10 Nov (13:00Z = 10:00) and 11 Nov (02:30Z on the 12th = 23:30 on the 11th).
    const closed = (userId: number, queueId: number, closeReasonId: number | null, closedAt: string) =>
      ticket(c.company.id, conn, { status: 'closed', userId, queueId, closeReasonId, createdAt: at('2026-11-10T12:00:00Z'), closedAt: at(closedAt) });
    T.a1 = (await closed(ana.user.id, qa, R.sale!, '2026-11-10T13:00:00Z')).id;
    T.a2 = (await closed(ana.user.id, qa, R.spam!, '2026-11-12T02:30:00Z')).id;
    T.b1 = (await closed(bia.user.id, qb, R.sale!, '2026-11-10T14:00:00Z')).id;
    T.b2 = (await closed(bia.user.id, qb, null, '2026-11-10T15:00:00Z')).id;
    // Outside the range (12 Nov in São Paulo).
    T.late = (await closed(bia.user.id, qb, R.sale!, '2026-11-12T03:30:00Z')).id;
  });

  it('the report filters by reason and each row names its reason', async () => {
    const res = await k.api('GET', `/ticket/reports?dateFrom=2026-11-01&dateTo=2026-11-30&closeReasons=[${R.sale}]&pageSize=50`, { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((t: any) => t.id).sort((x: number, y: number) => x - y)).toEqual([T.a1, T.b1, T.late]);
    expect(res.body.tickets[0].closeReason).toEqual({ id: R.sale, name: 'Venda', color: '#00aa00' });
    const all = await k.api('GET', `/ticket/reports?dateFrom=2026-11-01&dateTo=2026-11-30&pageSize=50`, { token: c.admin.token });
    expect(all.body.tickets.find((t: any) => t.id === T.b2).closeReason).toBeNull();
    // Another company's reason id selects nothing of theirs or ours.
    const other = await k.createCompany();
    const theirs = await reason(other.admin.token, { name: 'Deles' });
    const none = await k.api('GET', `/ticket/reports?dateFrom=2026-11-01&dateTo=2026-11-30&closeReasons=[${theirs.id}]`, { token: c.admin.token });
    expect(none.body.tickets).toEqual([]);
  });

  it('the export has the reason column', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const res = await fetch(`${k.apiUrl}/ticket/reports/export?dateFrom=2026-11-01&dateTo=2026-11-30&closeReasons=[${R.spam}]`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('RelatorioDeAtendimentos')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(-3)).toEqual(['Motivo de encerramento', 'SLA primeira resposta', 'SLA resolução']);
    expect(rows.length).toBe(2);
    expect(rows[1]![0]).toBe(T.a2);
    expect(rows[1]!.at(-1)).toBe('Spam');
  });

  it('the dashboard counts reasons by day, queue and agent in the range', async () => {
    const res = await k.api('GET', `/dashboard/closing-reasons?${DAY}`, { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.reasons).toEqual([
      { id: R.sale, name: 'Venda', color: '#00aa00', total: 2 },
      { id: R.spam, name: 'Spam', color: '#aa0000', total: 1 },
    ]);
    expect(res.body.byDay).toEqual([
      { day: '2026-11-10', reasonId: R.sale, total: 2 },
      { day: '2026-11-11', reasonId: R.spam, total: 1 },
    ]);
    expect(res.body.byQueue).toEqual(expect.arrayContaining([
      expect.objectContaining({ queueId: qa, reasonId: R.sale, total: 1 }),
      expect.objectContaining({ queueId: qa, reasonId: R.spam, total: 1 }),
      expect.objectContaining({ queueId: qb, reasonId: R.sale, total: 1 }),
    ]));
    expect(res.body.byQueue).toHaveLength(3);
    expect(res.body.byUser).toEqual([
      { userId: ana.user.id, userName: 'Ana', reasonId: R.sale, total: 1 },
      { userId: ana.user.id, userName: 'Ana', reasonId: R.spam, total: 1 },
      { userId: bia.user.id, userName: 'Bia', reasonId: R.sale, total: 1 },
    ].sort((x, y) => x.reasonId - y.reasonId).sort((x, y) => x.userName.localeCompare(y.userName)));
  });

  it("a plain user with showDashboard counts only their scope; one without gets 403; another company sees nothing", async () => {
    const mine = await k.api('GET', `/dashboard/closing-reasons?${DAY}`, { token: ana.token });
    expect(mine.body.reasons.map((r: any) => [r.name, r.total])).toEqual([['Spam', 1], ['Venda', 1]]);
    expect(mine.body.byUser.every((u: any) => u.userId === ana.user.id)).toBe(true);
    expect(await k.api('GET', `/dashboard/closing-reasons?${DAY}`, { token: bia.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const other = await k.createCompany();
    expect((await k.api('GET', `/dashboard/closing-reasons?${DAY}`, { token: other.admin.token })).body).toEqual({ reasons: [], byDay: [], byQueue: [], byUser: [] });
    expect((await k.api('GET', `/ticket/reports?dateFrom=2026-11-01&dateTo=2026-11-30&closeReasons=[${R.sale}]`, { token: other.admin.token })).body.tickets).toEqual([]);
  });
});
