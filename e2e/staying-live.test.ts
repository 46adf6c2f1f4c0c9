import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, socketServer, watchSocket, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * Staying live (issue 18): when an agent's page loses its live connection — the server dropped it
 * as a restart does, or the network went away — the page says so at once, keeps trying, and once
 * back shows what arrived meanwhile (a missed event is made up by fetching again), then says it
 * is online again.
 */

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let admin: TestUser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  // A connection answer never carries its key (#29): the site route gives the widget's.
  const siteKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token as string;
  site = await serveWidgetSite(kernel.apiUrl, siteKey, { lang: 'pt' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
});

const realtime = () => socketServer(kernel);

/** Drops every live connection on the server side, as a restart does (clients see the transport close). */
function dropEveryConnection(): void {
  realtime().disconnectSockets(true);
}

async function visitorWrites(name: string, text: string): Promise<void> {
  const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
  await visitor.goto(site.url);
  await visitor.getByTestId('webchat-launcher').click();
  const form = visitor.getByTestId('webchat-form');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('button').click();
  await expect.poll(() => visitor.getByTestId('webchat-status').textContent()).toBe('Online');
  await visitor.getByTestId('webchat-input').fill(text);
  await visitor.getByTestId('webchat-input').press('Enter');
  await waitFor(() => kernel.db('messages').where({ body: text }).first());
}

const pendingRows = (page: Page) => page.getByTestId('ticket-list-pending').getByTestId('ticket-row');

describe('an agent page that loses its live connection', () => {
  it('says so, and once back shows what arrived meanwhile', async () => {
    const page = await newPage(browser, kernel);
    // While the test says so, the server refuses new live connections (as a server still starting would).
    let refuse = false;
    realtime().use((_socket, next) => (refuse ? next(new Error('ERR_SESSION_EXPIRED')) : next()));
    const live = watchSocket(page);
    await logIn(page, admin);
    await page.getByTestId('tickets-page').waitFor();
    await page.getByRole('tab', { name: /^Aguardando/ }).click();
    await page.getByTestId('show-all').check({ force: true });
    await page.getByText('Nenhum ticket aqui').waitFor();
    await waitFor(() => live.connections() === 1);
    const banner = page.getByTestId('connection-lost');
    expect(await banner.count()).toBe(0);

    // The server drops the page's connection and does not take it back yet.
    refuse = true;
    dropEveryConnection();
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Sem conexão com o servidor — reconectando…');

    // A customer writes meanwhile: the page cannot hear it.
    await visitorWrites('Rita Visitante', 'Alguém aí? Preciso de ajuda.');
    expect(await pendingRows(page).count()).toBe(0);

    // Back: the page reconnects by itself, says so, and fetches what it missed.
    refuse = false;
    await expect.poll(() => pendingRows(page).count()).toBe(1);
    expect(await pendingRows(page).first().innerText()).toContain('Rita Visitante');
    await banner.waitFor({ state: 'detached' });
    expect(live.connections()).toBeGreaterThanOrEqual(2);

    // The browser loses the network: the page says so at once, and stops saying it when it is back.
    await page.context().setOffline(true);
    await banner.waitFor();
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // Still live: a new customer shows up without a reload.
    await visitorWrites('Saulo Visitante', 'Boa tarde!');
    await expect.poll(() => pendingRows(page).count()).toBe(2);
  });
});
