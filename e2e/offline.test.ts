import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { StorageKeys } from '@guiche/web-sdk/storage';
import { writePrecacheManifest } from '../scripts/service-worker.mjs';
import { closeBrowser, keepScreenshot, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';

/**
 * The service worker (issue #29): a signed-in page reloaded with no network opens the shell's copy
 * the worker keeps, with the offline state instead of the browser's error page, and keeps its
 * session; a new deployment is picked up (a new worker takes over, the page offers the reload and
 * the reload is the new shell, offline too). The kernel serves a copy of the built shell, which the
 * test changes as a deployment would: index.html and the worker's list of files (the build's own
 * writePrecacheManifest), without the brotli/gzip copies (the server compresses on the fly).
 */

const deployRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-offline-'));
const shellCopy = path.join(deployRoot, 'web-shell', 'dist');
const OFFLINE_STATE = '[data-testid="offline-state"]';
const TICKET_LIST = '[data-testid="ticket-list-panel"]';

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;

function copyShell(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyShell(source, path.join(to, entry.name));
    else if (!/\.(br|gz)$/.test(entry.name)) fs.copyFileSync(source, path.join(to, entry.name));
  }
}

/** A new deployment of the shell: its page changes (a build mark) and the worker lists the new files. */
function deploy(build: string): void {
  const index = path.join(shellCopy, 'index.html');
  const html = fs.readFileSync(index, 'utf8').replace(/<meta name="e2e-build"[^>]*>/, '');
  fs.writeFileSync(index, html.replace('<head>', `<head><meta name="e2e-build" content="${build}">`));
  writePrecacheManifest(shellCopy);
}

const buildOf = (page: Page) => page.evaluate(() => document.querySelector('meta[name="e2e-build"]')?.getAttribute('content') ?? null);

/** The paths of every request the page's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-shell/dist/sw.js');
  copyShell(path.join(webRoot, 'web-shell', 'dist'), shellCopy);
  fs.symlinkSync(path.join(webRoot, 'web-modules'), path.join(deployRoot, 'web-modules'));
  deploy('1');
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: deployRoot } });
  browser = await launchChromium();
  admin = (await kernel.createCompany()).admin;
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  fs.rmSync(deployRoot, { recursive: true, force: true });
});

describe('the shell offline and across a deployment (service worker)', () => {
  it('opens offline from the kept copy with the offline state and the session kept, then online again signed in; no API answer is kept', async () => {
    const page = await newPage(browser, kernel, { serviceWorkers: 'allow' });
    const versionAsks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/version') versionAsks.push(request.url());
    });
    await logIn(page, admin, '/tickets');
    await page.locator(TICKET_LIST).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.locator(OFFLINE_STATE).count()).toBe(0);
    // The worker comes after the first screen, the socket's first connection included: the page
    // asked for the deployed version once (it asked three times before).
    expect(versionAsks).toHaveLength(1);

    await page.context().setOffline(true);
    await page.reload();
    const state = page.locator(OFFLINE_STATE);
    await state.waitFor();
    await keepScreenshot(process.env.OFFLINE_SHOTS, page, 'offline-state');
    expect(await state.textContent()).toContain('Sem conexão com a internet.');
    expect(await state.getByRole('button').textContent()).toBe('Tentar de novo');
    expect(await buildOf(page)).toBe('1');
    // The failed session check did not sign the person out.
    expect(await page.evaluate((key) => window.localStorage.getItem(key), StorageKeys.token)).not.toBeNull();

    const paths = await cachedPaths(page);
    expect(paths).toContain('/index.html');
    expect(paths.some((p) => p.startsWith('/static/js/'))).toBe(true);
    expect(paths.filter((p) => p.startsWith('/api/') || p.startsWith('/socket.io'))).toEqual([]);

    // Back online: the page that started offline reloads and is the signed-in shell again.
    await page.context().setOffline(false);
    await page.locator(TICKET_LIST).waitFor();
    expect(await page.locator(OFFLINE_STATE).count()).toBe(0);
  });

  it('picks up a new deployment: the new worker takes over, the page offers the reload, which is the new shell, offline too', async () => {
    const page = await newPage(browser, kernel, { serviceWorkers: 'allow' });
    await logIn(page, admin, '/tickets');
    await page.locator(TICKET_LIST).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await buildOf(page)).toBe('1');

    deploy('2');
    // What the browser does on its own on its next check of the worker.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const offer = toast(page, 'Uma nova versão está disponível.');
    await offer.waitFor();
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Recarregar' }).click()]);
    await page.locator(TICKET_LIST).waitFor();
    expect(await buildOf(page)).toBe('2');

    // The copy kept for offline is the new deployment's.
    await page.context().setOffline(true);
    await page.reload();
    await page.locator(OFFLINE_STATE).waitFor();
    expect(await page.locator(OFFLINE_STATE).textContent()).toContain('Sem conexão com a internet.');
    expect(await buildOf(page)).toBe('2');
  });
});
