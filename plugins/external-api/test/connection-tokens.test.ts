import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, type ChildKernel, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '../../channel-webchat/src/plugin.js';
import { createExternalApiPlugin } from '../src/plugin.js';
import { apiCompany, FakeWorld, fakeWhatsapp, send, type ApiCompany } from './support.js';

/** Issue #29: an admin reads and regenerates a connection's API token; nobody else does. */
const world = new FakeWorld();
let k: TestKernel;
let shop: ApiCompany;
let other: ApiCompany;
let webchatId: number;
/** A second node of the same deployment (built kernel in a child process: `npx tsc -b` first). */
let node: ChildKernel | undefined;

const path = (id: number | string) => `/messages-api/connections/${id}/token`;
const tokenOf = async (id: number) => (await k.db('whatsapps').where({ id }).first('token')).token as string;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [fakeWhatsapp(world), createWebchatChannel(), createExternalApiPlugin({ rateLimit: { max: 100000, windowMs: 60_000 } })] });
  shop = await apiCompany(k, world);
  other = await apiCompany(k, world);
  const webchat = await k.api('POST', '/whatsapp', { token: shop.admin.token, body: { name: 'Site', channel: 'webchat' } });
  expect(webchat.status).toBe(201);
  webchatId = webchat.body.id;
  world.numbers.set('5511912345678', '5511912345678');
}, 60_000);

afterAll(async () => {
  await node?.kill();
  await k?.close();
});

describe('reading a connection token', () => {
  it('gives the admin the current token', async () => {
    const res = await k.api('GET', path(shop.connectionId), { token: shop.admin.token });
    expect(res).toMatchObject({ status: 200, body: { token: shop.token } });
    expect(res.body.token).toMatch(/^[A-Z0-9]{30}$/);
  });

  it('refuses plain users, even those who manage connections (403), and hides other companies’ ids (404)', async () => {
    const plain = await k.createUser(shop.company.id, { profile: 'user' });
    const manager = await k.createUser(shop.company.id, { profile: 'user' });
    await k.db('users').where({ id: manager.user.id }).update({ allowConnections: true });
    for (const user of [plain, manager]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await k.api(method, path(shop.connectionId), { token: user.token });
        expect(res.status, `${method} by ${user.user.name}`).toBe(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
    }
    for (const method of ['GET', 'POST'] as const) {
      const res = await k.api(method, path(other.connectionId), { token: shop.admin.token });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    }
    expect(await tokenOf(shop.connectionId)).toBe(shop.token);
    expect(await tokenOf(other.connectionId)).toBe(other.token);
  });

  it('never serves a website chat key as an API token, nor rotates it here', async () => {
    const key = await tokenOf(webchatId);
    for (const method of ['GET', 'POST'] as const) {
      const res = await k.api(method, path(webchatId), { token: shop.admin.token });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_API_TOKEN_PUBLIC_KEY' } });
      expect(JSON.stringify(res.body)).not.toContain(key);
    }
    expect(await tokenOf(webchatId)).toBe(key);
  });

  it('answers 400 to a bad id and 401 without a session', async () => {
    expect((await k.api('GET', path('abc'), { token: shop.admin.token })).status).toBe(400);
    expect((await k.api('GET', path(shop.connectionId), {})).status).toBe(401);
  });

  it('is off with the plan flag: 403 ERR_PLAN_DISABLED', async () => {
    const off = await k.createCompany({ planFlags: { useExternalApi: false } });
    const res = await k.api('GET', path(shop.connectionId), { token: off.admin.token });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  });
});

describe('regenerating a connection token', () => {
  it('gives a new token that works at once, and the old one is refused right after', async () => {
    const before = await send(k, shop.token, { number: '5511912345678', body: 'with the old token' });
    expect(before.status).toBe(202);

    const res = await k.api('POST', path(shop.connectionId), { token: shop.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(res.body.token).not.toBe(shop.token);
    expect(await tokenOf(shop.connectionId)).toBe(res.body.token);
    expect((await k.api('GET', path(shop.connectionId), { token: shop.admin.token })).body.token).toBe(res.body.token);

    const old = await send(k, shop.token, { number: '5511912345678', body: 'with the old token again' });
    expect(old).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
    const fresh = await send(k, res.body.token, { number: '5511912345678', body: 'with the new token' });
    expect(fresh.status).toBe(202);
    // The other company's connection is untouched.
    expect(await tokenOf(other.connectionId)).toBe(other.token);
  });
});

describe('regenerating on one node, on another node', () => {
  it('the other node refuses the old token on its next call and takes the new one', async () => {
    node = await startChildKernel(k, { plugins: ['@guiche/plugin-external-api'] });
    // An empty body: past the token gate it is 400 ERR_VALIDATION, so nothing is sent either way.
    const call = (token: string) =>
      fetch(`${node!.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const current = await tokenOf(other.connectionId);
    expect(await call(current)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    const res = await k.api('POST', path(other.connectionId), { token: other.admin.token });
    expect(res.status).toBe(200);
    expect(await call(current)).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
    expect(await call(res.body.token)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  }, 60_000);
});
