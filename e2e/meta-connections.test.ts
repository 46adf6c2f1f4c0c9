import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeGraph, newFakePage, useFakeGraphEnv, whatsappMessage } from '@guiche/meta-graph/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The Meta channels on the connections page, in Debian's chromium, against the fake Graph API:
 * a WhatsApp API connection is created from the menu, its Meta fields are filled in the dialog
 * (the webhook URL is shown to copy) and it turns CONNECTED after the number's check, then takes
 * a signed webhook message; the Instagram item runs Facebook Login (the fake SDK served locally)
 * and links the page and its Instagram account as two connections.
 */
const fake = new FakeGraph();
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;

beforeAll(async () => {
  requireBuiltWeb();
  await fake.start();
  useFakeGraphEnv(fake);
  process.env.META_SDK_URL = `${fake.url}/sdk.js`;
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: ['@guiche/plugin-channel-whatsapp-cloud', '@guiche/plugin-channel-facebook', '@guiche/plugin-channel-instagram'],
    // The page's CSP names the SDK's origin, as an operator who points META_SDK_URL elsewhere must (docs/deploy.md).
    config: { WEB_ROOT: webRoot, CSP_EXTRA_ORIGINS: fake.url },
  });
  company = await kernel.createCompany();
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await fake.stop();
});

async function open(): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  await logIn(page, company.admin, '/connections');
  await expect.poll(() => page.getByTestId('connections-page').isVisible()).toBe(true);
  return page;
}

const row = (page: Page, name: string) => page.getByTestId('connection-row').filter({ hasText: name });

describe('Meta connections in the browser', () => {
  it('creates a WhatsApp API connection, fills its Meta fields, connects and receives a message', async () => {
    const phoneNumberId = '109' + String(Date.now()).slice(-9);
    const wabaId = '209' + String(Date.now()).slice(-9);
    fake.phoneNumbers.set(phoneNumberId, { display: '+1 555-010-2030', verifiedName: 'Guichê' });
    const token = fake.newToken();
    const page = await open();

    await page.getByTestId('connections-new').click();
    await page.getByTestId('new-connection-whatsappapi').click();
    const dialog = page.getByTestId('connection-dialog');
    await expect.poll(() => page.getByTestId('cloud-save-first').isVisible()).toBe(true);
    await dialog.locator('#cn-name').fill('Cloud API');
    await page.getByTestId('connection-save').click();
    await expect.poll(() => row(page, 'Cloud API').count()).toBe(1);

    await row(page, 'Cloud API').getByTestId('connection-edit').click();
    await expect.poll(() => page.getByTestId('cloud-panel').isVisible()).toBe(true);
    await page.locator('#cloud-phoneNumberId').fill(phoneNumberId);
    await page.locator('#cloud-wabaId').fill(wabaId);
    await page.locator('#cloud-accessToken').fill(token);
    await page.locator('#cloud-appSecret').fill(fake.appSecret);
    await page.locator('#cloud-verifyToken').fill('browser-verify-token');
    await page.getByTestId('cloud-save').click();
    await expect.poll(() => row(page, 'Cloud API').getAttribute('data-status'), { timeout: 20000 }).toBe('CONNECTED');
    const webhook = await page.locator('#cloud-webhook').inputValue();
    // The connection's public webhook id (issue #26), never its API token.
    expect(webhook).toMatch(/\/api\/whatsappapi\/webhook\/wh-[0-9a-f]{32}$/);
    // The secrets never come back: the fields are empty and only the last characters are shown.
    expect(await page.locator('#cloud-accessToken').inputValue()).toBe('');
    expect(await page.getByTestId('cloud-panel').textContent()).toContain(`••••${token.slice(-4)}`);
    expect(await page.getByTestId('cloud-panel').textContent()).not.toContain(token);

    const connection = await kernel.db('whatsapps').where({ companyId: company.company.id, name: 'Cloud API' }).first('id', 'token');
    expect(webhook).not.toContain(connection.token);
    const { id: wid, payload } = whatsappMessage({ phoneNumberId, wabaId }, { waId: '5511988887777', name: 'Browser Contact' }, { type: 'text', text: { body: 'hello from WhatsApp' } });
    expect(await fake.deliver(new URL(webhook).href, payload)).toBe(200);
    const message = await waitFor(() => kernel.db('messages').where({ whatsappId: connection.id, wid }).first());
    expect(message.body).toBe('hello from WhatsApp');
    await page.close();
  });

  it('the Instagram item runs Facebook Login and links the page and its Instagram account', async () => {
    const fbPage = newFakePage(fake, 'Browser Page');
    fake.loginAs = { userId: fbPage.userId, token: fbPage.userToken };
    const page = await open();
    await page.getByTestId('connections-new').click();
    await page.getByTestId('new-connection-instagram').click();
    await expect.poll(() => row(page, 'Browser Page').getAttribute('data-status'), { timeout: 20000 }).toBe('CONNECTED');
    await expect.poll(() => row(page, fbPage.instagram!.username).getAttribute('data-status'), { timeout: 20000 }).toBe('CONNECTED');
    const scopes = String(await page.evaluate(() => (window as unknown as { __fbLoginScopes?: string }).__fbLoginScopes));
    expect(scopes.split(',')).toEqual(expect.arrayContaining(['pages_messaging', 'instagram_manage_messages']));
    expect(fake.calls.some((c) => c.route === `${fbPage.id}/subscribed_apps`)).toBe(true);
    await page.close();
  });
});
