import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { alwaysOnPlugin, probeContext, probePlugin, seen, throwingPlugin } from './fixtures/probe-plugins.js';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({
    plugins: [probePlugin, '@guiche/no-such-plugin', { id: 'Bad Id', kind: 'module', register() {} } as never, throwingPlugin, alwaysOnPlugin],
  });
});
afterAll(async () => k?.close());

describe('plugin loader', () => {
  it('skips a plugin that cannot be imported or is malformed, and boots the rest', async () => {
    const ids = k.kernel.core.plugins.map((p) => p.definition.id);
    expect(ids).toEqual(['probe', 'always-on']);
    const { admin } = await k.createCompany();
    expect((await k.api('GET', '/always-on', { token: admin.token })).status).toBe(200);
  });

  it('answers 503 for the routes of a plugin whose register() threw', async () => {
    const { admin } = await k.createCompany();
    expect(await k.api('GET', '/throwing', { token: admin.token })).toMatchObject({ status: 503, body: { error: 'ERR_INTERNAL' } });
  });
});

describe('plugin routes', () => {
  it('require a valid access token', async () => {
    expect(await k.api('GET', '/probe')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('answer 403 ERR_PLAN_DISABLED when the plan lacks the flag, and work on the next request after it is switched on', async () => {
    const { admin, company } = await k.createCompany({ planFlags: { useKanban: false } });
    expect(await k.api('GET', '/probe', { token: admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    await k.setPlanFlags(company.id, { useKanban: true });
    expect(await k.api('GET', '/probe', { token: admin.token })).toMatchObject({ status: 200, body: { ok: true, companyId: company.id } });
    await k.setPlanFlags(company.id, { useKanban: false });
    expect((await k.api('GET', '/probe', { token: admin.token })).status).toBe(403);
  });

  it('switching one company off leaves another company on', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    await k.setPlanFlags(a.company.id, { useKanban: false });
    expect((await k.api('GET', '/probe', { token: a.admin.token })).status).toBe(403);
    expect((await k.api('GET', '/probe', { token: b.admin.token })).status).toBe(200);
  });
});

describe('plugin bus handlers and jobs', () => {
  it('do not run for a company whose plan lacks the flag', async () => {
    const on = await k.createCompany();
    const off = await k.createCompany({ planFlags: { useKanban: false } });
    const ctx = probeContext!;
    await ctx.bus.publish('probe.ping', { n: 1 }, { companyId: off.company.id });
    await ctx.bus.publish('probe.ping', { n: 2 }, { companyId: on.company.id });
    await waitFor(() => seen.bus.includes(on.company.id));
    expect(seen.bus).not.toContain(off.company.id);

    await ctx.jobs.enqueue('probe-job', { companyId: off.company.id });
    await ctx.jobs.enqueue('probe-job', { companyId: on.company.id });
    await waitFor(() => seen.jobs.includes(on.company.id));
    expect(seen.jobs).not.toContain(off.company.id);
  });
});
