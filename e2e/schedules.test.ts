import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import schedulesPlugin from '@guiche/plugin-schedules';
import { closeBrowser, keepScreenshot, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The schedules web module in Debian's chromium against a real kernel whose timed work sweeps on
 * the wall clock: a schedule created from a ticket's menu goes out into that conversation live and
 * the list shows it ENVIADA; a failure shows its reason; a contact opens the dialog for itself (its
 * connection choice waits for the connections, and a minute turning keeps what was typed); a plan
 * without useSchedules never fetches the remote and is sent to / with the denial message.
 */

const MODULE_PREFIX = '/modules/schedules/';
const SHOTS = process.env.SCHEDULES_SHOTS;
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/schedules/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [schedulesPlugin], config: { WEB_ROOT: webRoot, TIMED_WORK_POLL_MS: 200 } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function open(user: TestUser, path: string): Promise<{ page: Page; requests: string[] }> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await logIn(page, user, path);
  return { page, requests };
}

/** 'YYYY-MM-DDTHH:mm:ss' on São Paulo's clock (UTC−3). */
function spInput(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
}

/** Holds the page's next list of connections: `asked` resolves when it is requested, the page gets it on `release`. */
async function holdConnections(page: Page): Promise<{ asked: Promise<void>; release(): void }> {
  let markAsked!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/whatsapp\?/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    markAsked();
    await released;
    await route.fallback();
  });
  return { asked, release };
}

const row = (page: Page, id: number) => page.locator(`[data-testid="schedule-row"][data-schedule-id="${id}"]`);

