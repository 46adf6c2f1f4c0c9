import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The settings page in Debian's chromium against a real kernel (account-admin.md §2 Settings page,
 * §3 keys, §8 toasts): a choice saved on change, the LGPD details appearing with LGPD on, a text
 * saved on leaving its box, and the company's hours tab only while scheduleType is company.
 */

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let companyId: number;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  companyId = company.company.id;
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function setting(key: string): Promise<string> {
  const res = await kernel.api('GET', '/settings', { token: admin.token });
  return (res.body as { key: string; value: string }[]).find((s) => s.key === key)?.value ?? '';
}

describe('settings page', () => {
  it('saves the routing options and the company hours', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(10_000);
    await logIn(page, { email: admin.user.email, password: admin.password }, '/settings');
    const toast = (text: string) => page.locator('.bp6-toast').filter({ hasText: text }).first();

    await page.locator('#setting-scheduleType').waitFor();
    expect(await page.locator('#setting-scheduleType option').allInnerTexts()).toEqual(['Desabilitado', 'Por fila', 'Por empresa', 'Por conexão']);
    expect(await page.getByRole('tab', { name: 'Horários' }).count()).toBe(0);

    await page.locator('#setting-sendQueuePosition').selectOption('enabled');
    await toast('Configurações salvas').waitFor();
    await expect.poll(() => setting('sendQueuePosition')).toBe('enabled');

    // LGPD: its details show once it is on; a text saves when its box is left.
    expect(await page.locator('#setting-lgpdMessage').count()).toBe(0);
    await page.locator('#setting-enableLGPD').selectOption('enabled');
    await page.locator('#setting-lgpdMessage').fill('Seus dados são tratados conforme a LGPD.');
    await page.locator('#setting-lgpdMessage').press('Tab');
    await expect.poll(() => setting('lgpdMessage')).toBe('Seus dados são tratados conforme a LGPD.');
    await page.locator('#setting-lgpdLink').fill('exemplo');
    await page.locator('#setting-lgpdLink').press('Enter');
    await page.getByText('Informe um endereço http:// ou https://.').waitFor();
    expect(await setting('lgpdLink')).toBe('');

    // Company hours: a tab while scheduleType is company, defaults 08:00–12:00 / 13:00–18:00.
    await page.locator('#setting-scheduleType').selectOption('company');
    await page.getByRole('tab', { name: 'Horários' }).click();
    const friday = page.getByTestId('company-hours-friday-endTimeB');
    await expect.poll(() => friday.inputValue()).toBe('18:00');
    expect(await page.getByTestId('company-hours-monday-startTimeA').inputValue()).toBe('08:00');
    await friday.fill('1200');
    await page.getByTestId('company-hours-save').click();
    await page.getByText('O fim deve ser depois do início.').waitFor();
    await friday.fill('1700');
    await page.getByTestId('company-hours-save').click();
    await toast('Horários atualizados com sucesso.').waitFor();
    const stored = await kernel.api('GET', `/companies/${companyId}/schedules`, { token: admin.token });
    expect((stored.body as { schedules: { weekdayEn: string; endTimeB: string }[] }).schedules.find((d) => d.weekdayEn === 'friday')?.endTimeB).toBe('17:00');
    expect(await setting('scheduleType')).toBe('company');
  });
});
