import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type WebSocket } from 'playwright-core';
import type { Server } from 'socket.io';
import { Rooms } from '@guiche/contracts';
import { waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
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
  const page = await context.newPage();
  // Watched from its first load, so a journey can wait for the page's socket (watchSocket) at any point.
  watchSocket(page);
  return page;
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

/** The page's socket.io connection as a journey waits on it (see watchSocket). */
export interface LiveSocket {
  /** Resolves once the page has an open connection socket.io acknowledged (CONNECT, a received "40…" frame). */
  connected(opts?: { timeout?: number }): Promise<void>;
  /** How many CONNECT acknowledgements the page received so far (1 per connection, reconnections included). */
  connections(): number;
  /**
   * Resolves once the page's current connection is in the ticket's room on the server: the page
   * emits 'joinChatBox' without an acknowledgement, so the room itself is the signal. Live events
   * sent only to the ticket's room (a message, a status change of the open ticket) reach the page
   * only from then on.
   */
  inTicketRoom(kernel: TestKernel, ticketUuid: string, opts?: { timeout?: number }): Promise<void>;
}

/** The kernel's socket.io server (the test kernel runs it in-process). */
export const socketServer = (kernel: TestKernel) => (kernel.kernel.core.realtime as unknown as { io: Server }).io;

const watchedPages = new WeakMap<Page, LiveSocket>();

/**
 * Watches the page's socket.io connections: the same watcher for a page every time, and newPage's
 * pages are watched from the start; another page must be watched before it loads (a socket opened
 * before is not seen). A journey that changes server state right after a page load and then waits for the
 * page to show it live must wait for connected() (or inTicketRoom) first: an event sent before
 * the page's socket listens reaches nobody, and the page keeps what it first read.
 */
export function watchSocket(page: Page): LiveSocket {
  const known = watchedPages.get(page);
  if (known) return known;
  let count = 0;
  // The connection socket.io acknowledged last, while it is open, and its id.
  let current: WebSocket | undefined;
  let sid: string | undefined;
  const onSocket = (ws: WebSocket) => {
    ws.on('framereceived', (f) => {
      if (typeof f.payload !== 'string' || !f.payload.startsWith('40')) return;
      count++;
      current = ws;
      // 40{"sid":"…"}: socket.io's CONNECT packet carries the connection's id.
      try {
        sid = (JSON.parse(f.payload.slice(2)) as { sid?: string }).sid;
      } catch {
        sid = undefined;
      }
    });
    // A reload or a navigation closes it: what the server did for it says nothing about the next one.
    ws.on('close', () => {
      if (current !== ws) return;
      current = undefined;
      sid = undefined;
    });
  };
  page.on('websocket', onSocket);
  page.once('close', () => page.off('websocket', onSocket));
  const connected = async ({ timeout = 15_000 } = {}) => {
    await waitFor(() => current !== undefined, { timeout });
  };
  const live: LiveSocket = {
    connected,
    connections: () => count,
    async inTicketRoom(kernel, ticketUuid, { timeout = 15_000 } = {}) {
      await connected({ timeout });
      await waitFor(async () => {
        if (!sid) return false;
        const sockets = await socketServer(kernel).in(Rooms.ticket(ticketUuid)).fetchSockets();
        return sockets.some((s) => s.id === sid);
      }, { timeout });
    },
  };
  watchedPages.set(page, live);
  return live;
}
