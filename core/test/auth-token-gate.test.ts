import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';

/**
 * Issue 17: a deleted user, a user whose password changed and a switched-off company lose access
 * at once — on this node and on every other one — not when the 15-minute access token expires.
 */

let k: TestKernel;
let nodeB: Kernel;
let urlB: string;
beforeAll(async () => {
  k = await createTestKernel();
  nodeB = await createKernel(loadConfig({}, { ...k.kernel.core.config, PORT: 0 }), { plugins: [] });
  urlB = (await nodeB.listen()).replace('0.0.0.0', '127.0.0.1');
});
afterAll(async () => {
  await nodeB?.close();
  await k?.close();
});

const me = (token: string) => k.api('GET', '/auth/me', { token }).then((r) => r.status);
const meOnB = (token: string) => fetch(`${urlB}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

function socketRefused(token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = io(k.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.on('connect', () => {
      socket.close();
      reject(new Error('connected'));
    });
    socket.on('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

describe('token gate', () => {
  it("a deleted user's next request is refused, on this node and on the other one", async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect(await me(agent.token)).toBe(200);
    expect(await meOnB(agent.token)).toBe(200); // node B has the user cached as valid
    expect((await k.api('DELETE', `/users/${agent.user.id}`, { token: admin.token })).status).toBeLessThan(300);

    const res = await k.api('GET', '/tickets', { token: agent.token });
    expect(res).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    await waitFor(async () => (await meOnB(agent.token)) === 401, { timeout: 10000 });
    expect(await socketRefused(agent.token)).toBe('ERR_SESSION_EXPIRED');
  });

  it('a password change refuses the tokens signed before it; a new login works', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect(await meOnB(agent.token)).toBe(200);
    const changed = await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { password: 'novaSenha1' } });
    expect(changed.status).toBe(200);
    expect(await me(agent.token)).toBe(401);
    await waitFor(async () => (await meOnB(agent.token)) === 401, { timeout: 10000 });

    const login = await k.api('POST', '/auth/login', { body: { email: agent.user.email, password: 'novaSenha1' } });
    expect(login.status).toBe(200);
    expect(await me(login.body.token)).toBe(200);
    expect(await meOnB(login.body.token)).toBe(200);
    // Other changes keep the session.
    expect((await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { name: 'Outro Nome' } })).status).toBe(200);
    expect(await me(login.body.token)).toBe(200);
  });

  it('a switched-off or deleted company refuses its users at once; switched on again, they are back', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect(await me(agent.token)).toBe(200);
    expect(await meOnB(admin.token)).toBe(200);
    expect((await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { status: false } })).status).toBe(200);
    expect(await me(agent.token)).toBe(401);
    expect(await me(admin.token)).toBe(401);
    await waitFor(async () => (await meOnB(admin.token)) === 401, { timeout: 10000 });
    expect((await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { status: true } })).status).toBe(200);
    expect(await me(agent.token)).toBe(200);

    await k.db('companies').where({ id: company.id }).delete();
    await k.kernel.core.tokens.changed({ companyId: company.id });
    expect(await me(agent.token)).toBe(401);
  });

  it('a token naming another company than the user, or an out-of-range id, is refused', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const forged = k.kernel.core.signAccessToken({ id: a.admin.user.id, companyId: b.company.id, profile: 'admin', super: false });
    expect(await me(forged)).toBe(401);
    const huge = k.kernel.core.signAccessToken({ id: 2147483648, companyId: b.company.id, profile: 'admin', super: false });
    expect(await me(huge)).toBe(401);
  });
});
