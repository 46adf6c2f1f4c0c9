import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import externalApiPlugin from '@guiche/plugin-external-api';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * Issue #26: the built web shell, its modules and the website chat's preview page run under the
 * Content-Security-Policy the kernel sends, without one violation the browser reports.
 */
let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let widgetKey: string;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin, externalApiPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany({ planFlags: { useExternalApi: true } });
  admin = company.admin;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  widgetKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token;
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

/** Every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  return violations;
}

describe('the Content-Security-Policy in the browser', () => {
  it('lets the shell, its pages and modules run with no violation', async () => {
    const page = await newPage(browser, kernel);
    const violations = await watchViolations(page);
    await logIn(page, admin);
    await page.getByTestId('tickets-page').waitFor();
    expect(violations).toEqual([]);
    for (const [path, testId] of [
      ['/connections', 'connections-page'],
      ['/messages-api', 'messages-api-docs'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      expect(violations, path).toEqual([]);
    }
  });

  it("runs the website chat's preview page and widget with no violation", async () => {
    const page = await newPage(browser, kernel);
    const violations = await watchViolations(page);
    await page.goto(`/api/webchat/${widgetKey}/preview`);
    await page.getByTestId('webchat-launcher').click();
    await page.getByTestId('webchat-form').waitFor();
    expect(violations).toEqual([]);
  });
});
