import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { apiOk } from './support/api.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot, type LoginUser } from './support/browser.js';

/**
 * Issue #32's shell items. Every route as the super admin, a company admin and an agent (inbox.md §2 side menu table), in
 * Debian's chromium at 390×844: an allowed route renders its page (a heading, no error state), a
 * refused one shows the one "Acesso restrito" state and never starts its page (no API call refused),
 * the side menu lists exactly the allowed routes, and no route overflows sideways. Toasts never
 * cover the ticket header's actions; the announcements badge sits on its icon.
 */

const SUPER = { email: 'super@guiche.test', password: 'Super@12345' };

/** The routes of the side menu table, in menu order. */
const ROUTES = ['/', '/reports', '/moments', '/tickets', '/quick-messages', '/kanban', '/TagsKanban', '/contacts', '/wallets', '/schedules', '/tags', '/chats', '/helps', '/campaigns', '/contact-lists', '/campaigns-config', '/announcements', '/messages-api', '/plantao', '/users', '/queues', '/queue-integration', '/files', '/flowbuilder', '/prompts', '/connections', '/financeiro', '/closing-reasons', '/sla', '/settings', '/companies', '/audit'];
const SUPER_ONLY = ['/announcements', '/companies'];
/** What an agent (profile user, no dashboard/real-time/connections grant) may open with every plan flag on. */
const AGENT = ['/tickets', '/quick-messages', '/kanban', '/TagsKanban', '/contacts', '/wallets', '/schedules', '/tags', '/chats', '/helps', '/campaigns', '/contact-lists', '/campaigns-config', '/prompts'];

/** Every plugin with a web module or a page of the table, as a full install runs them. */
const MODULE_PLUGINS = ['@guiche/plugin-kanban', '@guiche/plugin-schedules', '@guiche/plugin-internal-chat', '@guiche/plugin-campaigns', '@guiche/plugin-external-api', '@guiche/plugin-prompts', '@guiche/plugin-queue-integrations', '@guiche/plugin-on-call', '@guiche/plugin-channel-webchat', '@guiche/plugin-flow-builder'];

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let agent: TestUser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: MODULE_PLUGINS, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  agent = await kernel.createUser(company.company.id, { name: 'Ana Atendente' });
  // Rows to lay out: the contacts page's actions must fit a 390 px screen without a sideways swipe.
  for (const [name, number] of [['Maria Aparecida dos Santos Oliveira', '5511999990001'], ['João', '5511999990002']]) {
    await apiOk(kernel, 'POST', '/contacts', admin.token, { name, number, email: `${number}@cliente.test` });
  }
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

/** Client-side navigation, as a menu click does (react-router follows popstate): no reload per route. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A page's heading (not the title of a refusal state, which a previous route may still show). */
const HEADING = '#content :is(h1, h2, h3, h4, h5, [role="heading"]):not(.access-state *)';
const ERROR_STATE = '#content :is(.bp6-callout.bp6-intent-danger, [data-testid="access-restricted"], [data-testid="plan-denied"])';

