import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import campaignsPlugin from '@guiche/plugin-campaigns';
import flowBuilderPlugin from '@guiche/plugin-flow-builder';
import { FakeWorld } from '../core/test/channels-fake-channel.js';
import { fakeWhatsapp, liveConnection, xlsx } from '../plugins/campaigns/test/support.js';
import { closeBrowser, keepScreenshot, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The campaigns web module in Debian's chromium against a real kernel whose timed work sweeps on
 * the wall clock and a fake WhatsApp session: a list imported from a spreadsheet (a row in error
 * shown as such), a campaign with two messages and an attachment, its report followed live to
 * FINALIZADA; a plan without useCampaigns never fetches the remote.
 */

const MODULE_PREFIX = '/modules/campaigns/';
/** A folder to keep screenshots of the journey in (optional). */
const SHOTS = process.env.CAMPAIGNS_SHOTS;
const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/campaigns/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [fakeWhatsapp(world), campaignsPlugin, flowBuilderPlugin], config: { WEB_ROOT: webRoot, TIMED_WORK_POLL_MS: 200 } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function open(user: TestUser, path: string): Promise<{ page: Page; requests: string[] }> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await logIn(page, user, path);
  return { page, requests };
}

/** 'YYYY-MM-DDTHH:mm:ss' on this machine's clock (the browser's time zone). */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

describe('campaigns in the browser', () => {
  let company: TestCompany;
  let conn: number;

  beforeAll(async () => {
    company = await kernel.createCompany({ planFlags: { useCampaigns: true } });
    conn = await liveConnection(kernel, world, company, 'Linha Promo');
    const res = await kernel.api('POST', '/campaign-settings', { token: company.admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
    expect(res.status).toBe(200);
  });

  it('imports a list by spreadsheet, runs a campaign with two messages and an attachment, and the report reaches FINALIZADA live', async () => {
    const { page } = await open(company.admin, '/contact-lists');
    await page.getByTestId('contact-lists-page').waitFor();
    await page.getByTestId('contact-lists-add').click();
    await page.locator('#contact-list-name').fill('Clientes da feira');
    await page.getByTestId('contact-list-save').click();
    const listRow = page.getByTestId('contact-list-row').filter({ hasText: 'Clientes da feira' });
    await listRow.waitFor();
    await listRow.getByTestId('contact-list-open').click();
    await page.getByTestId('contact-list-items-page').waitFor();
    await page.getByTestId('contact-list-name').filter({ hasText: 'Clientes da feira' }).waitFor();

    // The fake WhatsApp knows these numbers: the background check marks them valid.
    for (const n of ['5511970000001', '5511970000002', '5511970000004']) world.numbers.set(n, `${n}@s.whatsapp.net`);
    const sheet = await xlsx([
      ['Nome', 'Numero', 'Email'],
      ['Ana Feira', '5511970000001', 'ana@ex.com'],
      ['Bruno Feira', '5511970000002', ''],
      ['X', '5511970000003', ''],
      ['Carla Feira', '5511970000004', ''],
    ]);
    await page.getByTestId('contact-list-import-file').setInputFiles({ name: 'lista.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheet });
    await page.getByTestId('import-results').waitFor();
    expect(await page.getByTestId('import-row').count()).toBe(4);
    const errorRow = page.locator('[data-testid="import-row"][data-status="error"]');
    expect(await errorRow.count()).toBe(1);
    expect(await errorRow.textContent()).toContain('Linha 4');
    await keepScreenshot(SHOTS, page, 'import-results');
    await page.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="contact-list-item-row"][data-valid="true"]').count(), { timeout: 30_000 }).toBe(3);

    await page.goto('/campaigns');
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaigns-add').click();
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.waitFor();
    await page.locator('#campaign-name').fill('Feira de sábado');
    await page.locator('#campaign-list').selectOption({ label: 'Clientes da feira' });
    await dialog.getByTestId('campaign-connections').getByText('Linha Promo').click();
    await page.getByTestId('campaign-message-1').fill('Oi {nome}, feira no sábado!');
    await page.getByRole('tab', { name: 'Msg. 2' }).click();
    await page.getByTestId('campaign-message-2').fill('Olá {nome}, venha à feira!');
    await page.locator('#campaign-media').setInputFiles({ name: 'folheto.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) });
    await page.locator('#campaign-scheduled-at').fill(localInput(new Date(Date.now() + 3_000)));
    await keepScreenshot(SHOTS, page, 'campaign-dialog');
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached' });
    const campaignRow = page.getByTestId('campaign-row').filter({ hasText: 'Feira de sábado' });
    await campaignRow.waitFor();
    await campaignRow.getByTestId('campaign-report').click();

    await page.getByTestId('campaign-report-page').waitFor();
    await page.locator('[data-testid="report-status"][data-status="FINALIZADA"]').waitFor({ timeout: 60_000 });
    await keepScreenshot(SHOTS, page, 'report-finished');
    expect(await page.getByTestId('report-progress-text').textContent()).toBe('3 de 3 entregues');
    expect(await page.getByTestId('report-valid').textContent()).toBe('3');
    expect(await page.getByTestId('report-failed').textContent()).toBe('0');
    expect(await page.getByTestId('report-connection').textContent()).toBe('Linha Promo');

    const delivered = world.outbound.all.filter((d) => d.connectionId === conn);
    expect(delivered.map((d) => d.body).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(Oi Ana Feira, feira no sábado!|Olá Ana Feira, venha à feira!)$/)]),
    );
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered.map((d) => d.body.split(' ')[0]))).toEqual(new Set(['Oi', 'Olá']));
    expect(delivered.every((d) => d.media?.fileName === 'folheto.png')).toBe(true);
  }, 120_000);
});

