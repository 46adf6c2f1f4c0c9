import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

/**
 * The embedded default a newcomer gets from `npm start`: PGlite (PostgreSQL in WASM) in a data
 * folder, bus, jobs and leases in-process, no Redis. Logs in and uses a chat through the API and
 * a real socket.
 */
let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ embedded: true, plugins: ['@guiche/plugin-internal-chat'] });
});
afterAll(async () => k?.close());

describe('embedded mode', () => {
  it('runs on PGlite without Redis, and without the demo when DEMO=0', async () => {
    expect(k.kernel.db.mode).toBe('pglite');
    expect(k.kernel.ports.redis).toBeUndefined();
    expect(k.kernel.demo).toBeNull();
    expect(await k.db('companies').where({ name: 'Demo' }).orWhere('name', 'like', '%Demo%')).toHaveLength(0);
  });

  it('logs in with the seeded super admin and two users chat live', async () => {
    const login = await k.api('POST', '/auth/login', { body: { email: 'super@guiche.test', password: 'Super@12345' } });
    expect(login.status).toBe(200);
    expect(login.body.planFlags.useInternalChat).toBe(true);

    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id, { name: 'Agente' });
    const agentSocket = await k.socket(agent.token);

    const created = await k.api('POST', '/chats', { token: admin.token, body: { title: 'Plantão', users: [{ id: agent.user.id }] } });
    expect(created.status).toBe(201);
    const arrived = nextEvent<{ action: string; newMessage: { message: string } }>(agentSocket, `company-${company.id}-chat`, (p) => p.action === 'new-message');
    const sent = await k.api('POST', `/chats/${created.body.id}/messages`, { token: admin.token, body: { message: 'Olá, equipe!' } });
    expect(sent.status).toBe(201);
    expect((await arrived).newMessage.message).toBe('Olá, equipe!');

    const list = await k.api('GET', '/chats', { token: agent.token });
    expect(list.body.records[0].users.find((u: { userId: number }) => u.userId === agent.user.id).unreads).toBe(1);
    const page = await k.api('GET', `/chats/${created.body.id}/messages`, { token: agent.token });
    expect(page.body.records.map((m: { message: string }) => m.message)).toEqual(['Olá, equipe!']);
  });
});