async function walk(user: LoginUser, allowed: string[]) {
  const page = await newPage(browser, kernel, { viewport: { width: 1280, height: 800 } });
  const refused: string[] = [];
  let inFlight = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight++;
  });
  page.on('requestfinished', (r) => {
    if (isApi(r.url())) inFlight--;
  });
  page.on('requestfailed', (r) => {
    if (isApi(r.url())) inFlight--;
  });
  page.on('response', (r) => {
    if (isApi(r.url()) && r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await logIn(page, user);
  await page.locator('.side-menu').waitFor();

  // The menu lists exactly the allowed routes of the table, in its order (a module's own extra
  // entries, such as /messages-api/webhooks, arrive with its remote and are the module's tests' concern).
  const tableLinks = async () => (await page.locator('.side-menu a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).filter((href) => ROUTES.includes(href ?? ''));
  await expect.poll(tableLinks).toEqual(allowed);

  await page.setViewportSize({ width: 390, height: 844 });
  const results: string[] = [];
  for (const route of ROUTES) {
    refused.length = 0;
    await go(page, route);
    if (route === '/' && !allowed.includes('/')) {
      // The start page of whoever may not see the dashboard is the tickets list.
      await page.waitForURL((url) => url.pathname === '/tickets');
    } else if (allowed.includes(route)) {
      await expect.poll(() => page.locator(ERROR_STATE).count(), { message: route }).toBe(0);
      await page.locator(HEADING).first().waitFor();
    } else {
      await page.getByTestId('access-restricted').getByText('Acesso restrito').waitFor();
      expect(new URL(page.url()).pathname, route).toBe(route);
    }
    // Let the page's own requests settle before reading what was refused and measuring the width.
    await expect.poll(() => inFlight).toBe(0);
    if (allowed.includes(route)) expect(await page.locator(ERROR_STATE).count(), `${route} shows an error state`).toBe(0);
    expect(refused, `${route}: API calls refused`).toEqual([]);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    // Every visible button of the page lies within the screen (none behind a sideways scroll).
    const outside = await page.locator('#content button:visible').evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && (r.left < 0 || r.right > 390)).map((r) => Math.round(r.right)),
    );
    results.push(`${route} ${width <= 390 ? 'ok' : `overflows to ${width}px`}${outside.length ? ` buttons end at ${outside.join(',')}px` : ''}`);
  }
  expect(results.filter((r) => !r.endsWith(' ok'))).toEqual([]);
  await page.close();
}

describe('every route as each profile', () => {
  it('super admin: every route', async () => {
    await walk(SUPER, ROUTES);
  }, 240_000);

  it('company admin: every route but the platform ones', async () => {
    await walk(admin, ROUTES.filter((r) => !SUPER_ONLY.includes(r)));
  }, 240_000);

  it('agent: the shared routes; the admin group shows "Acesso restrito" and starts nothing', async () => {
    await walk(agent, AGENT);
  }, 240_000);
});

describe('a plan flag off', () => {
  it('drops its routes from the menu and names what the plan lacks, not the profile', async () => {
    const { admin: noKanban } = await kernel.createCompany({ planFlags: { useKanban: false } });
    const page = await newPage(browser, kernel);
    await logIn(page, noKanban);
    await page.locator('.side-menu a[href="/tickets"]').waitFor();
    expect(await page.locator('.side-menu a[href="/kanban"], .side-menu a[href="/TagsKanban"]').count()).toBe(0);
    await go(page, '/kanban');
    await page.getByTestId('plan-denied').getByText('O plano desta empresa não inclui Kanban.').waitFor();
    expect(await page.getByTestId('access-restricted').count()).toBe(0);
    await page.close();
  }, 60_000);
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('overlays', () => {
  it('after "Aceitar" the toast covers none of the ticket header\'s actions and "Transferir" takes the click at once', async () => {
    const { company, admin: owner } = await kernel.createCompany();
    const ana = await kernel.createUser(company.id, { name: 'Ana Atendente' });
    const queue = await apiOk(kernel, 'POST', '/queue', owner.token, { name: 'Vendas', color: '#2965CC', userIds: [ana.user.id] });
    const connection = await apiOk(kernel, 'POST', '/whatsapp', owner.token, { name: 'Site', channel: 'webchat' });
    const { ticketId } = await kernel.kernel.core.ingest.ingest(connection.id, {
      wid: 'toast-1', fromMe: false, timestamp: new Date(), peer: { id: 'visitor-toast', name: 'Maria Visitante' }, body: 'Olá', mediaType: 'chat',
    });
    await kernel.db('tickets').where({ id: ticketId }).update({ queueId: queue.id });
    const { uuid } = await apiOk(kernel, 'GET', `/tickets/${ticketId}`, owner.token);

    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      if (viewport.width === 390) await kernel.db('tickets').where({ id: ticketId }).update({ status: 'pending', userId: null });
      const page = await newPage(browser, kernel, { viewport });
      await logIn(page, ana, `/tickets/${uuid}`);
      await page.getByTestId('action-accept').click();
      const shown = toast(page, 'Ticket aceito.');
      await shown.waitFor();
      const transfer = page.getByTestId('action-transfer');
      await transfer.waitFor();
      const toastBox = (await shown.boundingBox())!;
      const actions = page.getByTestId('ticket-header').locator('button');
      for (const box of await actions.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as Box))) {
        expect(intersects(toastBox, box), `${viewport.width}px: toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
      }
      // What the pointer would hit at the centre of "Transferir" is the button itself, toast still shown.
      expect(await transfer.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      })).toBe(true);
      expect(await shown.isVisible()).toBe(true);
      await transfer.click();
      await page.getByRole('dialog', { name: 'Transferir ticket' }).waitFor();
      await page.close();
    }
  }, 120_000);

  it('draws the announcements unread badge on its icon, not at the window\'s corner', async () => {
    await apiOk(kernel, 'POST', '/announcements', kernel.superToken, { title: 'Novidade', text: 'Nova tela' });
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await newPage(browser, kernel, { viewport });
      await logIn(page, admin);
      const badge = page.getByTestId('announcements-unread');
      await badge.waitFor();
      const button = (await page.getByTestId('announcements-button').boundingBox())!;
      const icon = (await page.getByTestId('announcements-button').locator('.bp6-icon').first().boundingBox())!;
      const b = (await badge.boundingBox())!;
      // Its centre lies on the button, and it touches the icon it counts for.
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      expect(cx >= button.x && cx <= button.x + button.width && cy >= button.y && cy <= button.y + button.height, `badge ${JSON.stringify(b)} button ${JSON.stringify(button)}`).toBe(true);
      expect(intersects(b, icon), `badge ${JSON.stringify(b)} icon ${JSON.stringify(icon)}`).toBe(true);
      expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
      expect(b.y).toBeGreaterThanOrEqual(0);
      await page.close();
    }
  }, 60_000);
});
