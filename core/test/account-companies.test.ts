import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, CompanyDeletionEvent, RecurrenceMonths } from '@guiche/contracts';
import { createTestKernel, nextEvent, storageFolder, waitFor, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const asSuper = (method: string, p: string, body?: unknown) => k.api(method, p, { token: k.superToken, body });
let planId = 0;
async function plan() {
  if (!planId) planId = (await k.db('plans').insert({ name: `Plano empresas ${Date.now()}`, users: 5, connections: 2, queues: 4, amount: 149.9 }).returning('id'))[0].id;
  return planId;
}

describe('addCalendarMonths', () => {
  it('adds calendar months, keeping the day or the month end', () => {
    expect(addCalendarMonths('2026-01-15', RecurrenceMonths.MENSAL)).toBe('2026-02-15');
    expect(addCalendarMonths('2026-01-31', RecurrenceMonths.MENSAL)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-11-30', RecurrenceMonths.TRIMESTRAL)).toBe('2027-02-28');
    expect(addCalendarMonths('2024-02-29', RecurrenceMonths.ANUAL)).toBe('2025-02-28');
    expect(addCalendarMonths('2026-08-31', RecurrenceMonths.SEMESTRAL)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-12-10', RecurrenceMonths.BIMESTRAL)).toBe('2027-02-10');
  });
});

describe('companies (super users)', () => {
  it('refuses admins and plain users on every companies route, whatever the company', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const plain = await k.createUser(b.company.id);
    const calls: [string, string, unknown?][] = [
      ['GET', '/companiesPlan/'],
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['GET', `/companies/${a.company.id}`],
      ['GET', `/companies/listPlan/${a.company.id}`],
      ['GET', `/companies/listPlan/${b.company.id}`],
      ['POST', '/companies', { name: 'Intrusa', email: 'intrusa@example.com', planId: a.plan.id }],
      ['PUT', `/companies/${a.company.id}`, { dueDate: '2999-01-01' }],
      ['DELETE', `/companies/${a.company.id}`],
    ];
    for (const token of [b.admin.token, plain.token, a.admin.token]) {
      for (const [method, p, body] of calls) {
        const res = await k.api(method, p, { token, body });
        expect({ call: `${method} ${p}`, status: res.status, error: res.body?.error }).toEqual({ call: `${method} ${p}`, status: 403, error: 'ERR_NO_PERMISSION' });
      }
    }
    expect(await k.db('companies').where({ name: 'Intrusa' }).first()).toBeUndefined();
    expect((await k.db('companies').where({ id: a.company.id }).first()).deletingSince).toBeNull();
  });

  it('lists companies with plan name, value and last login, searched and paged by 20', async () => {
    const marker = `Lista${Date.now().toString(36)}`;
    const pid = await plan();
    for (let i = 0; i < 23; i++) await k.db('companies').insert({ name: `${marker} ${String(i).padStart(2, '0')}`, email: `c${i}@${marker}.com`, planId: pid, dueDate: '2030-01-01' });
    await k.db('companies').where({ name: `${marker} 00` }).update({ lastLogin: new Date('2026-11-20T10:00:00Z') });

    const first = await asSuper('GET', `/companiesPlan/?searchParam=${marker.toLowerCase()}&pageNumber=1`);
    expect(first.status).toBe(200);
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.companies[0]).toMatchObject({ name: `${marker} 00`, planName: expect.stringContaining('Plano empresas'), value: 149.9, dueDate: '2030-01-01', recurrence: 'MENSAL', status: true });
    expect(new Date(first.body.companies[0].lastLogin).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    const second = await asSuper('GET', `/companiesPlan/?searchParam=${marker}&pageNumber=2`);
    expect(second.body.companies.map((c: any) => c.name)).toEqual([`${marker} 20`, `${marker} 21`, `${marker} 22`]);
    expect(second.body.hasMore).toBe(false);
    const counted = await asSuper('GET', `/companies?searchParam=${marker}`);
    expect(counted.body).toMatchObject({ count: 23, hasMore: true });
    expect((await asSuper('GET', '/companiesPlan/?pageNumber=0')).status).toBe(400);
  });

  it('creates a company with its first admin, with the §5 messages for bad input', async () => {
    const pid = await plan();
    const name = `Nova ${Date.now().toString(36)}`;
    const email = `admin.${Date.now()}@nova.com`;
    const bad = await asSuper('POST', '/companies', { name: 'A', email: 'not-an-email', planId: pid, dueDate: '2026-02-31' });
    expect(bad.status).toBe(400);
    const issues = Object.fromEntries(bad.body.issues.map((i: any) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({ name: 'validation.tooShort', email: 'validation.invalidEmail', dueDate: expect.any(String) });
    const missing = await asSuper('POST', '/companies', { name });
    expect(missing.body.issues.map((i: any) => i.path.join('.')).sort()).toEqual(['email', 'planId']);

    const created = await asSuper('POST', '/companies', { name, email, planId: pid, dueDate: null, recurrence: 'TRIMESTRAL', password: 'Nova@2026', phone: '11912345678' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, email, planId: pid, dueDate: null, recurrence: 'TRIMESTRAL', status: true, planName: expect.any(String) });
    const login = await k.api('POST', '/auth/login', { body: { email, password: 'Nova@2026' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ companyId: created.body.id, profile: 'admin' });

    expect(await asSuper('POST', '/companies', { name: name.toUpperCase(), email: 'x@y.com', planId: pid })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_COMPANY' } });
    expect(await asSuper('POST', '/companies', { name: `${name}b`, email, planId: pid, password: 'Nova@2026' })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    expect(await asSuper('POST', '/companies', { name: `${name}c`, email: 'x@y.com', planId: 999999 })).toMatchObject({ status: 400, body: { error: 'ERR_NO_PLAN_FOUND' } });

    const withPlan = await asSuper('GET', `/companies/listPlan/${created.body.id}`);
    expect(withPlan.body).toMatchObject({ id: created.body.id, plan: { id: pid, users: 5, connections: 2, queues: 4 } });
  });

  it('advances the due date by the recurrence through PUT, and keeps company 1 at 2999-12-31', async () => {
    const { company } = await k.createCompany({ dueDate: '2026-01-31' });
    await asSuper('PUT', `/companies/${company.id}`, { recurrence: 'BIMESTRAL' });
    const current = (await asSuper('GET', `/companies/${company.id}`)).body;
    const next = addCalendarMonths(current.dueDate, RecurrenceMonths[current.recurrence as keyof typeof RecurrenceMonths]);
    expect((await asSuper('PUT', `/companies/${company.id}`, { dueDate: next })).body.dueDate).toBe('2026-03-31');
    expect((await asSuper('PUT', '/companies/1', { dueDate: '2027-01-01' })).body.dueDate).toBe('2999-12-31');
  });
});

describe('deleting a company', () => {
  it('refuses company 1', async () => {
    expect(await asSuper('DELETE', '/companies/1')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.db('companies').where({ id: 1 }).first('deletingSince')).toEqual({ deletingSince: null });
  });

  it('removes every row and the media of the company in the background, with progress, and nothing of another', async () => {
    const seed = async () => {
      const c = await k.createCompany();
      const companyId = c.company.id;
      const conn = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name: 'Site', channel: 'webchat' } });
      expect(conn.status).toBe(201);
      await k.api('POST', '/queue', { token: c.admin.token, body: { name: 'Fila', color: '#112233' } });
      const [contact] = await k.db('contacts').insert({ companyId, name: 'Cliente', number: `55119${Date.now() % 100000000}`, channel: 'whatsapp' }).returning('id');
      const [ticket] = await k.db('tickets').insert({ companyId, contactId: contact.id, whatsappId: conn.body.id, status: 'open', userId: c.admin.user.id }).returning('id');
      await k.db('messages').insert({ companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: conn.body.id, body: 'oi', fromMe: true, wid: `W${Date.now()}${companyId}` });
      await k.db('tags').insert({ companyId, name: 'Etiqueta', color: '#A4CCCC' });
      const stored = await k.kernel.core.storage.save(companyId, 'media', 'file.txt', Buffer.from('media of the company'));
      return { c, companyId, stored };
    };
    const doomed = await seed();
    const kept = await seed();
    const tables: string[] = (
      await k.db.raw("SELECT table_name FROM information_schema.columns WHERE column_name = 'company_id' AND table_schema = current_schema() AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = current_schema())")
    ).rows.map((r: { table_name: string }) => r.table_name);
    const countsOf = async (companyId: number) => {
      const out: Record<string, number> = {};
      for (const table of tables) out[table] = Number((await k.db(table).where({ companyId }).count({ n: '*' }))[0].n);
      return out;
    };
    const keptBefore = await countsOf(kept.companyId);
    expect(Object.values(await countsOf(doomed.companyId)).reduce((a, b) => a + b, 0)).toBeGreaterThan(6);

    const socket = await k.socket(k.superToken);
    const media = nextEvent<any>(socket, CompanyDeletionEvent, (p) => p.companyId === doomed.companyId && p.step === 'media');
    const done = nextEvent<any>(socket, CompanyDeletionEvent, (p) => p.companyId === doomed.companyId && p.step === 'done');
    const res = await asSuper('DELETE', `/companies/${doomed.companyId}`);
    expect(res).toMatchObject({ status: 202, body: { id: doomed.companyId, deleting: true } });
    // Its users are out at once, and the list no longer shows it.
    expect((await k.api('GET', '/auth/me', { token: doomed.c.admin.token })).status).toBe(401);
    const listed = await asSuper('GET', `/companiesPlan/?searchParam=${encodeURIComponent(doomed.c.company.name)}`);
    expect(listed.body.companies).toEqual([]);
    expect((await asSuper('DELETE', `/companies/${doomed.companyId}`)).status).toBe(404);

    await media;
    await done;
    socket.disconnect();
    expect(await k.db('companies').where({ id: doomed.companyId }).first()).toBeUndefined();
    expect(Object.entries(await countsOf(doomed.companyId)).filter(([, n]) => n > 0)).toEqual([]);
    expect(fs.existsSync(path.join(storageFolder(k), `company${doomed.companyId}`))).toBe(false);
    expect(await countsOf(kept.companyId)).toEqual(keptBefore);
    expect((await k.kernel.core.storage.read(kept.stored.path)).toString('utf8')).toBe('media of the company');
    expect((await k.api('GET', '/auth/me', { token: kept.c.admin.token })).status).toBe(200);
    await waitFor(async () => !(await k.db('timedWork').where({ kind: 'account.companyDeletion' }).first()));
  });

  it('lists the deletions still running to super users, with those that gave up', async () => {
    const { company, admin } = await k.createCompany();
    const [tag] = await k.db('tags').insert({ companyId: company.id, name: 'Presa', color: '#A4CCCC' }).returning('id');
    expect((await k.api('GET', '/companies/deletions', { token: admin.token })).status).toBe(403);
    const running = async () => ((await asSuper('GET', '/companies/deletions')).body as any[]).filter((d) => d.id === company.id);

    // A row held by another transaction keeps the deletion in its rows step.
    const holder = await k.db.transaction();
    try {
      await holder('tags').where({ id: tag.id }).forUpdate().first();
      expect((await asSuper('DELETE', `/companies/${company.id}`)).status).toBe(202);
      await waitFor(async () => ((await running())[0]?.step === 'rows' ? true : null));
      expect(await running()).toEqual([{ id: company.id, name: company.name, deletingSince: expect.any(String), step: 'rows', failed: false }]);
    } finally {
      await holder.rollback();
    }
    await waitFor(async () => ((await running()).length === 0 ? true : null));

    const { company: stuck } = await k.createCompany();
    await k.db('companies').where({ id: stuck.id }).update({ deletingSince: k.db.fn.now(), status: false });
    await k.db('timedWork').insert({ kind: 'account.companyDeletion', key: String(stuck.id), dueAt: new Date(), payload: JSON.stringify({ companyId: stuck.id, step: 'rows' }), attempts: 5, failedAt: new Date() });
    try {
      expect(((await asSuper('GET', '/companies/deletions')).body as any[]).find((d) => d.id === stuck.id)).toMatchObject({ failed: true });
    } finally {
      await k.db('timedWork').where({ kind: 'account.companyDeletion', key: String(stuck.id) }).del();
      await k.db('companies').where({ id: stuck.id }).update({ deletingSince: null });
    }
  });
});
