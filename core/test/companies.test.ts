import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { probePlugin } from './fixtures/probe-plugins.js';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ plugins: [probePlugin] });
});
afterAll(async () => k?.close());

describe('companies (super user)', () => {
  it('moving a company to a plan without the flag takes effect on its next request', async () => {
    const { admin, company } = await k.createCompany();
    const basic = await k.api('POST', '/plans', { token: k.superToken, body: { name: 'Basic no kanban', useKanban: false } });
    expect((await k.api('GET', '/probe', { token: admin.token })).status).toBe(200);
    const moved = await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { planId: basic.body.id } });
    expect(moved).toMatchObject({ status: 200, body: { planId: basic.body.id } });
    expect((await k.api('GET', '/probe', { token: admin.token })).body).toEqual({ error: 'ERR_PLAN_DISABLED', feature: 'useKanban' });
  });

  it('keeps company 1 active and due 2999-12-31', async () => {
    const res = await k.api('PUT', '/companies/1', { token: k.superToken, body: { dueDate: '2020-01-01', status: false } });
    expect(res.body).toMatchObject({ dueDate: '2999-12-31', status: true });
  });

  it('is refused to company admins and validates input', async () => {
    const { admin, company } = await k.createCompany();
    expect((await k.api('PUT', `/companies/${company.id}`, { token: admin.token, body: { status: true } })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await k.api('GET', '/companies/list', { token: admin.token })).status).toBe(403);
    expect((await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { email: 'bad' } })).status).toBe(400);
    expect((await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { planId: 99999 } })).body).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
    expect((await k.api('PUT', '/companies/99999', { token: k.superToken, body: { status: true } })).status).toBe(404);
  });
});
