import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, watchSocket } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * Contact wallets and birthdays (issue #33) in Debian's chromium against a real kernel: the admin
 * puts contacts in an agent's wallet from the contacts page, sees it on /wallets, sets a birthday
 * in the contact dialog and turns on wallet routing and birthday greetings in the settings; the
 * agent sees only their own wallet and filters the tickets screen to it.
 */

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let agent: TestUser;
let companyId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  companyId = company.company.id;
  admin = company.admin;
  agent = await kernel.createUser(companyId, { name: 'Vera Vendas' });
  for (const [name, number] of [['Alice Carteira', '5511933330001'], ['Bruno Carteira', '5511933330002'], ['Caio Avulso', '5511933330003']]) {
    ids[name] = (await apiOk(kernel, 'POST', '/contacts', admin.token, { name, number })).id;
  }
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openAs(user: TestUser, start: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
  await logIn(page, user, start);
  return page;
}

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text }).first();
const row = (page: Page, name: string) => page.getByTestId('contact-row').filter({ hasText: name });
const setting = async (key: string) => (await apiOk(kernel, 'GET', `/companySettingOne?column=${key}`, admin.token)).value;

describe('wallets and birthdays in the browser', () => {
  it('an admin fills a wallet from the contacts page, sees it on /wallets, sets a birthday and the settings', async () => {
    const page = await openAs(admin, '/contacts');
    await row(page, 'Caio Avulso').waitFor();
    const walletButton = page.getByTestId('contacts-wallet');
    expect(await walletButton.isDisabled()).toBe(true);
    await row(page, 'Alice Carteira').getByTestId('contact-select').check({ force: true });
    await row(page, 'Bruno Carteira').getByTestId('contact-select').check({ force: true });
    expect(await walletButton.innerText()).toContain('Carteira (2)');
    await walletButton.click();
    await page.locator('#bulk-owner option', { hasText: 'Vera Vendas' }).waitFor({ state: 'attached' });
    await page.locator('#bulk-owner').selectOption({ label: 'Vera Vendas' });
    await page.getByTestId('wallet-bulk-save').click();
    await toast(page, '2 contatos atualizados.').waitFor();
    await expect.poll(async () => (await apiOk(kernel, 'GET', `/contacts/${ids['Alice Carteira']}`, admin.token)).ownerUserId).toBe(agent.user.id);

    // The contact dialog: the owner shows, the birthday is typed and saved.
    await row(page, 'Caio Avulso').getByTestId('contact-edit').click();
    await page.locator('#contact-birthday').waitFor();
    await page.locator('#contact-birthday').fill('1990-02-28');
    await page.getByTestId('contact-save').click();
    await toast(page, 'Contato salvo com sucesso.').waitFor();
    expect((await apiOk(kernel, 'GET', `/contacts/${ids['Caio Avulso']}`, admin.token)).birthday).toBe('1990-02-28');

    // /wallets: Vera with two contacts; her contacts beside.
    await page.goto('/wallets');
    const owner = page.getByTestId('wallet-owner');
    await expect.poll(() => owner.count()).toBe(1);
    expect(await owner.first().innerText()).toContain('Vera Vendas');
    expect(await owner.first().getByTestId('wallet-count').innerText()).toBe('2');
    await page.getByRole('button', { name: 'Ver os contatos de Vera Vendas' }).click();
    await expect.poll(() => page.getByTestId('wallet-contact').allInnerTexts()).toEqual([expect.stringContaining('Alice Carteira'), expect.stringContaining('Bruno Carteira')]);
    // Live: a contact taken out of the wallet elsewhere leaves the count (once the page listens).
    await watchSocket(page).connected();
    await apiOk(kernel, 'PUT', '/contacts/owner', admin.token, { contactIds: [ids['Bruno Carteira']], ownerUserId: null });
    await expect.poll(() => owner.first().getByTestId('wallet-count').innerText()).toBe('1');

    // Settings: wallet routing and the birthday greeting.
    await page.goto('/settings');
    await page.locator('#setting-walletRouting').waitFor();
    await page.locator('#setting-walletRouting').selectOption('open');
    await expect.poll(() => setting('walletRouting')).toBe('open');
    expect(await page.locator('#setting-birthdayTime').count()).toBe(0);
    await page.locator('#setting-birthdayMessages').selectOption('enabled');
    await page.locator('#setting-birthdayTime').fill('25:00');
    await page.locator('#setting-birthdayTime').press('Enter');
    await page.getByText('Horário inválido (use HH:MM, de 00:00 a 23:59).').waitFor();
    expect(await setting('birthdayTime')).toBe('09:00');
    await page.locator('#setting-birthdayTime').fill('08:30');
    await page.locator('#setting-birthdayTime').press('Enter');
    await expect.poll(() => setting('birthdayTime')).toBe('08:30');
    expect(await kernel.db('timedWork').where({ kind: 'contacts.birthdays', key: String(companyId) }).first()).toBeDefined();
    await page.close();
  });

  it('an agent sees only their own wallet and filters the tickets screen to it', async () => {
    await apiOk(kernel, 'PUT', '/contacts/owner', admin.token, { contactIds: [ids['Alice Carteira']], ownerUserId: agent.user.id });
    await kernel.db('tickets').insert([
      { companyId, contactId: ids['Alice Carteira'], status: 'open', userId: agent.user.id, lastMessage: 'da carteira' },
      { companyId, contactId: ids['Caio Avulso'], status: 'open', userId: agent.user.id, lastMessage: 'fora da carteira' },
    ]);
    const page = await openAs(agent, '/wallets');
    await expect.poll(() => page.getByTestId('wallet-owner').allInnerTexts()).toEqual([expect.stringContaining('Vera Vendas')]);
    expect(await page.getByTestId('contacts-wallet').count()).toBe(0);

    await page.goto('/tickets');
    const rows = page.getByTestId('ticket-list-open').getByTestId('ticket-row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByTestId('my-wallet').check({ force: true });
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Alice Carteira')]);
    await page.getByTestId('my-wallet').uncheck({ force: true });
    await expect.poll(() => rows.count()).toBe(2);
    await page.close();
  });
});
