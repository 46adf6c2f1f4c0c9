import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel, definePlugin } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';

/**
 * Issue #30: a plugin declares its own plan flag and channel name; core has no column, no enum
 * entry and no flag table line for them, and they work all the same.
 */
const labels = { pt: 'Pombo-correio', en: 'Carrier pigeon', es: 'Paloma mensajera', tr: 'Posta güvercini' };

const pigeon = defineChannel({
  id: 'channel-pigeon',
  channel: 'pigeon',
  planFlag: 'usePigeon',
  planFlagLabels: labels,
  capabilities: { media: false, edit: false, delete: false, react: false, markRead: false, checkNumber: false, groups: false, presence: false },
  createSession: (_connection, io) => ({
    start: () => io.status('CONNECTED', { number: 'pigeon-loft' }),
    stop: async () => {},
    logout: async () => {},
    send: async () => ({ wid: `p-${Date.now()}`, ack: 1 }),
  }),
});

const almanac = definePlugin({
  id: 'almanac',
  kind: 'module',
  planFlag: 'useAlmanac',
  planFlagLabels: { pt: 'Almanaque', en: 'Almanac', es: 'Almanaque', tr: 'Almanak' },
  register(ctx) {
    ctx.routes.get('/almanac', async (request) => ({ companyId: request.auth.companyId }));
  },
});

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ plugins: [pigeon, almanac, { id: 'bad-flag', kind: 'module', planFlag: 'not a flag', register() {} } as never] });
});
afterAll(async () => k?.close());

describe("a plugin's own plan flag", () => {
  it('is listed for the plan dialog with its labels; a malformed flag keeps the plugin out', async () => {
    const res = await k.api('GET', '/plans/flags', { token: k.superToken });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ flag: 'useKanban', core: true, labels: null });
    expect(res.body).toContainEqual({ flag: 'usePigeon', core: false, labels });
    expect(res.body).toContainEqual({ flag: 'useAlmanac', core: false, labels: expect.objectContaining({ en: 'Almanac' }) });
    expect(k.kernel.core.plugins.map((p) => p.definition.id)).not.toContain('bad-flag');
    const { admin } = await k.createCompany();
    expect((await k.api('GET', '/plans/flags', { token: admin.token })).status).toBe(403);
  });

  it('gates the routes like a core flag, switched through the plan API', async () => {
    const { company, admin } = await k.createCompany({ planFlags: { useAlmanac: false } });
    expect(await k.api('GET', '/almanac', { token: admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    await k.setPlanFlags(company.id, { useAlmanac: true });
    expect(await k.api('GET', '/almanac', { token: admin.token })).toMatchObject({ status: 200, body: { companyId: company.id } });
    const plan = await k.api('GET', `/plans/${(await k.db('companies').where({ id: company.id }).first('planId')).planId}`, { token: k.superToken });
    expect(plan.body.pluginFlags).toMatchObject({ useAlmanac: true });
    // The flags the login/session answer gives the web (auth/session.ts) carry it too.
    expect(await k.kernel.core.plans.flags(company.id)).toMatchObject({ useAlmanac: true, useKanban: true });
  });

  it('keeps the other plugin flags when one changes, and refuses a flag no plugin declared', async () => {
    const { company } = await k.createCompany({ planFlags: { useAlmanac: false, usePigeon: true } });
    await k.setPlanFlags(company.id, { useAlmanac: true });
    const { planId } = await k.db('companies').where({ id: company.id }).first('planId');
    const plan = await k.api('GET', `/plans/${planId}`, { token: k.superToken });
    expect(plan.body.pluginFlags).toEqual({ useAlmanac: true, usePigeon: true });
    const unknown = await k.api('PUT', `/plans/${planId}`, { token: k.superToken, body: { pluginFlags: { useNothing: true } } });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['pluginFlags', 'useNothing'], message: 'validation.option' }] } });
    const malformed = await k.api('PUT', `/plans/${planId}`, { token: k.superToken, body: { pluginFlags: { 'drop table': true } } });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const created = await k.api('POST', '/plans', { token: k.superToken, body: { name: `Own flags ${planId}`, pluginFlags: { usePigeon: true } } });
    expect(created).toMatchObject({ status: 201, body: { pluginFlags: { usePigeon: true }, useKanban: false } });
  });
});

describe("a plugin's own channel name", () => {
  const create = (token: string, channel: string) => k.api('POST', '/whatsapp', { token, body: { name: `Loft ${Math.random().toString(36).slice(2, 8)}`, channel } });

  it('creates a connection of the registered channel when the plan has its flag, and starts its session', async () => {
    const { admin, company } = await k.createCompany();
    const res = await create(admin.token, 'pigeon');
    expect(res).toMatchObject({ status: 201, body: { channel: 'pigeon' } });
    await waitFor(async () => (await k.db('whatsapps').where({ id: res.body.id, companyId: company.id }).first('status'))?.status === 'CONNECTED');
  });

  it("answers 403 without the channel's flag and 400 for a channel no plugin registered", async () => {
    const { admin } = await k.createCompany({ planFlags: { usePigeon: false } });
    expect(await create(admin.token, 'pigeon')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED', feature: 'usePigeon' } });
    expect(await create(admin.token, 'owl')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['channel'], message: 'validation.option' }] } });
    expect((await create(admin.token, 'Not A Name')).status).toBe(400);
  });
});
