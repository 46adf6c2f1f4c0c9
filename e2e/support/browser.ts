import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { TestKernel, TestUser } from '@guiche/core/testing';
import { StorageKeys } from '@guiche/web-sdk/storage';

/**
 * What the browser tests share: Debian's chromium launched headless, a page in a fresh context
 * against the test kernel, and the login form. Each test file keeps its own kernel and its own
 * assertions.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the built web lives (web-shell/dist, web-modules/<id>/dist); the repository by default. */
export const webRoot = process.env.E2E_WEB_ROOT ? path.resolve(process.env.E2E_WEB_ROOT) : repoRoot;

export const CHROMIUM_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Throws, before anything starts, when the web build a test needs is missing. */
export function requireBuiltWeb(...built: string[]): void {
  for (const file of built.length ? built : ['web-shell/dist/index.html']) {
    if (!fs.existsSync(path.join(webRoot, file))) throw new Error(`${file} is missing: run npm run build:web first`);
  }
}

/** Debian's chromium with CHROMIUM_ARGS, plus the test's own extra switches. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

const openContexts: BrowserContext[] = [];

/**
 * Every test browser asks for reduced motion, which the shell honours by dropping its transitions:
 * a dialog or popover is where it ends up at once, so a click is never aimed at a box still moving.
 * It also refuses the shell's service worker (issue #29): a worker would download the whole shell
 * in the background of every journey and answer requests that page.route then never sees; the
 * worker's own journey (e2e/offline.test.ts) asks for it with `serviceWorkers: 'allow'`.
 */
export const QUIET_MOTION = { reducedMotion: 'reduce', serviceWorkers: 'block' } as const satisfies BrowserContextOptions;

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** Default pt-BR. */
  locale?: string;
  acceptDownloads?: boolean;
  permissions?: string[];
  /** Default 'block' (QUIET_MOTION). */
  serviceWorkers?: 'allow' | 'block';
}

/** A page in a new browser context whose base URL is the kernel; closed by closeBrowser. */
export async function newPage(browser: Browser, kernel: TestKernel, opts: NewPageOptions = {}): Promise<Page> {
  const { viewport = { width: 1280, height: 800 }, locale = 'pt-BR', acceptDownloads, permissions, serviceWorkers = QUIET_MOTION.serviceWorkers } = opts;
  const options: BrowserContextOptions = { ...QUIET_MOTION, baseURL: kernel.url, viewport, locale, serviceWorkers };
  if (acceptDownloads !== undefined) options.acceptDownloads = acceptDownloads;
  if (permissions) options.permissions = permissions;
  const context = await browser.newContext(options);
  openContexts.push(context);
  return context.newPage();
}

/** Closes every context newPage opened, then the browser. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  for (const context of openContexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
}

export type LoginUser = TestUser | { email: string; password: string };

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, user: LoginUser): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('user' in user ? user.user.email : user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
}

let signIns = 0;

/**
 * Signs in as the form would — the same POST /api/auth/login, its refresh cookie kept in the page's
 * context and the session in the page's storage — and opens `start` (where the form lands, or the
 * test's own page). Journeys whose subject is not the sign-in skip two page loads this way; the form
 * itself is walked by e2e/shell.test.ts with submitLogin.
 */
export async function logIn(page: Page, user: LoginUser, start = '/tickets'): Promise<void> {
  const credentials = 'user' in user ? { email: user.user.email, password: user.password } : user;
  const response = await page.request.post('/api/auth/login', { data: credentials });
  if (!response.ok()) throw new Error(`sign-in of ${credentials.email} failed: ${response.status()} ${await response.text()}`);
  const auth = (await response.json()) as { token: string; user: { id: number; companyId: number }; subscriptionExpired: boolean };
  // Applied once per tab (a later logout must stay logged out), before the shell's own scripts run.
  const once = `e2e-sign-in-${++signIns}`;
  await page.context().addInitScript(
    ({ once, session }) => {
      if (window.sessionStorage.getItem(once)) return;
      window.sessionStorage.setItem(once, '1');
      for (const [key, value] of session) window.localStorage.setItem(key, value);
    },
    {
      once,
      session: [
        [StorageKeys.token, auth.token],
        [StorageKeys.companyId, String(auth.user.companyId)],
        [StorageKeys.userId, String(auth.user.id)],
      ],
    },
  );
  await page.goto(auth.subscriptionExpired ? '/financeiro-aberto' : start);
}

/** Keeps a screenshot named `name` in `dir` (a test's *_SHOTS variable, for a human to look at); nothing when unset. */
export async function keepScreenshot(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The first Blueprint toast showing `text` (toasts stack; an earlier one may still be leaving). */
export const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text }).first();
