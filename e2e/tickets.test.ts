import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, newPage, requireBuiltWeb, submitLogin, webRoot, watchSocket } from './support/browser.js';

/**
 * The tickets screen in Debian's chromium against a real kernel (fresh database, the built
 * shell): a visitor's message arrives through the ingest service and shows up live as a pending
 * ticket with the notification chime; the agent accepts it choosing a queue; an admin sees it only
 * with show-all; a colleague trying to open the same contact gets the info modal; the ticket is
 * transferred to her and arrives live; she resolves it. An agent of another queue never sees it.
 */

/** Set to a folder to keep screenshots of the screens this test walks through. */
const screenshotDir = process.env.E2E_SCREENSHOTS_DIR;
const VOLUME = '0.4';

let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openAs(user: TestUser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport });
  // Every gain the page sets on a Web Audio node: the notification chime and its volume.
  await page.context().addInitScript((volume) => {
    localStorage.setItem('volume', volume);
    const w = window as unknown as { __gains: number[] };
    w.__gains = [];
    const original = AudioParam.prototype.setValueAtTime;
    AudioParam.prototype.setValueAtTime = function (value: number, time: number) {
      if (value <= 1 && value > 0.001 && value !== 880 && value !== 1320) w.__gains.push(value);
      return original.call(this, value, time);
    };
  }, VOLUME);
  await submitLogin(page, user);
  await page.waitForURL((url) => url.pathname.startsWith('/tickets'));
  await page.getByTestId('tickets-page').waitFor();
  return page;
}

const rows = (page: Page, tab: string) => page.getByTestId(`ticket-list-${tab}`).getByTestId('ticket-row');
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const shot = async (page: Page, name: string) => {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
};

