import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot, type LoginUser } from './support/browser.js';

/**
 * Announcements in Debian's chromium (outreach-config.md Announcements): the super user publishes
 * one with an image; a company admin already on screen sees the unread marker appear live, reads
 * it in the top-bar popover, and the marker clears.
 */

const SUPER = { email: 'super@guiche.test', password: 'Super@12345' };
let kernel: TestKernel;
let browser: Browser;
let image: string;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  image = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-ann-')), 'banner.png');
  fs.writeFileSync(image, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});


async function signedIn(user: LoginUser): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(10_000);
  await logIn(page, user);
  await page.getByTestId('tickets-page').waitFor();
  return page;
}

describe('announcements', () => {
  it('a published announcement reaches a company admin live in the top-bar popover', async () => {
    const { admin } = await kernel.createCompany();
    const reader = await signedIn(admin);
    await reader.getByTestId('announcements-button').waitFor();
    expect(await reader.getByTestId('announcements-unread').count()).toBe(0);

    const writer = await signedIn(SUPER);
    await writer.goto('/announcements');
    await writer.getByTestId('announcements-page').waitFor();
    await writer.getByTestId('announcements-add').click();
    await writer.getByTestId('announcement-save').click();
    await writer.getByTestId('announcement-dialog').getByText('Obrigatorio').first().waitFor();
    const title = `Manutenção ${Date.now().toString(36)}`;
    await writer.locator('#announcement-title').fill(title);
    await writer.locator('#announcement-text').fill('O sistema fica fora do ar sábado às 22h.');
    await writer.locator('#announcement-priority').selectOption('1');
    await writer.locator('#announcement-file').setInputFiles(image);
    await writer.getByTestId('announcement-save').click();
    await toast(writer, 'Operação realizada com sucesso!').waitFor();
    const row = writer.getByTestId('announcement-row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('Alta');
    // The row shows at the create event; the image name comes with the refresh after the upload.
    await expect.poll(() => row.innerText()).toContain('banner.png');

    await expect.poll(() => reader.getByTestId('announcements-unread').textContent()).toBe('1');
    await reader.getByTestId('announcements-button').click();
    const item = reader.getByTestId('announcement-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.innerText()).toContain('O sistema fica fora do ar sábado às 22h.');
    await expect.poll(() => item.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    await reader.keyboard.press('Escape');
    await reader.getByTestId('announcements-unread').waitFor({ state: 'detached' });
  });

  it('shows a company admin the "Acesso restrito" state on /announcements, never the list', async () => {
    const { admin } = await kernel.createCompany();
    const page = await signedIn(admin);
    await page.goto('/announcements');
    await page.getByTestId('access-restricted').getByText('Acesso restrito').waitFor();
    expect(await page.getByTestId('access-restricted').innerText()).toContain('administrador da plataforma');
    expect(new URL(page.url()).pathname).toBe('/announcements');
  });
});