it("offers the published flows as the campaign's reply flow only when the plan has the flow builder", async () => {
  const company = await kernel.createCompany({ planFlags: { useCampaigns: true, useFlowBuilder: true } });
  await liveConnection(kernel, world, company, 'Linha Fluxo');
  const draft = await kernel.api('POST', '/flowbuilder', { token: company.admin.token, body: { name: 'Rascunho' } });
  expect(draft.status).toBe(201);
  const graph = {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'hello', type: 'message', position: { x: 0, y: 120 }, data: { text: 'Que bom que respondeu!' } },
      { id: 'end', type: 'end', position: { x: 0, y: 240 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
      { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'end' },
    ],
  };
  const flow = await kernel.api('POST', '/flowbuilder', { token: company.admin.token, body: { name: 'Pós-campanha', graph } });
  expect((await kernel.api('POST', `/flowbuilder/${flow.body.id}/publish`, { token: company.admin.token })).status).toBe(201);
  const { page } = await open(company.admin, '/campaigns');
  await page.getByTestId('campaigns-page').waitFor();
  await page.getByTestId('campaigns-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.waitFor();
  // Published flows only (a draft cannot start).
  await expect.poll(() => page.locator('#campaign-flow option').allTextContents()).toEqual(['Nenhuma', 'Pós-campanha']);
  await page.locator('#campaign-name').fill('Com fluxo');
  await dialog.getByTestId('campaign-connections').getByText('Linha Fluxo').click();
  await page.getByTestId('campaign-message-1').fill('Oi {nome}, responda para saber mais');
  await page.locator('#campaign-flow').selectOption({ label: 'Pós-campanha' });
  await page.getByTestId('campaign-save').click();
  await dialog.waitFor({ state: 'detached' });
  expect(await kernel.db('campaigns').where({ companyId: company.company.id, name: 'Com fluxo' }).first('flowId')).toEqual({ flowId: flow.body.id });

  const without = await kernel.createCompany({ planFlags: { useCampaigns: true, useFlowBuilder: false } });
  const other = await open(without.admin, '/campaigns');
  await other.page.getByTestId('campaigns-page').waitFor();
  await other.page.getByTestId('campaigns-add').click();
  await other.page.getByTestId('campaign-dialog').waitFor();
  await other.page.locator('#campaign-name').waitFor();
  expect(await other.page.locator('#campaign-flow').count()).toBe(0);
  expect(other.requests.filter((path) => path.endsWith('/flowbuilder'))).toEqual([]);
});

it('without useCampaigns the remote is never fetched, the API answers 403 and /campaigns goes to / with the denial message', async () => {
  const company = await kernel.createCompany({ planFlags: { useCampaigns: false } });
  expect(await kernel.api('GET', '/campaigns', { token: company.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  const { page, requests } = await open(company.admin, '/campaigns');
  await page.locator('.bp6-toast', { hasText: 'O plano desta empresa não inclui Campanhas' }).waitFor();
  // §6: redirected to /, which leads on to the landing page.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/tickets');
  expect(requests.filter((p) => p.startsWith(MODULE_PREFIX))).toEqual([]);
});
