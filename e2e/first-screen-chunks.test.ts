import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, newPage, requireBuiltWeb, submitLogin, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * What the first screen downloads (issue #28, login → first ticket row ≤ 300 kB): none of its
 * scripts holds the form libraries (zod, Formik) or Blueprint's select (they load with the first
 * form, dialog or search filter), and its 16 px icons come from the first screen's own set, not from
 * the chunk of every other icon (scripts/icon-set.mjs, FIRST_SCREEN_ROOTS). Each library is found
 * in the build by a string its code carries at run time, so the test fails, rather than passing on
 * nothing, when a library's new version drops the string.
 */

const shellScripts = path.join(webRoot, 'web-shell', 'dist', 'static', 'js');
const LIBRARY_MARKERS: Record<string, string> = {
  zod: '$ZodType',
  formik: 'FormikContext',
  '@blueprintjs/select': '.QueryList',
};
/** The chunk of the 16 px paths the first screen's code does not name (icon-loader.ts). */
const OTHER_ICONS_CHUNK = /\/icons-16\.[0-9a-f]+\.js$/;
const FIRST_ICONS_CHUNK = /\/icons-16-first\.[0-9a-f]+\.js$/;
/** Set in the page when the first ticket row is in the document (a MutationObserver, as bench/p3 does). */
const FIRST_ROW_MARK = 'e2e:first-row';

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let agent: TestUser;

function scriptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  agent = await kernel.createUser(company.company.id, { name: 'Agente Clara' });
  const queue = await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Suporte', color: '#2965CC', userIds: [admin.user.id, agent.user.id] });
  const [connection] = await kernel.db('whatsapps')
    .insert({ companyId: company.company.id, name: 'Site', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: `first-screen-${company.company.id}` })
    .returning('id');
  for (const user of [admin, agent]) {
    const [contact] = await kernel.db('contacts')
      .insert({ companyId: company.company.id, name: `Visitante de ${user.user.name}`, number: `visitor-${user.user.id}`, channel: 'webchat' })
      .returning('id');
    await kernel.db('tickets').insert({
      companyId: company.company.id,
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: queue.id,
      userId: user.user.id,
      status: 'open',
      channel: 'webchat',
      lastMessage: 'Olá, preciso de ajuda',
    });
  }
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

/** Signs in through the login form and answers the requests (path + query) the page started before its first ticket row. */
async function requestsToFirstRow(user: TestUser): Promise<string[]> {
  const page: Page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
  const rowSelector = '[data-testid="ticket-list-open"] [data-testid="ticket-row"]';
  await page.addInitScript(
    ([selector, mark]) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        performance.mark(mark);
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [rowSelector, FIRST_ROW_MARK],
  );
  await submitLogin(page, user);
  await page.locator(rowSelector).first().waitFor();
  return page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark)[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < at)
      .map((entry) => {
        const url = new URL(entry.name);
        return url.pathname + url.search;
      });
  }, FIRST_ROW_MARK);
}

async function scriptsToFirstRow(user: TestUser): Promise<string[]> {
  return (await requestsToFirstRow(user)).filter((request) => request.endsWith('.js'));
}

describe('the first screen (login → first ticket row)', () => {
  it("asks for the unread badge's tickets only after the first row is drawn", async () => {
    const requests = await requestsToFirstRow(agent);
    expect(requests.some((request) => request.startsWith('/api/tickets?'))).toBe(true);
    expect(requests.filter((request) => request.includes('withUnreadMessages'))).toEqual([]);
  });

  it('finds each library the first screen must not load somewhere in the build (the markers still name them)', () => {
    const texts = scriptFiles(shellScripts).map((file) => fs.readFileSync(file, 'utf8'));
    for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
      expect(texts.some((text) => text.includes(marker)), `${library}: no built script holds ${marker}`).toBe(true);
    }
  });

  for (const who of ['an agent', 'an admin'] as const) {
    it(`loads no zod, Formik or Blueprint select code, and only the first screen's icons, for ${who}`, async () => {
      const scripts = await scriptsToFirstRow(who === 'an agent' ? agent : admin);
      expect(scripts.length).toBeGreaterThan(0);
      const found: string[] = [];
      for (const pathname of scripts) {
        const text = fs.readFileSync(path.join(webRoot, 'web-shell', 'dist', pathname), 'utf8');
        for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) if (text.includes(marker)) found.push(`${library} in ${pathname}`);
      }
      expect(found).toEqual([]);
      expect(scripts.filter((pathname) => OTHER_ICONS_CHUNK.test(pathname)), 'an icon the first screen draws is missing from FIRST_SCREEN_ROOTS (scripts/icon-set.mjs)').toEqual([]);
      expect(scripts.some((pathname) => FIRST_ICONS_CHUNK.test(pathname))).toBe(true);
    });
  }
});
