import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * Issue #33, closing reasons: the admin keeps the list at /closing-reasons (live), the company
 * requires a reason, the agent's resolve dialog waits for one, and the admin finds it in the
 * tickets report.
 */
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let agent: TestUser;
let queueId: number;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  company = await kernel.createCompany();
  agent = await kernel.createUser(company.company.id, { profile: 'user' });
  const [queue] = await kernel.db('queues').insert({ companyId: company.company.id, name: 'Vendas', color: '#2266AA' }).returning('id');
  queueId = queue.id;
  await kernel.db('userQueues').insert({ companyId: company.company.id, userId: agent.user.id, queueId });
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openTicket(userId: number) {
  const companyId = company.company.id;
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [conn] = await kernel.db('whatsapps').insert({ companyId, name: 'Linha 1', channel: 'whatsapp', token }).returning('id');
  const [contact] = await kernel.db('contacts').insert({ companyId, name: 'Cliente Motivo', number: '5511990001111', channel: 'whatsapp' }).returning('id');
  const [ticket] = await kernel.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: contact.id, queueId, status: 'open', userId }).returning('*');
  return ticket as { id: number; uuid: string };
}

describe('closing reasons', () => {
  it('the admin creates, sees another admin\'s change live, and deletes a reason after confirming', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, company.admin, '/closing-reasons');
    await page.getByTestId('closing-reasons-page').waitFor();
    await page.getByText('Nenhum motivo ainda').waitFor();

    await page.getByTestId('closing-reasons-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar motivo' });
    await dialog.getByTestId('closing-reason-save').click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.locator('#closing-reason-name').fill('Venda fechada');
    await dialog.getByTestId('closing-reason-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('closing-reason-row').allInnerTexts()).toEqual([expect.stringContaining('Venda fechada')]);

    // Created elsewhere: shows at once.
    await apiOk(kernel, 'POST', '/closing-reasons', company.admin.token, { name: 'Engano', color: '#AA2222' });
    await expect.poll(() => page.getByTestId('closing-reason-row').count()).toBe(2);

    // Deleted after the confirmation.
    const engano = page.getByTestId('closing-reason-row').filter({ hasText: 'Engano' });
    await engano.getByTestId('closing-reason-delete').click();
    await page.getByRole('dialog', { name: 'Excluir o motivo Engano?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => engano.count()).toBe(0);
    await page.close();
  }, 120_000);

  it('with a reason required, the agent resolves only after choosing one; the admin finds it in the report', async () => {
    await apiOk(kernel, 'PUT', '/settings/requireCloseReason', company.admin.token, { value: 'enabled' });
    const ticket = await openTicket(agent.user.id);
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, agent);
    await page.getByTestId('tickets-page').waitFor();
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByTestId('action-resolve').click();
    const dialog = page.getByRole('dialog', { name: 'Resolver ticket' });
    const confirm = dialog.getByRole('button', { name: 'Resolver' });
    await dialog.getByText('Escolha um motivo para resolver.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo de encerramento').selectOption({ label: 'Venda fechada' });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    const reasonId = (await kernel.db('closingReasons').where({ companyId: company.company.id, name: 'Venda fechada' }).first()).id;
    await expect.poll(async () => (await kernel.db('tickets').where({ id: ticket.id }).first()).closeReasonId).toBe(reasonId);
    await page.close();

    const admin = await newPage(browser, kernel, { viewport: { width: 1600, height: 900 } });
    await logIn(admin, company.admin, '/reports');
    const row = admin.getByTestId(`report-row-${ticket.id}`);
    await row.waitFor();
    expect(await row.getByTestId('report-close-reason').innerText()).toBe('Venda fechada');
    await admin.close();
  }, 120_000);

  it('close-all asks for the reason once and every closed ticket carries it', async () => {
    const companyId = company.company.id;
    const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
    const [conn] = await kernel.db('whatsapps').insert({ companyId, name: 'Linha 2', channel: 'whatsapp', token }).returning('id');
    const ids: number[] = [];
    for (const [name, number] of [['Fila Um', '5511990002222'], ['Fila Dois', '5511990003333']]) {
      const [contact] = await kernel.db('contacts').insert({ companyId, name, number, channel: 'whatsapp' }).returning('id');
      const [row] = await kernel.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: contact.id, queueId, status: 'pending' }).returning('id');
      ids.push(row.id);
    }
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, company.admin);
    await page.getByTestId('tickets-page').waitFor();
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await page.getByTestId('tickets-close-all').click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar todos os tickets?' });
    await expect.poll(() => dialog.getByTestId('close-all-summary').innerText()).toContain('2 tickets');
    const confirm = dialog.getByTestId('close-all-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo de encerramento').selectOption({ label: 'Venda fechada' });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expect.poll(() => dialog.count()).toBe(0);
    const reasonId = (await kernel.db('closingReasons').where({ companyId, name: 'Venda fechada' }).first()).id;
    const closed = await kernel.db('tickets').whereIn('id', ids).orderBy('id').select('status', 'closeReasonId');
    expect(closed).toEqual([{ status: 'closed', closeReasonId: reasonId }, { status: 'closed', closeReasonId: reasonId }]);
    await page.close();
  }, 120_000);
});
