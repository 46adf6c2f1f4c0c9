import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
let publicPlanId: number;
beforeAll(async () => {
  k = await createTestKernel();
  publicPlanId = (await k.api('GET', '/plans/listPublic')).body[0].id;
});
afterAll(async () => k?.close());

const valid = () => ({
  companyName: `Acme ${Math.random().toString(36).slice(2, 8)}`,
  name: 'Maria Silva',
  email: `maria.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '(11) 98765-4321',
  document: '529.982.247-25',
  password: 'Segura123',
  planId: 0,
  termo: true,
});

describe('POST /auth/signup', () => {
  it('creates the company on the chosen public plan and its admin, who can then log in', async () => {
    const body = { ...valid(), planId: publicPlanId };
    const res = await k.api('POST', '/auth/signup', { body });
    expect(res.status).toBe(201);
    const company = await k.db('companies').where({ id: res.body.id }).first();
    expect(company).toMatchObject({ name: body.companyName, planId: publicPlanId, phone: '11987654321', document: '52998224725', status: true });
    expect(company.dueDate > new Date().toISOString().slice(0, 10)).toBe(true);
    const login = await k.api('POST', '/auth/login', { body: { email: body.email, password: body.password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ profile: 'admin', companyId: res.body.id, super: false });
  });

  it('accepts a valid CNPJ', async () => {
    const res = await k.api('POST', '/auth/signup', { body: { ...valid(), planId: publicPlanId, document: '11.222.333/0001-81' } });
    expect(res.status).toBe(201);
  });

  it.each([
    ['companyName', 'A', 'validation.tooShort'],
    ['companyName', 'x'.repeat(51), 'validation.tooLong'],
    ['name', 'B', 'validation.tooShort'],
    ['name', 'y'.repeat(51), 'validation.tooLong'],
    ['email', 'nope', 'validation.invalidEmail'],
    ['phone', '1198765432', 'validation.phone11'],
    ['phone', '119876543210', 'validation.phone11'],
    ['password', 'Short1', 'validation.passwordWeak'],
    ['password', 'alllowercase', 'validation.passwordWeak'],
    ['password', 'ALLUPPERCASE', 'validation.passwordWeak'],
    ['document', '529.982.247-24', 'validation.document'],
    ['document', '11.222.333/0001-80', 'validation.document'],
    ['document', '111.111.111-11', 'validation.document'],
    ['termo', false, 'validation.terms'],
  ])('rejects %s = %j with %s and writes nothing', async (field, value, message) => {
    const body = { ...valid(), planId: publicPlanId, [field]: value };
    const before = await k.db('companies').count({ n: '*' }).first();
    const res = await k.api('POST', '/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.issues).toContainEqual({ path: [field], message });
    expect(await k.db('companies').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses a plan that is not public', async () => {
    const { plan } = await k.createCompany();
    const res = await k.api('POST', '/auth/signup', { body: { ...valid(), planId: plan.id } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('refuses a taken e-mail or company name without a partial write', async () => {
    const first = { ...valid(), planId: publicPlanId };
    expect((await k.api('POST', '/auth/signup', { body: first })).status).toBe(201);
    const sameEmail = await k.api('POST', '/auth/signup', { body: { ...valid(), planId: publicPlanId, email: first.email.toUpperCase() } });
    expect(sameEmail).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    const sameName = await k.api('POST', '/auth/signup', { body: { ...valid(), planId: publicPlanId, companyName: first.companyName } });
    expect(sameName).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_COMPANY' } });
    expect(await k.db('users').whereRaw('lower(email) = lower(?)', [first.email]).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await fetch(`${k.apiUrl}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('ERR_VALIDATION');
  });
});

describe('login and sign-up are rate-limited', () => {
  it('answers 429 ERR_RATE_LIMITED past the limit', async () => {
    const limited = await createTestKernel({ config: { LOGIN_RATE_LIMIT: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await limited.api('POST', '/auth/login', { body: { email: 'x@example.com', password: 'whatever1' } })).status);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      const last = await limited.api('POST', '/auth/login', { body: { email: 'x@example.com', password: 'whatever1' } });
      expect(last).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMITED' } });
    } finally {
      await limited.close();
    }
  });
});

describe('plans API', () => {
  it('lists public plans without a token', async () => {
    const res = await k.api('GET', '/plans/listPublic');
    expect(res.status).toBe(200);
    expect(res.body.every((p: { isPublic: boolean }) => p.isPublic)).toBe(true);
  });

  it('is for super users only', async () => {
    const { admin } = await k.createCompany();
    for (const [method, path] of [['GET', '/plans/list'], ['GET', '/plans/all'], ['POST', '/plans'], ['PUT', '/plans/1'], ['DELETE', '/plans/1']] as const) {
      expect((await k.api(method, path, { token: admin.token, body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'Hack' } })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    expect((await k.api('GET', '/plans/list')).status).toBe(401);
  });

  it('creates, updates and deletes a plan with every flag', async () => {
    const created = await k.api('POST', '/plans', { token: k.superToken, body: { name: 'Pro', users: 5, connections: 2, queues: 4, amount: 149.9, useKanban: true, isPublic: false } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Pro', users: 5, amount: 149.9, useKanban: true, useCampaigns: false, isPublic: false });
    const all = await k.api('GET', '/plans/all', { token: k.superToken });
    expect(all.body.map((p: { name: string }) => p.name)).toContain('Pro');
    const updated = await k.api('PUT', `/plans/${created.body.id}`, { token: k.superToken, body: { useCampaigns: true } });
    expect(updated.body).toMatchObject({ useCampaigns: true, useKanban: true });
    expect((await k.api('DELETE', `/plans/${created.body.id}`, { token: k.superToken })).status).toBe(204);
    expect((await k.api('PUT', `/plans/${created.body.id}`, { token: k.superToken, body: { useCampaigns: true } })).body).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
  });

  it('validates plan input', async () => {
    const res = await k.api('POST', '/plans', { token: k.superToken, body: { name: 'X', users: -1 } });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string[] }) => i.path[0])).toEqual(expect.arrayContaining(['name', 'users']));
    const dup = await k.api('POST', '/plans', { token: k.superToken, body: { name: 'Completo' } });
    expect(dup.status).toBe(409);
  });

  it('refuses to delete a plan a company uses', async () => {
    const { plan } = await k.createCompany();
    expect(await k.api('DELETE', `/plans/${plan.id}`, { token: k.superToken })).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
  });

  it('tells the browsers of the plan\'s companies to reload their modules', async () => {
    const { admin, company } = await k.createCompany();
    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-plan`);
    await k.setPlanFlags(company.id, { useKanban: false });
    expect(await event).toMatchObject({ action: 'update' });
    const me = await k.api('GET', '/auth/me', { token: admin.token });
    expect(me.body.planFlags.useKanban).toBe(false);
  });
});
