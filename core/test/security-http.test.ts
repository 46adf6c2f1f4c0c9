import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '../src/testing/index.js';
import { createWebchatChannel } from '../../plugins/channel-webchat/src/plugin.js';

/**
 * Issue #26 over real HTTP: CORS answers only the app's origins with credentials (the widget's
 * routes without), proxy headers count only from TRUST_PROXY, sign-in is limited per address and
 * per account, and every answer carries the security headers.
 */
const APP = 'https://app.example';
const DEV = 'http://dev.example:3001';
const EVIL = 'http://127.0.0.1:1';

let tls: TestKernel;
let proxied: TestKernel;
let company: TestCompany;
let widgetKey: string;

beforeAll(async () => {
  tls = await createTestKernel({ plugins: [createWebchatChannel()], config: { PUBLIC_URL: APP, CORS_ORIGINS: DEV, LOGIN_RATE_LIMIT: 5 } });
  proxied = await createTestKernel({ config: { TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: 3, LOGIN_ACCOUNT_LIMIT: 3 } });
  company = await tls.createCompany();
  const created = await tls.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Site', channel: 'webchat' } });
  widgetKey = (await tls.api('GET', `/webchat/sites/${created.body.id}`, { token: company.admin.token })).body.token;
}, 60_000);

afterAll(async () => {
  await tls?.close();
  await proxied?.close();
});

const login = (k: TestKernel, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${k.apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email, password }) });

describe('CORS', () => {
  it('gives a page on another origin no CORS, preflight or not, on the session routes', async () => {
    const preflight = await fetch(`${tls.apiUrl}/auth/refresh_token`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const refresh = await fetch(`${tls.apiUrl}/auth/refresh_token`, { method: 'POST', headers: { origin: EVIL } });
    expect(refresh.headers.get('access-control-allow-origin')).toBeNull();
    expect(refresh.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers PUBLIC_URL and CORS_ORIGINS with credentials', async () => {
    for (const origin of [APP, DEV]) {
      const preflight = await fetch(`${tls.apiUrl}/auth/refresh_token`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    }
  });

  it("answers any site on the widget's public routes, never with credentials", async () => {
    const look = await fetch(`${tls.apiUrl}/webchat/${widgetKey}/site`, { headers: { origin: EVIL } });
    expect(look.status).toBe(200);
    expect(look.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(look.headers.get('access-control-allow-credentials')).toBeNull();
    const admin = await fetch(`${tls.apiUrl}/webchat/sites/1`, { headers: { origin: EVIL } });
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives socket.io credentials only to the app', async () => {
    const handshake = (origin: string) => fetch(`${tls.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const evil = await handshake(EVIL);
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const app = await handshake(APP);
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('security headers and the refresh cookie', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff, a referrer policy and HSTS behind TLS', async () => {
    const res = await fetch(`${tls.apiUrl}/version`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*/);
    expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('sends no HSTS without TLS', async () => {
    const res = await fetch(`${proxied.apiUrl}/version`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lets customer sites load the widget script', async () => {
    const res = await fetch(`${tls.apiUrl}/webchat/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('sets the refresh cookie HttpOnly, SameSite and Secure behind TLS, not Secure without', async () => {
    const secure = await tls.createUser(company.company.id, { email: 'cookie-tls@example.com', password: 'Right@1234' });
    const withTls = await login(tls, secure.user.email, secure.password);
    expect(withTls.status).toBe(200);
    expect(withTls.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(withTls.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    expect(withTls.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const plain = await proxied.createUser((await proxied.createCompany()).company.id, { email: 'cookie-plain@example.com', password: 'Right@1234' });
    const withoutTls = await login(proxied, plain.user.email, plain.password);
    expect(withoutTls.status).toBe(200);
    expect(withoutTls.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });
});

describe('client addresses and sign-in limits', () => {
  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await login(tls, `nobody${i}@example.com`, 'Wrong@1234', { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.status);
    }
    // LOGIN_RATE_LIMIT is 5 a minute: six attempts from one peer cannot all pass, whatever they claim.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  });

  it('locks one account after its attempts from any address, and not the others', async () => {
    const user = await proxied.createUser((await proxied.createCompany()).company.id, { email: 'locked@example.com', password: 'Right@1234' });
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) statuses.push((await login(proxied, user.user.email, 'Wrong@1234', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    const locked = await login(proxied, user.user.email, user.password, { 'x-forwarded-for': '198.51.100.99' });
    expect([...statuses, locked.status]).toEqual([401, 401, 401, 429]);
    expect(await locked.json()).toMatchObject({ error: 'ERR_RATE_LIMITED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    const other = await proxied.createUser(user.user.companyId, { email: 'free@example.com', password: 'Right@1234' });
    expect((await login(proxied, other.user.email, other.password, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(200);
  });

  it('believes X-Forwarded-For from a configured proxy: each client address has its own budget', async () => {
    const from = (address: string, i: number) => login(proxied, `client${address}-${i}@example.com`, 'Wrong@1234', { 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('198.51.100.50', i)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await from('198.51.100.51', 0)).status).toBe(401);
  });

  it("keeps the recovery steps' per-address limit whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await fetch(`${tls.apiUrl}/verificar-code/119${String(87650000 + i)}?code=123456`, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
  });
});

describe('the refresh cookie sent from another origin', () => {
  it('is refused with 403 ERR_ORIGIN_NOT_ALLOWED before it is spent; the app itself still refreshes with it', async () => {
    const user = await proxied.createUser((await proxied.createCompany()).company.id, { email: 'refresh-origin@example.com', password: 'Right@1234' });
    const signedIn = await login(proxied, user.user.email, user.password, { 'x-forwarded-for': '198.51.100.200' });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';', 1)[0]!;
    const refresh = (origin: string) => fetch(`${proxied.apiUrl}/auth/refresh_token`, { method: 'POST', headers: { cookie, origin } });
    // Another port of the same host is another origin; so are an opaque origin and garbage.
    for (const origin of [EVIL, 'null', 'not an origin']) {
      const foreign = await refresh(origin);
      expect(foreign.status, origin).toBe(403);
      expect(await foreign.json()).toMatchObject({ error: 'ERR_ORIGIN_NOT_ALLOWED' });
    }
    const own = await refresh(new URL(proxied.url).origin);
    expect(own.status).toBe(200);
    expect(typeof (await own.json()).token).toBe('string');
  });
});
