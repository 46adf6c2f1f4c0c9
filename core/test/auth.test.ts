import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

function cookieOf(res: { headers: Headers }): string {
  const raw = res.headers.get('set-cookie') ?? '';
  return raw.split(';')[0];
}

describe('login', () => {
  it('answers the session with token, user, plan flags and the refresh cookie', async () => {
    const { admin, company } = await k.createCompany();
    const res = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ id: admin.user.id, companyId: company.id, profile: 'admin', company: { name: company.name } });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.planFlags.useInternalChat).toBe(true);
    expect(res.body.subscriptionExpired).toBe(false);
    expect(res.headers.get('set-cookie')).toMatch(/jrt=.+HttpOnly/i);
  });

  it('is case-insensitive on the e-mail', async () => {
    const { admin } = await k.createCompany();
    const res = await k.api('POST', '/auth/login', { body: { email: admin.user.email.toUpperCase(), password: admin.password } });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong password and an unknown e-mail alike', async () => {
    const { admin } = await k.createCompany();
    const wrong = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: 'Wrong@1234' } });
    const unknown = await k.api('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'Wrong@1234' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('validates e-mail and password with the spec messages', async () => {
    const res = await k.api('POST', '/auth/login', { body: { email: 'not-an-email', password: '123' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const messages = res.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('validation.loginEmail');
    expect(messages).toContain('validation.loginPassword');
  });

  it('still issues a token when the subscription expired, and says so', async () => {
    const { admin } = await k.createCompany({ dueDate: '2020-01-01' });
    const res = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(res.status).toBe(200);
    expect(res.body.subscriptionExpired).toBe(true);
    expect(res.body.user.company.dueDate).toBe('2020-01-01');
  });

  it('never expires company 1', async () => {
    const res = await k.api('POST', '/auth/login', { body: { email: 'super@guiche.test', password: 'Super@12345' } });
    expect(res.status).toBe(200);
    expect(res.body.user.super).toBe(true);
    expect(res.body.user.company.dueDate).toBe('2999-12-31');
    expect(res.body.subscriptionExpired).toBe(false);
  });

  it('tells the other browser that the account was accessed elsewhere', async () => {
    const { admin } = await k.createCompany();
    const first = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    const socket = await k.socket(first.body.token);
    const told = nextEvent(socket, `company-${admin.user.companyId}-auth`);
    const second = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(second.status).toBe(200);
    expect(await told).toMatchObject({ action: 'logout', userId: admin.user.id });
    // The first browser's refresh token is dead.
    const refresh = await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(first) } });
    expect(refresh).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });
});

describe('refresh, me and logout', () => {
  it('rotates the refresh token on use; the old one is refused afterwards', async () => {
    const { admin } = await k.createCompany();
    const login = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    const refreshed = await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(login) } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(admin.user.id);
    expect(cookieOf(refreshed)).not.toBe(cookieOf(login));
    const replay = await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(login) } });
    expect(replay.status).toBe(401);
    const again = await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(refreshed) } });
    expect(again.status).toBe(200);
  });

  it('answers /auth/me for a valid token and 401 without one', async () => {
    const { admin } = await k.createCompany();
    const me = await k.api('GET', '/auth/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(admin.user.email);
    expect((await k.api('GET', '/auth/me')).status).toBe(401);
    expect((await k.api('GET', '/auth/me', { token: 'garbage' })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('logout revokes the refresh token', async () => {
    const { admin } = await k.createCompany();
    const login = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    const out = await k.api('DELETE', '/auth/logout', { token: login.body.token, headers: { cookie: cookieOf(login) } });
    expect(out.status).toBe(204);
    const refresh = await k.api('POST', '/auth/refresh_token', { headers: { cookie: cookieOf(login) } });
    expect(refresh.status).toBe(401);
  });
});
