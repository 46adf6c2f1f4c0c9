import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

/**
 * numberAttendants and numberConections of a company (account-admin.md §3, §5 "numeric"): set by
 * super users only, integers 0..9999 or null, and — when set — the company's maximum of users and
 * connections in place of its plan's (0 = no limit, as on a plan).
 */
let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const asSuper = (method: string, p: string, body?: unknown) => k.api(method, p, { token: k.superToken, body });
let n = 0;
const unique = (prefix: string) => `${prefix} ${++n} ${Date.now().toString(36)}`;
const newUser = () => ({ name: unique('Atendente'), email: `atendente${++n}.${Date.now()}@example.com`, password: 'segredo1' });
const newConnection = () => ({ name: unique('Canal').slice(0, 50), channel: 'webchat' });
const issuesOf = (body: any) => Object.fromEntries((body.issues ?? []).map((i: any) => [i.path.join('.'), i.message]));

describe('numberAttendants and numberConections', () => {
  it('refuses what is not an integer from 0 to 9999 (400, translated key) and stores nothing', async () => {
    const { company, plan } = await k.createCompany();
    for (const bad of ['abc', '12a', -1, 10000, 1.5, true, '']) {
      const name = unique('Numerica');
      const created = await asSuper('POST', '/companies', { name, email: 'n@example.com', planId: plan.id, numberAttendants: bad, numberConections: bad });
      expect({ bad, status: created.status, error: created.body.error }).toEqual({ bad, status: 400, error: 'ERR_VALIDATION' });
      expect(issuesOf(created.body)).toEqual({ numberAttendants: 'validation.companyLimit', numberConections: 'validation.companyLimit' });
      expect(await k.db('companies').where({ name }).first()).toBeUndefined();

      const updated = await asSuper('PUT', `/companies/${company.id}`, { numberConections: bad, name: unique('Nunca') });
      expect(updated.status).toBe(400);
      expect(issuesOf(updated.body)).toEqual({ numberConections: 'validation.companyLimit' });
    }
    expect(await k.db('companies').where({ id: company.id }).first('name', 'numberAttendants', 'numberConections')).toEqual({ name: company.name, numberAttendants: null, numberConections: null });
  });

  it('only super users set them', async () => {
    const { company, admin } = await k.createCompany();
    expect((await k.api('PUT', `/companies/${company.id}`, { token: admin.token, body: { numberAttendants: 99 } })).status).toBe(403);
    const name = unique('Intrusa');
    expect((await k.api('POST', '/companies', { token: admin.token, body: { name, email: 'i@example.com', planId: 1, numberAttendants: 99 } })).status).toBe(403);
    expect(await k.db('companies').where({ id: company.id }).first('numberAttendants')).toEqual({ numberAttendants: null });
    expect(await k.db('companies').where({ name }).first()).toBeUndefined();
  });

  it('round trip: created, listed, read, changed and cleared', async () => {
    const { plan } = await k.createCompany();
    const name = unique('Limites');
    const created = await asSuper('POST', '/companies', { name, email: 'limites@example.com', planId: plan.id, numberAttendants: 7, numberConections: '3' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ numberAttendants: 7, numberConections: 3 });
    const id = created.body.id as number;

    const listed = await asSuper('GET', `/companiesPlan/?searchParam=${encodeURIComponent(name)}`);
    expect(listed.body.companies).toEqual([expect.objectContaining({ id, numberAttendants: 7, numberConections: 3 })]);
    expect((await asSuper('GET', `/companies?searchParam=${encodeURIComponent(name)}`)).body.companies[0]).toMatchObject({ numberAttendants: 7, numberConections: 3 });
    expect((await asSuper('GET', `/companies/${id}`)).body).toMatchObject({ numberAttendants: 7, numberConections: 3 });
    expect((await asSuper('GET', `/companies/listPlan/${id}`)).body).toMatchObject({ numberAttendants: 7, numberConections: 3 });
    expect((await asSuper('GET', '/companies/list')).body.find((c: any) => c.id === id)).toMatchObject({ numberAttendants: 7, numberConections: 3 });

    expect((await asSuper('PUT', `/companies/${id}`, { numberAttendants: 0, numberConections: 9999 })).body).toMatchObject({ numberAttendants: 0, numberConections: 9999 });
    expect((await asSuper('PUT', `/companies/${id}`, { numberAttendants: null })).body).toMatchObject({ numberAttendants: null, numberConections: 9999 });
    // A PUT without them leaves them as they are.
    expect((await asSuper('PUT', `/companies/${id}`, { recurrence: 'ANUAL' })).body).toMatchObject({ numberAttendants: null, numberConections: 9999 });
    const plain = await asSuper('POST', '/companies', { name: unique('Sem limites'), email: 'sem@example.com', planId: plan.id });
    expect(plain.body).toMatchObject({ numberAttendants: null, numberConections: null });
  });

  it("take the place of the plan's users limit, lower or higher; null is the plan's again", async () => {
    const { company, plan, admin } = await k.createCompany();
    await asSuper('PUT', `/plans/${plan.id}`, { users: 3 });
    expect((await asSuper('PUT', `/companies/${company.id}`, { numberAttendants: 2 })).status).toBe(200);
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
    expect(await k.api('POST', '/users', { token: admin.token, body: newUser() })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT', limit: 'users', max: 2 } });

    await asSuper('PUT', `/companies/${company.id}`, { numberAttendants: 4 });
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
    expect(await k.api('POST', '/users', { token: admin.token, body: newUser() })).toMatchObject({ status: 403, body: { limit: 'users', max: 4 } });

    await asSuper('PUT', `/companies/${company.id}`, { numberAttendants: null });
    expect(await k.api('POST', '/users', { token: admin.token, body: newUser() })).toMatchObject({ status: 403, body: { limit: 'users', max: 3 } });
    await asSuper('PUT', `/companies/${company.id}`, { numberAttendants: 0 });
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
  });

  it("take the place of the plan's connections limit, lower or higher; 0 is no limit", async () => {
    const { company, plan, admin } = await k.createCompany();
    const create = () => k.api('POST', '/whatsapp', { token: admin.token, body: newConnection() });
    await asSuper('PUT', `/plans/${plan.id}`, { connections: 2 });
    await asSuper('PUT', `/companies/${company.id}`, { numberConections: 1 });
    expect((await create()).status).toBe(201);
    expect(await create()).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT', limit: 'connections', max: 1 } });

    await asSuper('PUT', `/companies/${company.id}`, { numberConections: 3 });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);
    expect(await create()).toMatchObject({ status: 403, body: { limit: 'connections', max: 3 } });

    await asSuper('PUT', `/companies/${company.id}`, { numberConections: 0 });
    expect((await create()).status).toBe(201);
    expect(Number((await k.db('whatsapps').where({ companyId: company.id }).count({ c: '*' }))[0].c)).toBe(4);
  });
});
