import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { DEMO, registerDemoPage, seedDemo } from '../src/demo/index.js';

/**
 * The demo of the embedded default: a company a newcomer can try at once. It never touches a
 * DATABASE_URL database and DEMO=0 turns it off.
 */
describe('demo on the embedded default', () => {
  let k: TestKernel;
  beforeAll(async () => {
    k = await createTestKernel({ embedded: true, config: { DEMO: true } });
  });
  afterAll(async () => k?.close());

  it('is seeded by the kernel itself on start, and seedDemo answers null with DEMO=0', async () => {
    const core = k.kernel.core;
    expect(k.kernel.demo).toMatchObject({ adminEmail: DEMO.adminEmail });
    expect(await seedDemo({ ...core, config: { ...core.config, DEMO: false } })).toBeNull();
  });

  it('seeds a company with an admin, two agents, two queues and a webchat connection, once', async () => {
    const info = await seedDemo(k.kernel.core);
    expect(info).toMatchObject({ adminEmail: DEMO.adminEmail, password: DEMO.password, agents: DEMO.agents.map((a) => a.email) });
    expect(info!.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(await seedDemo(k.kernel.core)).toEqual(info);
    expect(await k.db('companies').where({ name: DEMO.company })).toHaveLength(1);
    expect((await k.db('queues').where({ companyId: info!.companyId })).map((q: any) => q.name).sort()).toEqual(['Suporte', 'Vendas']);
    const connection = await k.db('whatsapps').where({ token: info!.token }).first();
    expect(connection).toMatchObject({ channel: 'webchat', isDefault: true, companyId: info!.companyId });
  });

  it('lets the admin and both agents sign in with the printed password', async () => {
    for (const email of [DEMO.adminEmail, ...DEMO.agents.map((a) => a.email)]) {
      const res = await k.api('POST', '/auth/login', { body: { email, password: DEMO.password } });
      expect(res.status, email).toBe(200);
    }
  });

  it('serves /demo with the widget bound to the demo connection, in the browser’s language', async () => {
    const info = (await seedDemo(k.kernel.core))!;
    const app = Fastify();
    registerDemoPage(app, k.kernel.core);
    const pt = await app.inject({ url: '/demo' });
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toMatch(/^text\/html/);
    expect(pt.body).toContain(`src="/api/webchat/widget.js" data-token="${info.token}" data-lang="pt"`);
    expect(pt.body).toContain(DEMO.agents[0].email);
    const en = await app.inject({ url: '/demo', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('Guichê demo');
    await app.close();
  });

  it('is not seeded again once removed', async () => {
    const info = (await seedDemo(k.kernel.core))!;
    await k.db('companies').where({ id: info.companyId }).delete();
    expect(await seedDemo(k.kernel.core)).toBeNull();
    const app = Fastify();
    registerDemoPage(app, k.kernel.core);
    expect((await app.inject({ url: '/demo' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('demo elsewhere', () => {
  it('never runs against a DATABASE_URL', async () => {
    const k = await createTestKernel({ config: { DEMO: true } });
    try {
      expect(await seedDemo(k.kernel.core)).toBeNull();
      expect(await k.db('users').where({ email: DEMO.adminEmail })).toHaveLength(0);
    } finally {
      await k.close();
    }
  });
});
