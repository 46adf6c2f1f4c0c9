import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * Issue #32: with ratings enabled the resolve dialog's "ask for a rating" switch was on although
 * nothing is sent when the connection has no rating message. Now the switch is off and disabled,
 * and the dialog says why; with a rating message it stays on.
 */
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let seq = 0;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  company = await kernel.createCompany();
  await apiOk(kernel, 'PUT', '/settings/userRating', company.admin.token, { value: 'enabled' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openTicket(ratingMessage: string | null) {
  const companyId = company.company.id;
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [conn] = await kernel.db('whatsapps').insert({ companyId, name: `Linha ${++seq}`, channel: 'whatsapp', token, ratingMessage }).returning('id');
  const [contact] = await kernel.db('contacts').insert({ companyId, name: `Cliente ${seq}`, number: `55119${String(10000000 + seq)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await kernel.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: contact.id, status: 'open', userId: company.admin.user.id }).returning('*');
  return ticket as { id: number; uuid: string };
}

async function resolveDialog(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`);
  await page.getByTestId('action-resolve').click();
  return page.getByRole('dialog', { name: 'Resolver ticket' });
}

describe('resolve dialog and the rating request', () => {
  it('warns and turns the request off without a rating message, keeps it on with one', async () => {
    const silent = await openTicket(null);
    const rated = await openTicket('Avalie nosso atendimento de 1 a 5');
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, company.admin);
    await page.getByTestId('tickets-page').waitFor();

    let dialog = await resolveDialog(page, silent.uuid);
    await dialog.getByTestId('resolve-no-rating-message').waitFor();
    expect(await dialog.getByTestId('resolve-no-rating-message').innerText()).toBe(
      'Esta conexão não tem mensagem de avaliação: o pedido de avaliação não será enviado. Configure-a na conexão.',
    );
    const silentSwitch = dialog.getByRole('checkbox', { name: 'Enviar pedido de avaliação ao contato' });
    expect(await silentSwitch.isChecked()).toBe(false);
    expect(await silentSwitch.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await resolveDialog(page, rated.uuid);
    const ratedSwitch = dialog.getByRole('checkbox', { name: 'Enviar pedido de avaliação ao contato' });
    await expect.poll(() => ratedSwitch.isChecked()).toBe(true);
    expect(await ratedSwitch.isDisabled()).toBe(false);
    expect(await dialog.getByTestId('resolve-no-rating-message').count()).toBe(0);
    await page.close();
  }, 120_000);
});
