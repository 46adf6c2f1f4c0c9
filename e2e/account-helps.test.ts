import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot, type LoginUser } from './support/browser.js';

/**
 * Settings → Plans and Helps tabs (super users) and the /helps page (everyone) in Debian's
 * chromium: a plan with its flags saved and edited, a help video added from a YouTube link and
 * watched in a modal that Escape closes. YouTube itself is never reached (requests are refused).
 */

const SUPER = { email: 'super@guiche.test', password: 'Super@12345' };
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});


async function signedIn(user: LoginUser): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(10_000);
  await page.route(/youtube(-nocookie)?\.com|ytimg\.com/, (route) => route.abort());
  await logIn(page, user);
  await page.getByTestId('tickets-page').waitFor();
  return page;
}

describe('platform settings and helps', () => {
  it('saves and edits a plan with its flags in Settings → Plans', async () => {
    const page = await signedIn(SUPER);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Planos' }).click();
    const tab = page.getByTestId('settings-plans');
    await tab.waitFor();
    const name = `Plano Bronze ${Date.now().toString(36)}`;
    await page.getByTestId('plan-save').click();
    await tab.getByText('Nome é obrigatório').waitFor();
    await page.locator('#plan-name').fill(name);
    await page.locator('#plan-users').fill('7');
    await page.locator('#plan-connections').fill('2');
    await page.locator('#plan-queues').fill('3');
    await page.locator('#plan-amount').fill('89,90');
    await page.locator('label').filter({ has: page.locator('#plan-useKanban') }).click();
    await page.locator('label').filter({ has: page.locator('#plan-isPublic') }).click();
    await page.getByTestId('plan-save').click();
    await toast(page, 'Operação realizada com sucesso!').waitFor();
    await expect.poll(async () => (await kernel.db('plans').where({ name }).first()) ?? null).toMatchObject({ users: 7, connections: 2, queues: 3, amount: 89.9, useKanban: true, isPublic: false, useCampaigns: false });

    const row = page.getByTestId('plan-row').filter({ hasText: name });
    await row.waitFor();
    expect((await row.innerText()).replace(/\u00a0/g, ' ')).toContain('R$ 89,90');
    await row.getByTestId('plan-edit').click();
    await expect.poll(() => page.locator('#plan-name').inputValue()).toBe(name);
    await page.locator('#plan-users').fill('9');
    expect(await page.getByTestId('plan-save').innerText()).toBe('Atualizar');
    await page.getByTestId('plan-save').click();
    await expect.poll(async () => (await kernel.db('plans').where({ name }).first('users')).users).toBe(9);
  });

  it('adds a help video in Settings → Helps and every user watches it on /helps; Escape closes it', async () => {
    const superPage = await signedIn(SUPER);
    await superPage.goto('/settings');
    await superPage.getByRole('tab', { name: 'Ajuda' }).click();
    await superPage.getByTestId('settings-helps').waitFor();
    const title = `Primeiros passos ${Date.now().toString(36)}`;
    await superPage.locator('#help-title').fill(title);
    await superPage.locator('#help-video').fill('https://www.youtube.com/watch?v=abcDEF12345');
    await superPage.locator('#help-description').fill('Como atender o primeiro cliente');
    await superPage.getByTestId('help-save').click();
    await toast(superPage, 'Operação realizada com sucesso!').waitFor();
    await superPage.getByTestId('help-row').filter({ hasText: title }).waitFor();
    expect(await kernel.db('helps').where({ title }).first()).toMatchObject({ video: 'abcDEF12345', description: 'Como atender o primeiro cliente' });

    const { admin } = await kernel.createCompany();
    const page = await signedIn(admin);
    await page.goto('/settings');
    await page.getByTestId('settings-page').waitFor();
    expect(await page.getByRole('tab', { name: 'Ajuda' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Planos' }).count()).toBe(0);

    await page.goto('/helps');
    const card = page.getByTestId('help-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toContain('Como atender o primeiro cliente');
    expect(await card.locator('img').getAttribute('src')).toBe('https://img.youtube.com/vi/abcDEF12345/mqdefault.jpg');
    await card.click();
    const video = page.getByTestId('help-video');
    await video.waitFor();
    expect(await video.locator('iframe').getAttribute('src')).toContain('/embed/abcDEF12345');
    await page.keyboard.press('Escape');
    await video.waitFor({ state: 'detached' });
  });
});
