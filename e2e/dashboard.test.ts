import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The dashboard (/), the real-time moments (/moments) and the tickets report (/reports) in Debian's
 * chromium against a real kernel: recharts charts drawn, the period filter and 'Parametrize o
 * filtro', attendants going online live, a moments card following a ticket an agent accepts in
 * another browser, and the report filtered, paged and exported to an xlsx read back with exceljs.
 */
let kernel: TestKernel;
let browser: Browser;
let c: TestCompany;
let ana: TestUser;
let conn: number;
let queueId: number;
let seq = 0;
const DAY = 86400000;
const ids: Record<string, number> = {};

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  c = await kernel.createCompany();
  ana = await kernel.createUser(c.company.id, { name: 'Ana Atendente' });
  conn = (await kernel.db('whatsapps').insert({ companyId: c.company.id, name: 'Linha Vendas', channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase().slice(0, 30) }).returning('id'))[0].id;
  queueId = (await kernel.db('queues').insert({ companyId: c.company.id, name: 'Vendas', color: '#2D72D2' }).returning('id'))[0].id;
  await kernel.db('userQueues').insert({ companyId: c.company.id, userId: ana.user.id, queueId });
  const now = Date.now();
  // Finished by Ana yesterday (rated 5) and 5 days ago (rated 2); one closed without an agent today; one pending today.
  ids.yesterday = await ticket('Cliente Ontem', { status: 'closed', userId: ana.user.id, queueId, createdAt: new Date(now - DAY - 3600000), closedAt: new Date(now - DAY) }, { supportSeconds: 1200, rate: 5, ratedAt: new Date(now - DAY) });
  ids.fiveDays = await ticket('Cliente Antigo', { status: 'closed', userId: ana.user.id, queueId, createdAt: new Date(now - 5 * DAY - 3600000), closedAt: new Date(now - 5 * DAY) }, { supportSeconds: 600, rate: 2, ratedAt: new Date(now - 5 * DAY) });
  ids.noAgent = await ticket('Cliente Sem Agente', { status: 'closed', createdAt: new Date(now - 600000), closedAt: new Date(now - 300000) }, {});
  ids.pending = await ticket('Maria Pendente', { status: 'pending', queueId, createdAt: new Date(now - 60000) }, {});
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

/** A ticket row with its metrics set as the scenario says (times relative to now). */
async function ticket(name: string, row: Record<string, unknown>, metrics: Record<string, unknown>): Promise<number> {
  const contactId = (await kernel.db('contacts').insert({ companyId: c.company.id, name, number: `55119${String(30000000 + ++seq)}`, channel: 'whatsapp' }).returning('id'))[0].id;
  const [t] = await kernel.db('tickets').insert({ companyId: c.company.id, whatsappId: conn, contactId, lastMessage: `Oi de ${name}`, ...row }).returning('*');
  const accepted = row.userId ? { firstAcceptedAt: row.createdAt, firstUserId: row.userId } : {};
  await kernel.db('ticketMetrics').where({ ticketId: t.id }).update({ ...accepted, closedAt: row.closedAt ?? null, ratedUserId: metrics.rate ? row.userId : null, ...metrics });
  return t.id;
}

async function openAs(user: TestUser, path: string, opts: { acceptDownloads?: boolean } = {}): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 }, ...opts });
  await logIn(page, user, path);
  return page;
}

const cardValue = (page: Page, key: string) => page.getByTestId(`card-${key}`).locator('.db-card__value').textContent();

