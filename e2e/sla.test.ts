import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * Issue #33, SLA targets with alerts: the admin sets a queue's first-response target at /sla, a
 * waiting ticket of that queue shows its countdown on its row, and when it runs out the row turns
 * red and the admin gets the breach notice — all from the server's timed work, live.
 */
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  company = await kernel.createCompany();
  await kernel.db('queues').insert({ companyId: company.company.id, name: 'Vendas', color: '#2266AA' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

describe('SLA targets', () => {
  it('the admin sets a target; a waiting ticket counts down on its row, turns red and raises the breach notice', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, company.admin, '/sla');
    await page.getByTestId('sla-page').waitFor();
    await page.getByTestId('sla-target-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar meta de SLA' });
    await dialog.getByTestId('sla-target-save').click();
    await dialog.getByText('Informe ao menos uma das metas').waitFor();
    await dialog.locator('#sla-target-queue').selectOption({ label: 'Vendas' });
    await dialog.locator('#sla-target-first-response').fill('1');
    await dialog.getByTestId('sla-target-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('sla-target-row').allInnerTexts()).toEqual([expect.stringContaining('Vendas')]);
    expect(await page.getByTestId('sla-target-row').innerText()).toContain('1 min');

    // A customer has been waiting in the queue for 40 s: 20 s left of the minute.
    const companyId = company.company.id;
    const queue = await kernel.db('queues').where({ companyId, name: 'Vendas' }).first('id');
    const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
    const [conn] = await kernel.db('whatsapps').insert({ companyId, name: 'Linha 1', channel: 'whatsapp', token }).returning('id');
    const [contact] = await kernel.db('contacts').insert({ companyId, name: 'Cliente Apressado', number: '5511990002222', channel: 'whatsapp' }).returning('id');
    const createdAt = new Date(Date.now() - 40_000);
    await kernel.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: contact.id, queueId: queue.id, status: 'pending', createdAt, updatedAt: createdAt });

    await page.goto('/tickets');
    await page.getByTestId('tickets-page').waitFor();
    await page.getByRole('tab', { name: /^Aguardando/ }).click();
    const row = page.getByTestId('ticket-list-pending').getByTestId('ticket-row').filter({ hasText: 'Cliente Apressado' });
    const countdown = row.getByTestId('ticket-sla');
    // Past 75 % of the minute already: amber, counting down.
    await expect.poll(() => countdown.getAttribute('data-sla-state'), { timeout: 15_000 }).toBe('warning');
    expect(await countdown.innerText()).toMatch(/^Resposta em 0:\d\d$/);

    // The minute runs out: the row turns red and the breach notice names the customer and the queue.
    await page.getByTestId('sla-breach-notice').filter({ hasText: 'Cliente Apressado (Vendas)' }).waitFor({ timeout: 45_000 });
    await expect.poll(() => countdown.getAttribute('data-sla-state')).toBe('breached');
    await expect.poll(() => countdown.innerText()).toMatch(/^Resposta estourado há /);
    await page.close();
  }, 150_000);
});
