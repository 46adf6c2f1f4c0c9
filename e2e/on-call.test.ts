import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import onCall from '@guiche/plugin-on-call';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/** /plantao in Debian's chromium: the dialog's rules and HH:MM masks, the list, the delete confirmation and toast. */

let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html');
  kernel = await createTestKernel({ serveWeb: true, plugins: [onCall], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

describe('/plantao', () => {
  it('creates a rota through the dialog with the spec’s messages, lists it and deletes it after confirmation', async () => {
    const company = await kernel.createCompany();
    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/plantao`);
    await page.getByTestId('plantao-add').click();
    await page.locator('#plantao-interval').fill('');
    await page.getByTestId('plantao-save').click();
    const form = page.getByTestId('plantao-form');
    await expect.poll(() => form.textContent()).toContain('Informe o usuário');
    expect(await form.textContent()).toContain('Informe o telefone');
    expect(await form.textContent()).toContain('Informe o intervalo entre notificações');
    expect(await page.getByTestId('plantao-days-error').textContent()).toContain('Pelo menos um dia da semana deve ter o horário de início e fim preenchido');

    await page.locator('#plantao-user').selectOption(String(company.admin.user.id));
    await page.locator('#plantao-phone').fill('5511966665555');
    await page.locator('#plantao-interval').fill('5');
    await page.locator('#plantao-monday-startTime').pressSequentially('0830');
    expect(await page.locator('#plantao-monday-startTime').inputValue()).toBe('08:30');
    await page.getByTestId('plantao-save').click();
    await expect.poll(() => form.textContent()).toContain('Informe o fim do plantão');
    await page.locator('#plantao-monday-endTime').pressSequentially('1800');
    await page.getByTestId('plantao-save').click();

    const row = page.getByTestId('plantao-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('5511966665555');
    expect(await row.textContent()).toContain('Segunda-feira: 08:30 às 18:00');
    const stored = await kernel.api('GET', '/plantao', { token: company.admin.token });
    expect(stored.body[0]).toMatchObject({ phone: '5511966665555', interval: 5, pageSlaBreaches: false });
    expect(await row.getByTestId('plantao-sla-tag').count()).toBe(0);

    // Issue #33: SLA breaches page this person only once the admin ticks it.
    await row.getByTestId('plantao-edit').click();
    const pageSla = page.getByLabel('Avisar o plantonista quando um ticket estourar o SLA');
    expect(await pageSla.isChecked()).toBe(false);
    await pageSla.check({ force: true }); // Blueprint draws its own box over the input
    await page.getByTestId('plantao-save').click();
    await expect.poll(() => row.getByTestId('plantao-sla-tag').count()).toBe(1);
    expect((await kernel.api('GET', '/plantao', { token: company.admin.token })).body[0]).toMatchObject({ pageSlaBreaches: true, interval: 5 });

    await row.getByTestId('plantao-delete').click();
    await expect.poll(() => page.getByText('Deseja realmente excluir este plantonista?').count()).toBe(1);
    await page.locator('.bp6-dialog').getByRole('button', { name: /excluir|confirmar|sim/i }).last().click();
    await expect.poll(() => page.getByText('Plantão removido com sucesso').count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    expect((await kernel.api('GET', '/plantao', { token: company.admin.token })).body).toEqual([]);
    await page.close();
  });
});