describe('dashboard (/)', () => {
  it('draws the cards and charts for the default period, filters by period, asks for parameters', async () => {
    const page = await openAs(c.admin, '/');
    await page.getByTestId('dashboard-page').waitFor();
    // Default: the last 7 days.
    await expect.poll(() => cardValue(page, 'finished')).toBe('2');
    expect(await cardValue(page, 'closed')).toBe('1');
    expect(await cardValue(page, 'pending')).toBe('1');
    expect(await cardValue(page, 'avgSupport')).toBe('15 min');
    // recharts drew bars in each chart (SVG in the page).
    for (const chart of ['chart-totals', 'chart-queues', 'chart-users']) {
      await expect.poll(() => page.getByTestId(chart).locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    }
    await page.getByTestId('dashboard-period').selectOption('3');
    await page.getByTestId('dashboard-apply').click();
    await expect.poll(() => cardValue(page, 'finished')).toBe('1');
    // No parameters: 'Parametrize o filtro'.
    await page.getByTestId('dashboard-period').selectOption('');
    await page.getByTestId('dashboard-apply').click();
    await page.getByTestId('dashboard-filter-required').getByText('Parametrize o filtro').waitFor();

    await page.getByTestId('dashboard-period').selectOption('7');
    await page.getByTestId('dashboard-apply').click();
    await page.getByRole('tab', { name: 'NPS' }).click();
    await expect.poll(() => page.getByTestId('rating-pie').locator('.recharts-pie-sector').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('nps-total').textContent()).toBe('2');
    expect(await page.getByTestId('rating-pie').innerText()).toContain('Ótimo');

    // Attendants: Ana goes online while the admin watches.
    await page.getByRole('tab', { name: 'Atendentes' }).click();
    const status = page.getByTestId(`attendant-${ana.user.id}-status`);
    await expect.poll(() => status.textContent()).toBe('Offline');
    expect(await page.getByTestId('featured-attendant').innerText()).toContain('Ana Atendente');
    const socket = await kernel.socket(ana.token);
    await expect.poll(() => status.textContent()).toBe('Online');
    socket.close();
    await expect.poll(() => status.textContent()).toBe('Offline');
  });

  it('a user without showDashboard lands on /tickets', async () => {
    const page = await openAs(ana, '/');
    await page.waitForURL((url) => url.pathname.startsWith('/tickets'));
  });
});

describe('moments (/moments)', () => {
  it('moves a ticket from Pendentes to the agent who accepts it in another browser', async () => {
    const admin = await openAs(c.admin, '/moments');
    const pendingCard = admin.getByTestId('moments-pending');
    await pendingCard.getByTestId(`moment-ticket-${ids.pending}`).waitFor();
    await expect.poll(() => admin.getByTestId('moments-pending-count').textContent()).toBe('1');
    expect(await admin.getByTestId(`moments-agent-${ana.user.id}`).count()).toBe(0);

    // Ana accepts it in her own browser.
    const agent = await openAs(ana, '/tickets');
    await agent.getByRole('tab', { name: /Aguardando/ }).click();
    const row = agent.getByTestId('ticket-list-pending').getByTestId('ticket-row').first();
    await row.getByTestId('ticket-accept').click();
    await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);

    const anaCard = admin.getByTestId(`moments-agent-${ana.user.id}`);
    await anaCard.getByTestId(`moment-ticket-${ids.pending}`).waitFor();
    await expect.poll(() => admin.getByTestId('moments-pending-count').textContent()).toBe('0');
    expect(await anaCard.getByTestId(`moments-agent-${ana.user.id}-count`).textContent()).toBe('1');
    // The queue filter offers the pseudo-queue 'Sem fila'.
    await admin.locator('#moments-queues').click();
    await admin.getByRole('option', { name: 'Sem fila' }).waitFor();
  });
});

describe('tickets report (/reports)', () => {
  it('filters, pages and exports relatorio-de-atendimentos.xlsx with a progress bar', async () => {
    // The default range starts on the first of the month: keep every fixture inside it.
    const first = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 8)}01T12:00:00-03:00`);
    await kernel.db('tickets').where({ companyId: c.company.id }).where('createdAt', '<', first).update({ createdAt: first });
    for (let i = 0; i < 7; i++) await ticket(`Extra ${i}`, { status: 'closed', createdAt: new Date(Date.now() - 120000), closedAt: new Date() }, {});
    const page = await openAs(c.admin, '/reports', { acceptDownloads: true });
    await page.getByTestId('report-table').waitFor();
    // 11 tickets, 10 a page by default.
    await expect.poll(() => page.getByTestId('report-table').locator('tbody tr').count()).toBe(10);
    expect(await page.getByTestId('report-page').textContent()).toBe('Página 1 de 2');
    await page.getByTestId('report-page-size').selectOption('5');
    await expect.poll(() => page.getByTestId('report-page').textContent()).toBe('Página 1 de 3');
    await page.getByTestId('report-next').click();
    await expect.poll(() => page.getByTestId('report-page').textContent()).toBe('Página 2 de 3');

    // Filter: the contact search offers from 3 characters; then Filtrar.
    await page.getByTestId('report-contact').fill('Cl');
    expect(await page.getByTestId('report-contact-options').count()).toBe(0);
    await page.getByTestId('report-contact').fill('Cliente Ont');
    await page.getByTestId('report-contact-options').getByText('Cliente Ontem').click();
    await page.getByTestId('report-apply').click();
    await expect.poll(() => page.getByTestId('report-table').locator('tbody tr').count()).toBe(1);
    const row = page.getByTestId(`report-row-${ids.yesterday}`);
    expect(await row.innerText()).toContain('Ana Atendente');
    expect(await row.innerText()).toContain('00:20:00');

    await page.evaluate(() => {
      const w = window as unknown as { __sawProgress: boolean };
      w.__sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="report-export-progress"]')) w.__sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
    expect(await page.evaluate(() => (window as unknown as { __sawProgress: boolean }).__sawProgress)).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('RelatorioDeAtendimentos')!;
    const values: unknown[][] = [];
    sheet.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    expect(values[0]![0]).toBe('ID');
    expect(values.slice(1).map((v) => v[0])).toEqual([ids.yesterday]);
    expect(values[1]!.slice(1, 5)).toEqual(['Linha Vendas', 'Cliente Ontem', 'Ana Atendente', 'Vendas']);

    // The open-ticket link goes to the conversation.
    await row.getByRole('button', { name: `Abrir atendimento ${ids.yesterday}` }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  });
});
