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
