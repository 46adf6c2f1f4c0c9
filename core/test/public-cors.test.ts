import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@guiche/core';
import { createTestKernel, type TestKernel } from '../src/testing/index.js';

/**
 * Issue #26: which routes answer customers' sites is said by the route (`config: { publicCors: true }`),
 * not by a list of URLs in core. A plugin of this test flags one route and leaves its twin unflagged;
 * the real request reads its route's flag, the preflight (matched by the OPTIONS catch-all) is looked
 * up by the method and path it announces.
 */
const SITE = 'https://customer-site.example';
let k: TestKernel;

const sample = definePlugin({
  id: 'test-public-cors',
  kind: 'module',
  planFlag: null,
  register(ctx) {
    ctx.publicRoutes.post('/cors-sample/:key/open', { config: { publicCors: true } }, async (request) => ({ key: (request.params as { key: string }).key }));
    ctx.publicRoutes.get('/cors-sample/:key/open', { config: { publicCors: true } }, async () => ({ ok: true }));
    ctx.publicRoutes.post('/cors-sample/:key/closed', async () => ({ ok: true }));
    ctx.publicRoutes.get('/cors-sample/:key/closed', async () => ({ ok: true }));
  },
});

beforeAll(async () => {
  k = await createTestKernel({ plugins: [sample] });
}, 60_000);

afterAll(async () => {
  await k?.close();
});

const preflight = (path: string, method: string) =>
  fetch(`${k.apiUrl}${path}`, { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' } });

describe('public CORS by route flag', () => {
  it("answers a flagged route's preflight for any site, without credentials", async () => {
    const res = await preflight('/cors-sample/abc/open', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it("answers a flagged route's real request for any site, without credentials, loadable cross-origin", async () => {
    const res = await fetch(`${k.apiUrl}/cors-sample/abc/open`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'abc' });
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('gives an unflagged twin route no CORS, preflight or real', async () => {
    const pre = await preflight('/cors-sample/abc/closed', 'POST');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const real = await fetch(`${k.apiUrl}/cors-sample/abc/closed`, { headers: { origin: SITE } });
    expect(real.status).toBe(200);
    expect(real.headers.get('access-control-allow-origin')).toBeNull();
    expect(real.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('matches the preflight by the announced method and the exact path', async () => {
    // The flag is on GET and POST of .../open only: another method, a longer path or an unknown path is not public.
    expect((await preflight('/cors-sample/abc/open', 'DELETE')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('/cors-sample/abc/open/more', 'POST')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('/auth/refresh_token', 'POST')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('/cors-sample/abc/open?x=1', 'GET')).headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('keeps credentials for the app itself on a flagged route', async () => {
    const own = new URL(k.url).origin;
    const res = await fetch(`${k.apiUrl}/cors-sample/abc/open`, { method: 'OPTIONS', headers: { origin: own, 'access-control-request-method': 'POST' } });
    expect(res.headers.get('access-control-allow-origin')).toBe(own);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
