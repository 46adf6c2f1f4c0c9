import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/** /todolist in Debian's chromium: tasks live in this browser only, per user, and survive a reload. */

let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html');
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

describe('/todolist', () => {
  it('adds, edits, completes and deletes tasks, ignores blank text, keeps them across a reload and never sends them to the server', async () => {
    const company = await kernel.createCompany();
    const page = await newPage(browser, kernel);
    const sentBodies: string[] = [];
    page.on('request', (request) => sentBodies.push(request.postData() ?? ''));
    await logIn(page, company.admin, `${kernel.url}/todolist`);
    const items = page.getByTestId('todo-item');
    const input = page.getByTestId('todo-input');

    await input.fill('Ligar para o fornecedor');
    await page.getByTestId('todo-add').click();
    await input.fill('   ');
    await page.getByTestId('todo-add').click();
    await input.fill('Revisar campanhas');
    await input.press('Enter');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId('todo-text').allTextContents()).toEqual(['Ligar para o fornecedor', 'Revisar campanhas']);
    expect(await items.first().locator('small').textContent()).toMatch(/Criada em \d{2}\/\d{2}\/\d{4}/);

    await items.nth(1).getByTestId('todo-edit').click();
    await page.getByTestId('todo-edit-input').fill('Revisar campanhas de dezembro');
    await page.getByTestId('todo-edit-save').click();
    await items.first().locator('label.bp6-checkbox').click();

    await page.reload();
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId('todo-text').allTextContents()).toEqual(['Ligar para o fornecedor', 'Revisar campanhas de dezembro']);
    expect(await items.first().locator('input[type=checkbox]').isChecked()).toBe(true);

    await items.first().getByTestId('todo-delete').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('todo-text').allTextContents()).toEqual(['Revisar campanhas de dezembro']);
    expect(sentBodies.some((body) => body.includes('fornecedor') || body.includes('campanhas'))).toBe(false);

    // Another user of the same browser has a list of their own.
    const other = await kernel.createUser(company.company.id);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('guiche:todo:')));
    expect(stored).toEqual([`guiche:todo:${company.admin.user.id}`]);
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.context().clearCookies();
    await page.goto(`${kernel.url}/login`);
    await logIn(page, other, `${kernel.url}/todolist`);
    await expect.poll(() => page.getByTestId('todo-page').count()).toBe(1);
    expect(await items.count()).toBe(0);
    await page.close();
  });
});
