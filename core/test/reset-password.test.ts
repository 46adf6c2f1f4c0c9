import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { resetPassword } from '../src/account/reset-password.js';

/** The operator's shell command behind `npm run reset-password` (README): a way back in on a fresh install. */
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0];

describe('reset-password', () => {
  it('sets a generated password, ends every session of the user and leaves other users alone', async () => {
    const { company } = await k.createCompany();
    const admin = await k.createUser(company.id, { profile: 'admin' });
    const other = await k.createUser(company.id, { profile: 'admin' });
    const login = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(login.status).toBe(200);
    const otherLogin = await k.api('POST', '/auth/login', { body: { email: other.user.email, password: other.password } });

    const reset = await resetPassword(k.db, `  ${admin.user.email.toUpperCase()} `);
    expect(reset).toMatchObject({ email: admin.user.email, generated: true });
    expect(reset!.password.length).toBeGreaterThanOrEqual(16);

    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } })).status).toBe(401);
    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: reset!.password } })).status).toBe(200);
    expect((await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(login) } })).status).toBe(401);
    expect((await k.api('GET', '/auth/me', { token: login.body.token })).status).toBe(401);
    expect((await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(otherLogin) } })).status).toBe(200);
  });

  it('answers null for an e-mail nobody has, changing nothing', async () => {
    expect(await resetPassword(k.db, 'nobody@nowhere.invalid')).toBeNull();
  });
});
