import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import campaignsPlugin from '@guiche/plugin-campaigns';
import { FakeWorld } from '../core/test/channels-fake-channel.js';
import { contactList, fakeWhatsapp, liveConnection } from '../plugins/campaigns/test/support.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, watchSocket } from './support/browser.js';

/**
 * Issue #31 in Debian's chromium against a real kernel and a fake WhatsApp session: a connection
 * that stays down raises the banner live for the admin (and an entry on the connections page), its
 * reconnect button brings it back and the banner goes away by itself; a campaign the guard paused
 * for numbers not on WhatsApp shows why, and one click resumes it to FINALIZADA.
 */

const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/campaigns/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [fakeWhatsapp(world), campaignsPlugin], config: { WEB_ROOT: webRoot, TIMED_WORK_POLL_MS: 200 } });
  browser = await launchChromium();
  company = await kernel.createCompany({ planFlags: { useCampaigns: true } });
  const res = await kernel.api('POST', '/campaign-settings', { token: company.admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function open(user: TestUser, path: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  await logIn(page, user, path);
  return page;
}

describe('WhatsApp guard in the browser', () => {
  it('shows the alert banner live when a connection stays down, and its reconnect button clears it', async () => {
    const conn = await liveConnection(kernel, world, company, 'Loja Centro');
    const page = await open(company.admin, '/connections');
    await page.getByTestId('connection-row').filter({ hasText: 'Loja Centro' }).waitFor();
    const banner = page.getByTestId('connection-alert-banner');
    expect(await banner.count()).toBe(0);
    // The alert's live event must find the page listening.
    await watchSocket(page).connected();

    world.failStarts = 1_000_000;
    world.session(conn)!.drop();
    const timer = await waitFor(() => kernel.db('timedWork').where({ kind: 'connections.down-alert', key: String(conn) }).first());
    // Not before the company's minutes (2 by default): the test runs the timer at its due time.
    await kernel.kernel.core.timedWork.runDue(new Date(timer.dueAt));
    await banner.filter({ hasText: 'Loja Centro' }).waitFor();
    await page.getByTestId('connections-page-alerts').filter({ hasText: 'Loja Centro' }).waitFor();

    // Another page: the banner is above every page.
    await page.goto('/tickets');
    await banner.filter({ hasText: 'Loja Centro' }).waitFor();
    // A new page load, a new socket: the alert's clearing must find it listening.
    await watchSocket(page).connected();
    world.failStarts = 0;
    await banner.getByTestId('connection-alert-reconnect').click();
    await banner.waitFor({ state: 'detached' });
    // The banner leaves when the alert clears; the session's row says CONNECTED once its start completes.
    await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn }).first('status')).status === 'CONNECTED');
    await page.close();
  }, 90_000);

  it('shows a message sent while the connection is down as waiting for it, and sent once it is back', async () => {
    const conn = await liveConnection(kernel, world, company, 'Loja Norte');
    world.numbers.set('5511988887777', '5511988887777');
    const contact = await kernel.api('POST', '/contacts', { token: company.admin.token, body: { name: 'Cliente Espera', number: '5511988887777' } });
    expect(contact.status, JSON.stringify(contact.body)).toBeLessThan(300);
    const created = await kernel.api('POST', '/tickets', { token: company.admin.token, body: { contactId: contact.body.id, whatsappId: conn, userId: company.admin.user.id, status: 'open' } });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const page = await open(company.admin, `/tickets/${created.body.uuid}`);
    await page.getByTestId('presence').waitFor({ state: 'attached' });
    // The message and its acks reach the page live through the ticket's room.
    await watchSocket(page).inTicketRoom(kernel, created.body.uuid);

    world.failStarts = 1_000_000;
    world.session(conn)!.drop();
    await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn }).first('status')).status !== 'CONNECTED');
    const sent = await kernel.api('POST', `/messages/${created.body.id}`, { token: company.admin.token, body: { body: 'Volto já com a resposta' } });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const mine = page.locator('.cv-message--mine').filter({ hasText: 'Volto já com a resposta' });
    await mine.locator('[data-ack="waiting"]').filter({ hasText: 'Aguardando conexão' }).waitFor();

    world.failStarts = 0;
    expect((await kernel.api('POST', `/whatsappsession/${conn}`, { token: company.admin.token })).status).toBeLessThan(300);
    await mine.locator('[data-ack="sent"]').waitFor();
    await page.close();
  }, 90_000);

  it('shows a campaign the guard paused with its reason and decisions, and resumes it with a click', async () => {
    const conn = await liveConnection(kernel, world, company, 'Linha Promo');
    expect((await kernel.api('PUT', `/campaign-guards/${conn}`, { token: company.admin.token, body: { failureThreshold: 2 } })).status).toBe(200);
    const list = await contactList(kernel, company, 4);
    const first = await kernel.db('contactListItems').where({ contactListId: list.id }).orderBy('id').limit(2).select('id');
    for (const [i, item] of first.entries()) await kernel.db('contactListItems').where({ id: item.id }).update({ number: `sem-numero-${i}` });
    const created = await kernel.api('POST', '/campaigns', {
      token: company.admin.token,
      body: { name: 'Promo guardada', whatsappId: String(conn), contactListId: list.id, message1: 'Oferta {nome}', scheduledAt: new Date(Date.now() + 1000).toISOString() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    await waitFor(async () => (await kernel.db('campaigns').where({ id }).first()).pauseReason === 'GUARD_FAILURES', { timeout: 20_000 });

    const page = await open(company.admin, `/campaign/${id}/report`);
    const paused = page.getByTestId('report-paused');
    await paused.waitFor();
    expect(await paused.getAttribute('data-reason')).toBe('GUARD_FAILURES');
    await page.locator('[data-testid="guard-decision"][data-decision="paused_failures"]').waitFor();
    expect(await page.locator('[data-testid="guard-decision"][data-decision="paused_failures"]').innerText()).toContain('2');

    await page.getByTestId('campaign-resume').click();
    await paused.waitFor({ state: 'detached' });
    await page.locator('[data-testid="report-status"][data-status="FINALIZADA"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="guard-decision"][data-decision="resumed"]').waitFor();
    expect(await page.getByTestId('report-delivered').innerText()).toBe('2');
    expect(await page.getByTestId('report-failed').innerText()).toBe('2');
    await page.close();
  }, 90_000);
});