describe('tickets screen in the browser', () => {
  let admin: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let sales: { id: number };
  let connectionId: number;

  beforeAll(async () => {
    const company = await kernel.createCompany();
    admin = company.admin;
    ana = await kernel.createUser(company.company.id, { name: 'Ana Atendente' });
    bruno = await kernel.createUser(company.company.id, { name: 'Bruno Suporte' });
    carla = await kernel.createUser(company.company.id, { name: 'Carla Vendas' });
    const token = admin.token;
    const q1 = await kernel.api('POST', '/queue', { token, body: { name: 'Vendas', color: '#2965CC', userIds: [ana.user.id, carla.user.id] } });
    expect(q1.status, JSON.stringify(q1.body)).toBe(201);
    sales = q1.body;
    const q2 = await kernel.api('POST', '/queue', { token, body: { name: 'Suporte', color: '#29A634', greetingMessage: 'Olá!', userIds: [bruno.user.id] } });
    expect(q2.status, JSON.stringify(q2.body)).toBe(201);
    // Ana also takes unassigned tickets without a queue (allTicket): the visitor's ticket arrives so.
    const put = await kernel.api('PUT', `/users/${ana.user.id}`, { token, body: { allTicket: 'enable' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const conn = await kernel.api('POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    connectionId = conn.body.id;
  });

  it('follows a ticket from arrival to resolution, live, for the right people only', async () => {
    const a = await openAs(ana);
    const b = await openAs(bruno);
    await tab(a, /Aguardando/).click();
    await tab(b, /Aguardando/).click();
    await a.getByText('Nenhum ticket aqui').waitFor();
    // Both pages listen before the visitor writes: Ana's sees it live, Bruno's could and must not.
    await Promise.all([watchSocket(a).connected(), watchSocket(b).connected()]);

    // A visitor writes: the pending ticket appears live in Ana's list, with the notification and the chime.
    const ingested = await kernel.kernel.core.ingest.ingest(connectionId, {
      wid: 'visitor-msg-1',
      fromMe: false,
      timestamp: new Date(),
      peer: { id: 'visitor-1', name: 'Maria Visitante' },
      body: 'Olá, preciso de ajuda com o meu pedido número 12345',
      mediaType: 'chat',
    });
    const ticketId = ingested.ticketId;
    await expect.poll(() => rows(a, 'pending').count()).toBe(1);
    const row = rows(a, 'pending').first();
    expect(await row.innerText()).toContain('Maria Visitante');
    // The last message is cut at 30 characters.
    expect(await row.innerText()).toContain('Olá, preciso de ajuda com o me...');
    await expect.poll(() => a.getByTestId('notifications-count').textContent()).toBe('1');
    await expect.poll(() => a.evaluate(() => (window as unknown as { __gains: number[] }).__gains)).toContain(Number(VOLUME));
    await shot(a, 'tickets-pending');

    // Ana accepts: the ticket has no queue, so she must choose one first.
    await row.getByTestId('ticket-accept').click();
    const acceptDialog = a.getByRole('dialog', { name: 'Aceitar ticket' });
    await acceptDialog.getByRole('button', { name: 'Aceitar' }).click();
    await acceptDialog.locator('.bp6-form-helper-text', { hasText: 'Selecione uma fila' }).waitFor();
    await acceptDialog.locator('#accept-queue').selectOption({ label: 'Vendas' });
    await acceptDialog.getByRole('button', { name: 'Aceitar' }).click();
    await a.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect.poll(() => a.getByTestId('ticket-header-status').textContent()).toBe('Aberto');
    expect(await a.getByTestId('ticket-header-queue').textContent()).toBe('Vendas');
    await expect.poll(() => rows(a, 'open').count()).toBe(1);
    const accepted = await kernel.api('GET', `/tickets/${ticketId}`, { token: ana.token });
    expect(accepted.body).toMatchObject({ status: 'open', userId: ana.user.id, queueId: sales.id });
    await shot(a, 'tickets-open');

    // The admin sees Ana's ticket only with show-all, with Ana as the owner.
    const adm = await openAs(admin);
    await adm.getByText('Nenhum ticket aqui').waitFor();
    await adm.getByTestId('show-all').check({ force: true });
    await expect.poll(() => rows(adm, 'open').count()).toBe(1);
    expect(await rows(adm, 'open').first().getByTestId('ticket-owner').textContent()).toBe('Ana Atendente');

    // Carla tries to open a ticket for the same contact: the info modal names Ana and the queue.
    const c = await openAs(carla);
    await c.getByTestId('ticket-new').click();
    const newDialog = c.getByRole('dialog', { name: 'Criar ticket' });
    await newDialog.locator('#new-ticket-contact').fill('Mar');
    await c.getByRole('option', { name: /Maria Visitante/ }).click();
    await newDialog.locator('#new-ticket-queue').selectOption({ label: 'Vendas' });
    await newDialog.getByRole('button', { name: 'OK' }).click();
    const info = c.getByRole('dialog', { name: 'Ticket em atendimento' });
    await expect.poll(() => info.getByTestId('ticket-info-text').textContent()).toBe('Este contato já está sendo atendido por Ana Atendente na fila Vendas.');
    await shot(c, 'tickets-conflict');
    await info.getByRole('button', { name: 'Fechar' }).click();
    expect(await rows(c, 'open').count()).toBe(0);

    // Ana transfers the ticket to Carla, who sees it arrive without reloading.
    await a.getByTestId('action-transfer').click();
    const transfer = a.getByRole('dialog', { name: 'Transferir ticket' });
    await transfer.locator('#transfer-user').fill('Carl');
    await a.getByRole('option', { name: /Carla Vendas/ }).click();
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await a.waitForURL((url) => url.pathname === '/tickets');
    await expect.poll(() => rows(c, 'open').count()).toBe(1);
    await expect.poll(() => rows(a, 'open').count()).toBe(0);

    // Carla checks the history and resolves without the farewell: the ticket closes.
    await rows(c, 'open').first().locator('a').click();
    await c.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await c.getByTestId('ticket-more').click();
    await c.getByTestId('ticket-history').click();
    const log = c.getByTestId('ticket-log');
    await expect.poll(() => log.innerText()).toContain('Recebeu o ticket transferido');
    await c.getByRole('dialog', { name: 'Histórico do ticket' }).getByRole('button', { name: 'Fechar' }).click();
    await c.getByTestId('action-resolve').click();
    const resolve = c.getByRole('dialog', { name: 'Resolver ticket' });
    await resolve.getByLabel('Finalizar sem mensagem de despedida').check({ force: true });
    await resolve.getByRole('button', { name: 'Resolver' }).click();
    await c.waitForURL((url) => url.pathname === '/tickets');
    const closed = await kernel.api('GET', `/tickets/${ticketId}`, { token: carla.token });
    expect(closed.body).toMatchObject({ status: 'closed', userId: carla.user.id });
    await c.getByTestId('view-closed').click();
    await expect.poll(() => rows(c, 'closed').count()).toBe(1);
    await expect.poll(() => rows(adm, 'open').count()).toBe(0);

    // The search view finds it by the contact's name, whatever its status.
    await c.getByTestId('view-search').click();
    await c.getByTestId('ticket-search').fill('Maria Vis');
    await expect.poll(() => rows(c, 'search').count()).toBe(1);
    await shot(c, 'tickets-search');

    // Bruno (queue Suporte) never saw any of it: not in his lists, not in his notifications.
    expect(await rows(b, 'pending').count()).toBe(0);
    await tab(b, /Atendendo/).click();
    expect(await rows(b, 'open').count()).toBe(0);
    expect(await b.getByTestId('notifications-count').count()).toBe(0);
    const brunoList = await kernel.api('GET', '/tickets?showAll=true', { token: bruno.token });
    expect(brunoList.body.tickets).toEqual([]);
  }, 120000);

  it('shows the list and the ticket as tabs on a narrow screen', async () => {
    const page = await openAs(carla, { width: 480, height: 800 });
    await shot(page, 'tickets-narrow-list');
    await page.getByRole('tab', { name: 'Atendimentos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Ticket', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('view-closed').click();
    await expect.poll(() => rows(page, 'closed').count()).toBe(1);
    await rows(page, 'closed').first().locator('a').click();
    await page.getByTestId('ticket-header').waitFor();
    expect(await page.getByRole('tab', { name: 'Ticket', exact: true }).getAttribute('aria-selected')).toBe('true');
    await shot(page, 'tickets-narrow');
    // Back to the list by its tab, then a tap on the same ticket shows it again.
    await page.getByRole('tab', { name: 'Atendimentos' }).click();
    await rows(page, 'closed').first().waitFor();
    await rows(page, 'closed').first().locator('a').click();
    await expect.poll(() => page.getByRole('tab', { name: 'Ticket', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('ticket-header').waitFor();
  }, 60000);
});

describe('close-all in the list header', () => {
  it('lets an admin close every ticket of the tab in the selected queues, and shows a plain user no such button', async () => {
    const company = await kernel.createCompany();
    const admin = company.admin;
    const token = admin.token;
    const agent = await kernel.createUser(company.company.id, { name: 'Diego Agente' });
    const post = async (apiPath: string, body: unknown) => {
      const res = await kernel.api('POST', apiPath, { token, body });
      expect(res.status, `${apiPath}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const finance = await post('/queue', { name: 'Financeiro', color: '#2965CC', userIds: [agent.user.id] });
    const logistics = await post('/queue', { name: 'Logística', color: '#D1980B', greetingMessage: 'Olá!', userIds: [agent.user.id] });
    await post('/whatsapp', { name: 'Site', channel: 'webchat' });
    const ticketFor = async (name: string, number: string, body: Record<string, unknown>) => {
      const contact = await post('/contacts', { name, number });
      return (await post('/tickets', { contactId: contact.id, ...body })).id as number;
    };
    const billing1 = await ticketFor('Cliente Boleto', '5511900001111', { status: 'pending', queueId: finance.id });
    const billing2 = await ticketFor('Cliente Pix', '5511900002222', { status: 'pending', queueId: finance.id });
    const shipping = await ticketFor('Cliente Entrega', '5511900003333', { status: 'pending', queueId: logistics.id });
    const inProgress = await ticketFor('Cliente Atendido', '5511900004444', { status: 'open', queueId: finance.id });

    // The agent, in both queues, watches the pending tab: no close-all for him.
    const ag = await openAs(agent);
    await tab(ag, /Aguardando/).click();
    await expect.poll(() => rows(ag, 'pending').count()).toBe(3);
    expect(await ag.getByTestId('tickets-close-all').count()).toBe(0);
    expect((await kernel.api('POST', '/tickets/closeAll', { token: agent.token, body: { status: 'pending', queueIds: [finance.id] } })).status).toBe(403);

    // The admin keeps only Financeiro in the queue filter (by keyboard), on the pending tab.
    const adm = await openAs(admin);
    await tab(adm, /Aguardando/).click();
    await expect.poll(() => rows(adm, 'pending').count()).toBe(3);
    await adm.getByTestId('queue-filter').click();
    for (const name of ['Logística', 'Sem fila']) {
      await adm.getByRole('checkbox', { name }).focus();
      await adm.keyboard.press('Space');
    }
    await adm.keyboard.press('Escape');
    await expect.poll(() => adm.getByTestId('queue-filter').innerText()).toBe('1 fila');
    await expect.poll(() => rows(adm, 'pending').count()).toBe(2);

    // The dialog counts what will close and says what happens; nothing happens on cancel.
    await adm.getByTestId('tickets-close-all').click();
    const dialog = adm.getByRole('dialog', { name: 'Encerrar todos os tickets?' });
    await expect.poll(() => dialog.getByTestId('close-all-summary').innerText()).toBe('2 tickets da aba Aguardando serão encerrados. Filas: Financeiro.');
    expect(await dialog.innerText()).toContain('sem mensagem de despedida');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await kernel.db('tickets').where({ id: billing1 }).first('status')).toEqual({ status: 'pending' });

    await adm.getByTestId('tickets-close-all').click();
    await expect.poll(() => dialog.getByTestId('close-all-summary').innerText()).toContain('2 tickets');
    await shot(adm, 'tickets-close-all');
    await dialog.getByTestId('close-all-confirm').click();
    await expect.poll(() => adm.getByText('2 tickets encerrados.').count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    // Both lists follow live: the admin's tab empties, the agent keeps only the other queue's ticket.
    await expect.poll(() => rows(adm, 'pending').count()).toBe(0);
    await expect.poll(() => rows(ag, 'pending').allInnerTexts()).toEqual([expect.stringContaining('Cliente Entrega')]);
    const statuses = await kernel.db('tickets').whereIn('id', [billing1, billing2, shipping, inProgress]).orderBy('id').pluck('status');
    expect(statuses).toEqual(['closed', 'closed', 'pending', 'open']);
    const logs = await kernel.db('ticketLogs').whereIn('ticketId', [billing1, billing2]).where({ type: 'closed' }).select('userId');
    expect(logs).toEqual([{ userId: admin.user.id }, { userId: admin.user.id }]);
    await adm.getByTestId('view-closed').click();
    await expect.poll(() => rows(adm, 'closed').count()).toBe(2);
    // No close-all where it means nothing: the closed view.
    expect(await adm.getByTestId('tickets-close-all').count()).toBe(0);
  }, 90000);
});
