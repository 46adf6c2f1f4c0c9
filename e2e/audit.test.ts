import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { apiOk } from './support/api.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';

/**
 * The audit log in Debian's chromium (issue #33): an admin renames a queue in /queues, finds the
 * change in /audit with its old and new name, filters it, and exports the filtered rows as CSV;
 * another company's change never shows; an agent is refused the page.
 */

let kernel: TestKernel;
let browser: Browser;
let shop: TestCompany;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  shop = await kernel.createCompany();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openAs(user: { email: string; password: string }, start: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(10_000);
  await logIn(page, user, start);
  return page;
}

describe('audit page', () => {
  it('shows a queue renamed in /queues with old → new, filters it and exports it', async () => {
    const queue = await apiOk(kernel, 'POST', '/queue', shop.admin.token, { name: 'Suporte', color: '#2D72D2', greetingMessage: 'Olá!' });
    await apiOk(kernel, 'POST', '/tags', shop.admin.token, { name: 'Clientes VIP' });
    const rival = await kernel.createCompany();
    await apiOk(kernel, 'POST', '/tags', rival.admin.token, { name: 'Segredo Rival' });

    const page = await openAs({ email: shop.admin.user.email, password: shop.admin.password }, '/queues');
    const row = page.getByTestId('queue-row').filter({ has: page.getByTestId('queue-name').getByText('Suporte', { exact: true }) });
    await row.getByTestId('queue-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Editar fila' });
    await dialog.locator('#queue-name').fill('Suporte Premium');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Fila salva com sucesso.').waitFor();

    await page.getByRole('menuitem', { name: 'Auditoria' }).click();
    await page.getByTestId('audit-page').waitFor();
    const update = page.getByTestId('audit-row').filter({ hasText: 'Alterou' }).filter({ hasText: 'Fila' }).first();
    await update.waitFor();
    expect(await update.getByTestId('audit-changes').innerText()).toContain('name: Suporte → Suporte Premium');
    expect(await update.innerText()).toContain(`#${queue.id}`);
    expect(await update.innerText()).toContain(shop.admin.user.name);
    expect(await page.getByTestId('audit-table').innerText()).not.toContain('Segredo Rival');

    // Filter: only tags, then only updates of queues.
    await page.locator('#audit-entity').selectOption({ label: 'Tag' });
    await page.getByTestId('audit-apply').click();
    await expect.poll(async () => (await page.getByTestId('audit-row').allInnerTexts()).join('\n')).toContain('Clientes VIP');
    expect(await page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entity')))).toEqual(['tag']);

    await page.locator('#audit-entity').selectOption({ label: 'Fila' });
    await page.locator('#audit-action').selectOption({ label: 'Alterou' });
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-entity')}:${r.getAttribute('data-action')}`))).toEqual(['queue:update']);

    // A period that ended long ago: the filtered empty state.
    await page.locator('#audit-to').fill('2020-01-31');
    await page.getByTestId('audit-apply').click();
    await page.getByText('Nenhum registro com esses filtros').waitFor();
    await page.locator('#audit-to').fill('');
    await page.getByTestId('audit-apply').click();
    await page.getByTestId('audit-row').first().waitFor();

    // Live: a queue created elsewhere appears without a reload.
    await apiOk(kernel, 'POST', '/queue', shop.admin.token, { name: 'Financeiro', color: '#634DBF', greetingMessage: 'Olá!' });
    await page.locator('#audit-action').selectOption({ label: 'Todos' });
    await page.getByTestId('audit-apply').click();
    await page.getByTestId('audit-row').filter({ hasText: 'Criou' }).filter({ hasText: 'Financeiro' }).waitFor();
    await apiOk(kernel, 'PUT', `/queue/${queue.id}`, shop.admin.token, { name: 'Suporte VIP' });
    await page.getByTestId('audit-changes').filter({ hasText: 'name: Suporte Premium → Suporte VIP' }).waitFor();
    await page.locator('#audit-action').selectOption({ label: 'Alterou' });
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toBe('auditoria.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(csv[0]).toMatch(/^id,createdAt,companyId,userId,userName,userEmail,ip,action,entity,entityId/);
    expect(csv.length).toBe(3);
    expect(csv[1]).toContain('Suporte VIP');
    expect(csv[2]).toContain('Suporte Premium');
    expect(csv[2]).toContain(',update,queue,');
    await page.close();
  });

  it('keeps agents out of /audit', async () => {
    const agent = await kernel.createUser(shop.company.id, { password: 'Agente@123' });
    const page = await openAs({ email: agent.user.email, password: 'Agente@123' }, '/audit');
    await page.getByTestId('access-restricted').waitFor();
    expect(await page.getByTestId('audit-page').count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Auditoria' }).count()).toBe(0);
    await page.close();
  });
});
