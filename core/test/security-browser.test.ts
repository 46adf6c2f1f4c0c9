import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '../src/testing/index.js';

/**
 * Issue #26 in Chromium: a signed-in browser visits a page on another port of the same host (same
 * site, so the SameSite=Lax refresh cookie rides along). The page can neither read a fresh access
 * token nor spend the refresh token; the app's own page still can.
 */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let k: TestKernel;
let user: TestUser;
let browser: Browser;
let evil: http.Server;
let evilUrl: string;

beforeAll(async () => {
  k = await createTestKernel();
  const company = await k.createCompany();
  user = await k.createUser(company.company.id, { email: 'browser-cors@example.com', password: 'Right@1234' });
  evil = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => evil?.close(resolve));
  await k?.close();
});

describe('a page on another origin', () => {
  it('cannot read a token through the refresh cookie, nor spend it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${k.apiUrl}/version`);
    const signedIn = await page.evaluate(async ([email, password]) => {
      const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      return res.status;
    }, [user.user.email, user.password] as const);
    expect(signedIn).toBe(200);

    await page.goto(evilUrl);
    const stolen = await page.evaluate(async (api) => {
      try {
        const res = await fetch(`${api}/auth/refresh_token`, { method: 'POST', credentials: 'include' });
        return { read: true, body: await res.text() };
      } catch (err) {
        return { read: false, body: String(err) };
      }
    }, k.apiUrl);
    expect(stolen.read).toBe(false);

    // The refresh token was not spent by the foreign request: the app's page still refreshes.
    await page.goto(`${k.apiUrl}/version`);
    const refreshed = await page.evaluate(async () => {
      const res = await fetch('/api/auth/refresh_token', { method: 'POST' });
      return { status: res.status, hasToken: typeof (await res.json()).token === 'string' };
    });
    expect(refreshed).toEqual({ status: 200, hasToken: true });
    await context.close();
  });
});
