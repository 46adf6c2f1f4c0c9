import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestCompany, TestKernel } from '@guiche/core/testing';
import onCall from '@guiche/plugin-on-call';
import { logIn, newPage } from './support/browser.js';
import { startCloudWorld, stopCloudWorld, type CloudWorld } from './support/cloud-world.js';

/**
 * /plantao with a WhatsApp Cloud API default connection in chromium (issue #29): the dialog shows the
 * template fields (only then), requires a template, takes its variables with the alert's fields and
 * previews them; the list shows why a page could not go out.
 */
let world: CloudWorld;
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;

beforeAll(async () => {
  world = await startCloudWorld({ plugins: [onCall] });
  ({ kernel, company, browser } = world);
});

afterAll(() => stopCloudWorld(world));

describe('/plantao on a Cloud API alert connection', () => {
  it('requires a template, saves it with the alert’s fields in its variables, and lists a page that could not go out', async () => {
    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/plantao`);
    await page.getByTestId('plantao-add').click();
    await page.getByTestId('plantao-template').waitFor();
    await page.locator('#plantao-user').selectOption(String(company.admin.user.id));
    await page.locator('#plantao-phone').fill('5511966667777');
    await page.locator('#plantao-monday-startTime').pressSequentially('0800');
    await page.locator('#plantao-monday-endTime').pressSequentially('1800');
    await page.getByTestId('plantao-save').click();
    const form = page.getByTestId('plantao-form');
    await expect.poll(() => form.textContent()).toContain('Escolha um modelo: a Meta recusa texto livre fora da janela de 24 horas.');

    await page.locator('#plantao-template').selectOption({ label: 'hello_world (en_US)' });
    await page.getByTestId('plantao-template-var-0').fill('{contact}');
    await page.getByTestId('plantao-template-var-1').fill('#{ticket}');
    await expect.poll(() => page.getByTestId('plantao-template-preview').textContent()).toContain('Hello {contact}, your order #{ticket} is ready.');
    await page.getByTestId('plantao-save').click();

    const row = page.getByTestId('plantao-row');
    await expect.poll(() => row.count()).toBe(1);
    const [stored] = (await kernel.api('GET', '/plantao', { token: company.admin.token })).body;
    expect(stored).toMatchObject({ phone: '5511966667777', template: { name: 'hello_world', language: 'en_US', variables: ['{contact}', '#{ticket}'] }, lastError: null });

    // A page that could not go out (recorded by the server) shows on the row once the list is read again.
    await kernel.db('plantoes').where({ id: stored.id }).update({ lastError: 'ERR_WINDOW_CLOSED', lastErrorAt: new Date() });
    await page.reload();
    await expect.poll(() => page.getByTestId('plantao-last-error').textContent()).toContain('Último aviso não enviado: A janela de 24 horas deste contato está fechada');

    // Editing keeps the template chosen.
    await row.getByTestId('plantao-edit').click();
    await expect.poll(() => page.locator('#plantao-template').inputValue()).toBe('hello_world|en_US');
    expect(await page.getByTestId('plantao-template-var-1').inputValue()).toBe('#{ticket}');
    await page.close();
  });
});