describe('schedules in the browser', () => {
  let admin: TestUser;
  let colleague: TestUser;
  let ticket: { id: number; uuid: string };
  let contactId: number;
  let conn: number;

  beforeAll(async () => {
    const company = await kernel.createCompany({ planFlags: { useSchedules: true } });
    admin = company.admin;
    const companyId = company.company.id;
    // One session per user: the list is watched by another user of the company.
    colleague = await kernel.createUser(companyId, { name: 'Carlos Colega' });
    [{ id: conn }] = await kernel.db('whatsapps').insert({ companyId, name: 'Linha Vendas', channel: 'whatsapp', token: randomBytes(10).toString('hex'), status: 'CONNECTED', isDefault: true }).returning('id');
    [{ id: contactId }] = await kernel.db('contacts').insert({ companyId, name: 'Paula Paciente', number: '5511987650001', channel: 'whatsapp' }).returning('id');
    [ticket] = await kernel.db('tickets').insert({ companyId, contactId, whatsappId: conn, status: 'open', userId: admin.user.id, lastMessage: 'Oi' }).returning(['id', 'uuid']);
  });

  it('a schedule created from the ticket goes out live into the conversation, and the list shows it ENVIADA', async () => {
    const watcher = await open(colleague, '/schedules');
    await watcher.page.getByTestId('schedules-page').waitFor();
    const { page } = await open(admin, `/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('ticket-more').click();
    const asked = Date.now();
    await page.getByTestId('ticket-schedule').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.locator('#schedule-contact').inputValue()).toBe('Paula Paciente');
    // The ticket's connection, once the connections have arrived.
    await expect.poll(() => page.locator('#schedule-connection').inputValue()).toBe(String(conn));
    // The default send time is one hour ahead on São Paulo's clock (to the minute), taken when the
    // dialog opened: between the click and now.
    const shown = (await page.locator('#schedule-send-at').inputValue()).slice(0, 16);
    expect(shown >= spInput(new Date(asked + 3_600_000)).slice(0, 16)).toBe(true);
    expect(shown <= spInput(new Date(Date.now() + 3_600_000)).slice(0, 16)).toBe(true);

    await page.locator('#schedule-body').fill('oi');
    await page.getByTestId('schedule-save').click();
    await dialog.getByText('Mensagem muito curta').waitFor();

    const body = 'Lembrete: sua consulta é amanhã às 10h';
    await page.locator('#schedule-body').fill(body);
    await page.locator('#schedule-send-at').fill(spInput(new Date(Date.now() + 4000)));
    await page.getByTestId('schedule-save').click();
    await page.waitForURL(`**/tickets/${ticket.uuid}`);
    const created = await kernel.db('schedules').where({ contactId }).first('id');

    // The kernel's own sweeper sends it when due; the conversation shows it live.
    const messages = page.getByTestId('conversation-panel').getByTestId('message').filter({ hasText: body });
    await messages.first().waitFor({ timeout: 60_000 });
    await row(watcher.page, created.id).and(watcher.page.locator('[data-status="ENVIADA"]')).waitFor();
    expect(await row(watcher.page, created.id).getByTestId('schedule-status').textContent()).toBe('Enviada');
    expect(await row(watcher.page, created.id).textContent()).toContain(`${body.slice(0, 25)}...`);
    await keepScreenshot(SHOTS, page, 'schedule-sent');
    expect(await messages.count()).toBe(1);
    const stored = await kernel.db('messages').where({ contactId, body }).select('ticketId');
    expect(stored).toEqual([{ ticketId: ticket.id }]);
  });

  it('the contacts list opens the dialog for that contact; the connection waits for its list, and a new minute keeps what was typed', async () => {
    const { page } = await open(admin, '/contacts');
    const connections = await holdConnections(page);
    await page.getByTestId('contact-schedule').first().click();
    await page.getByTestId('schedule-dialog').waitFor();
    await expect.poll(() => page.locator('#schedule-contact').inputValue()).toBe('Paula Paciente');

    // While the connections are on their way the choice says so, instead of showing the default.
    const connection = page.locator('#schedule-connection');
    await connections.asked;
    expect(await connection.isDisabled()).toBe(true);
    expect(await connection.locator('option:checked').textContent()).toBe('Carregando conexões...');
    connections.release();
    await expect.poll(() => connection.isEnabled()).toBe(true);
    expect(await connection.locator('option:checked').textContent()).toBe('Conexão padrão da empresa (Linha Vendas)');

    // The clock turns a minute while the user writes: the message and the send time stay.
    const sendAt = await page.locator('#schedule-send-at').inputValue();
    const box = page.locator('#schedule-body');
    await box.fill('Olá Paula,');
    await page.clock.setFixedTime(Date.now() + 61_000);
    await box.pressSequentially(' tudo bem?');
    expect(await box.inputValue()).toBe('Olá Paula, tudo bem?');
    expect(await page.locator('#schedule-send-at').inputValue()).toBe(sendAt);
  });

  it('shows why a schedule failed', async () => {
    const other = await kernel.createCompany({ planFlags: { useSchedules: true } });
    const [{ id: lonely }] = await kernel.db('contacts').insert({ companyId: other.company.id, name: 'Sem Conexão', number: '5511987650002', channel: 'whatsapp' }).returning('id');
    const { page } = await open(other.admin, '/schedules');
    await page.getByTestId('schedules-page').waitFor();
    const res = await kernel.api('POST', '/schedules', { token: other.admin.token, body: { body: 'Não há conexão padrão', contactId: lonely, sendAt: new Date().toISOString() } });
    expect(res.status).toBe(201);
    await row(page, res.body.id).and(page.locator('[data-status="ERRO"]')).waitFor();
    expect(await row(page, res.body.id).getByTestId('schedule-error').textContent()).toContain('Nenhuma conexão padrão encontrada');
  });
});

it('without useSchedules the remote is never fetched, the API answers 403 and /schedules goes to / with the denial message', async () => {
  const company = await kernel.createCompany({ planFlags: { useSchedules: false } });
  expect(await kernel.api('GET', '/schedules', { token: company.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  const { page, requests } = await open(company.admin, '/schedules?contactId=1');
  await page.locator('.bp6-toast', { hasText: 'O plano desta empresa não inclui Agendamentos' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  expect(requests.filter((p) => p.startsWith(MODULE_PREFIX))).toEqual([]);
});
