import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import { createWebchatChannel } from '@guiche/plugin-channel-webchat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * Issue #26, stored XSS: classic payloads (script tags, event handlers, javascript: and data: URLs,
 * SVG, srcdoc, markdown and WhatsApp-format tricks, encodings and unicode look-alikes, vCards) are
 * stored as what visitors and agents type — contact and visitor names, inbound and outbound
 * bodies, ticket notes, tags, queues, quick messages, links, attached files' names, location pins and the
 * platform's announcements — and the pages that show them are opened in
 * Chromium: the agents' pages (under the app's CSP) and a customer's site embedding the widget
 * (no CSP at all there). Each payload calls window.__xss(n) if it ever runs; none may, and the app's
 * pages must report no CSP violation (an injected inline handler would be blocked, and reported).
 */
const TEMPLATES: readonly string[] = [
  '<script>__xss(N)</script>',
  '<img src=x onerror=__xss(N)>',
  '<svg onload=__xss(N)>',
  '<svg><script>__xss(N)</script></svg>',
  '<iframe srcdoc="<script>parent.__xss(N)</script>">',
  '<iframe src="javascript:parent.__xss(N)">',
  '<a href="javascript:__xss(N)">link</a>',
  'javascript:__xss(N)',
  '<body onload=__xss(N)>',
  '<input autofocus onfocus=__xss(N)>',
  '<details open ontoggle=__xss(N)>',
  '<video><source onerror=__xss(N)>',
  '<audio src=x onerror=__xss(N)>',
  '<marquee onstart=__xss(N)>x</marquee>',
  '"><img src=x onerror=__xss(N)>',
  "'><svg onload=__xss(N)>",
  '</textarea><svg onload=__xss(N)>',
  '</title><svg onload=__xss(N)>',
  '</style><svg onload=__xss(N)>',
  '</script><svg onload=__xss(N)>',
  '<object data="javascript:__xss(N)">',
  '<embed src="javascript:__xss(N)">',
  '<math><mtext><img src=x onerror=__xss(N)>',
  '<form><button formaction=javascript:__xss(N)>go',
  '<IMG SRC=x OnErRoR=__xss(N)>',
  '<img src=x onerror=&#95;&#95;xss(N)>',
  '<svg><animate onbegin=__xss(N) attributeName=x>',
  '<svg><a href="javascript:__xss(N)"><text>x</text>',
  '<meta http-equiv=refresh content="0;javascript:__xss(N)">',
  '<base href="javascript:__xss(N)//">',
  '<img src=x onerror=eval(atob(`B64`))>',
  '<div style="background:url(javascript:__xss(N))">',
  '<x onclick=__xss(N) style=display:block>tap',
  '<select autofocus onfocus=__xss(N)>',
  '<textarea autofocus onfocus=__xss(N)>',
  '<img src=x onerror="__xss(N)"//',
  '<img/src/onerror=__xss(N)>',
  '<svg/onload=__xss(N)//',
  '<scr<script>ipt>__xss(N)</scr</script>ipt>',
  '<a href="jav&#x09;ascript:__xss(N)">tab</a>',
  '<a href=" javascript:__xss(N)">sp</a>',
  '<style>@import "javascript:__xss(N)";</style>',
  '<table background="javascript:__xss(N)">',
  '<noscript><p title="</noscript><img src=x onerror=__xss(N)>">',
  '<template><img src=x onerror=__xss(N)></template>',
  '<link rel=stylesheet href="javascript:__xss(N)">',
  '[clique](javascript:__xss(N))',
  '![img](x" onerror="__xss(N))',
  '*<img src=x onerror=__xss(N)>*',
  '_<svg onload=__xss(N)>_',
  '~<script>__xss(N)</script>~',
  '```<img src=x onerror=__xss(N)>```',
  'https://x.example/"><img src=x onerror=__xss(N)>',
  'https://x.example/?q=<svg/onload=__xss(N)>',
  "https://x.example/#'onmouseover=__xss(N)//",
  'data:text/html,<script>__xss(N)</script>',
  '\\u003cimg src=x onerror=__xss(N)\\u003e',
  '\uFF1Cimg src=x onerror=__xss(N)\uFF1E',
  '<im\u200Bg src=x onerror=__xss(N)>',
  '\u202E>b<<img src=x onerror=__xss(N)>',
  '%3Cimg%20src%3Dx%20onerror%3D__xss(N)%3E',
  '&lt;img src=x onerror=__xss(N)&gt;',
  "{{constructor.constructor('__xss(N)')()}}",
  '${__xss(N)}',
  'BEGIN:VCARD\nVERSION:3.0\nFN:<img src=x onerror=__xss(N)>\nTEL:+5511\nEND:VCARD',
  '<img src=x onerror=__xss(N)>'.repeat(3),
];

/** Payload n (1-based): its template with n, and the atob one with __xss(n) in base64. */
const PAYLOADS = TEMPLATES.map((template, i) => template.replaceAll('N', String(i + 1)).replace('B64', Buffer.from(`__xss(${i + 1})`).toString('base64')));
/** Those that fit the short fields (contact and tag names: 3 to 50 characters). */
const SHORT = PAYLOADS.filter((payload) => payload.length >= 3 && payload.length <= 50);
/** The widget visitor's name (no ticket's peer has it). */
const VISITOR = SHORT[10]!;
const chunks = <T,>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let admin: TestUser;
let connectionId: number;
let widgetKey: string;
let queueId: number;
/** One ticket per ten payloads (all of them fit the conversation's first page): inbound, outbound, notes. */
const tickets: { id: number; uuid: string; contactId: number; payloads: string[] }[] = [];
let pinsTicket = 0;

interface Watch {
  ran: number[];
  violations: string[];
}

/** Records every __xss call, every dialog and every CSP violation the page reports. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { ran: [], violations: [] };
  await page.exposeFunction('__xssRan', (n: number) => seen.ran.push(n));
  await page.exposeFunction('__cspViolation', (text: string) => seen.violations.push(text));
  page.on('dialog', (dialog) => {
    seen.ran.push(-1);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss(n: number): void; __xssRan(n: number): void; __cspViolation(text: string): void };
    w.__xss = (n: number) => w.__xssRan(n);
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return seen;
}

async function page(): Promise<{ page: Page; seen: Watch }> {
  const p = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  const seen = await watch(p);
  return { page: p, seen };
}

/** Lets late handlers (image errors, autofocus, animations) fire before the verdict, by events not time. */
async function settle(p: Page): Promise<void> {
  await p.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await p.waitForLoadState('networkidle');
}

const ok = (method: string, url: string, body?: unknown) => apiOk(kernel, method, url, admin.token, body);

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: [createWebchatChannel({ rateLimit: { max: 10_000, windowMs: 60_000 } })],
    config: { WEB_ROOT: webRoot },
  });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  const conn = await ok('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
  connectionId = conn.id;
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED');
  widgetKey = (await ok('GET', `/webchat/sites/${connectionId}`)).token;
  const queue = await ok('POST', '/queue', { name: 'Suporte', color: '#238551' });
  queueId = queue.id;

  // Visitors whose names and messages are payloads, one ticket each, accepted by the admin.
  for (const [index, payloads] of chunks(PAYLOADS, 10).entries()) {
    const peer = { id: randomBytes(8).toString('hex'), name: SHORT[index] ?? `Visitante ${index}` };
    let result = { ticketId: 0, contactId: 0 };
    for (const body of payloads) {
      result = await kernel.kernel.core.ingest.ingest(connectionId, { wid: `xss-${randomBytes(6).toString('hex')}`, fromMe: false, timestamp: new Date(), peer, body, mediaType: 'chat' });
    }
    const row = await kernel.db('tickets').where({ id: result.ticketId }).first('id', 'uuid', 'contactId');
    await ok('PUT', `/tickets/${row.id}`, { status: 'open', userId: admin.user.id, queueId: queue.id });
    tickets.push({ id: row.id, uuid: row.uuid, contactId: row.contactId, payloads });
  }
  for (const ticket of tickets) {
    for (const body of ticket.payloads) {
      await ok('POST', `/messages/${ticket.id}`, { body, signMessage: false });
      await ok('POST', '/ticket-notes', { ticketId: ticket.id, contactId: ticket.contactId, note: body });
    }
  }
  // Contacts, tags (on the first ticket's contact) and quick messages named by the short payloads.
  const tagIds: number[] = [];
  for (const [i, name] of SHORT.entries()) {
    await ok('POST', '/contacts', { name, number: `5511${String(900000000 + i)}` });
    tagIds.push((await ok('POST', '/tags', { name, color: '#2D72D2' })).id);
    await ok('POST', '/quick-messages', { shortcode: name, message: PAYLOADS[i]! });
  }
  await ok('POST', '/tags/sync', { contactId: tickets[0]!.contactId, tags: tagIds.slice(0, 20) });
  // More than one queue needs a greeting (the menu the contact sees): a payload too. The plan allows 10.
  for (const [i, name] of SHORT.slice(0, 8).entries()) await ok('POST', '/queue', { name, color: `#${(0x100000 + i * 0x0a0b0c).toString(16).slice(-6)}`, greetingMessage: PAYLOADS[i]! });
  // Location pins whose names are payloads, on a visitor of their own (shown as the pin's label).
  const pinPeer = { id: randomBytes(8).toString('hex'), name: 'Pinos' };
  for (const [i, name] of SHORT.slice(0, 10).entries()) {
    const pinned = await kernel.kernel.core.ingest.ingest(connectionId, {
      wid: `xss-pin-${randomBytes(6).toString('hex')}`,
      fromMe: false,
      timestamp: new Date(),
      peer: pinPeer,
      body: name,
      mediaType: 'locationMessage',
      data: { latitude: -23.55 + i / 100, longitude: -46.63, name },
    });
    pinsTicket = pinned.ticketId;
  }
  // The platform's announcements (title and text), read by every company's admins.
  for (const [i, title] of SHORT.slice(0, 5).entries()) {
    expect((await kernel.api('POST', '/announcements', { token: kernel.superToken, body: { title, text: PAYLOADS[i]!, priority: 1 } })).status).toBe(201);
  }
  site = await serveWidgetSite(kernel.apiUrl, widgetKey);
}, 240_000);

afterAll(async () => {
  await site?.close();
  await closeBrowser(browser);
  await kernel?.close();
});

describe('stored payloads stay inert text', () => {
  it('uses a payload list of every class (more than 60)', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(60);
    expect(SHORT.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  });

  it('would see a payload that ran: the detectors work (app page: blocked and reported; customer site: ran)', async () => {
    const app = await page();
    await logIn(app.page, admin);
    await app.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=__xss(0)>'));
    await expect.poll(() => app.seen.violations.length).toBeGreaterThan(0);
    expect(app.seen.ran).toEqual([]);
    const customer = await page();
    await customer.page.goto(site.url);
    await customer.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=__xss(0)>'));
    await expect.poll(() => customer.seen.ran).toEqual([0]);
  });

  it("in each conversation, its notes and tags: inbound and outbound bodies, names, links", async () => {
    const { page: p, seen } = await page();
    await logIn(p, admin);
    for (const ticket of tickets) {
      await p.goto(`/tickets/${ticket.uuid}`);
      const messages = p.getByTestId('conversation-panel').getByTestId('message');
      // Each payload shows as text twice (the visitor's and the agent's): rendered, not run.
      await expect.poll(() => messages.count(), { timeout: 20_000 }).toBe(ticket.payloads.length * 2);
      // Shown as text: every payload's call (but the base64 one) is there to read.
      const text = await p.getByTestId('conversation-panel').innerText();
      for (const payload of ticket.payloads) {
        const n = PAYLOADS.indexOf(payload) + 1;
        if (!payload.includes('atob')) expect(text, payload).toContain(`xss(${n})`);
      }
      await p.getByTestId('ticket-header').locator('.tk-header__contact').click();
      const drawer = p.getByTestId('contact-drawer');
      await drawer.waitFor();
      await expect.poll(() => drawer.getByTestId('note').count(), { timeout: 20_000 }).toBe(ticket.payloads.length);
      if (ticket.payloads.some((body) => body.startsWith('https://'))) {
        // The links found in the bodies: in the conversation and the drawer's Links tab, pointed at.
        for (const link of await p.getByTestId('conversation-panel').locator('a[href^="https://x.example"]').all()) await link.hover();
        await drawer.getByRole('tab', { name: 'Links' }).click();
        const links = drawer.getByTestId('drawer-tab-links').locator('a');
        await expect.poll(() => links.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
        for (const link of await links.all()) {
          expect(await link.getAttribute('href')).toMatch(/^https:\/\/x\.example\//);
          await link.hover();
        }
      }
      await settle(p);
      expect(seen.ran, ticket.uuid).toEqual([]);
      expect(seen.violations, ticket.uuid).toEqual([]);
    }
  }, 240_000);

  it('in the ticket list, contacts, tags, quick messages and queues pages', async () => {
    const { page: p, seen } = await page();
    await logIn(p, admin);
    await p.getByTestId('tickets-page').waitFor();
    await expect.poll(() => p.getByTestId('tickets-page').innerText(), { timeout: 20_000 }).toContain('xss(');
    for (const [path, testId] of [
      ['/contacts', 'contacts-page'],
      ['/tags', 'tags-page'],
      ['/quick-messages', 'quick-messages-page'],
      ['/queues', 'queues-page'],
    ] as const) {
      await p.goto(path);
      await p.getByTestId(testId).waitFor();
      await expect.poll(() => p.getByTestId(testId).innerText(), { timeout: 20_000 }).toContain('onerror=__xss(');
      await settle(p);
      expect(seen.ran, path).toEqual([]);
      expect(seen.violations, path).toEqual([]);
    }
  }, 120_000);

  it('in location pins and the announcements popover', async () => {
    const { page: p, seen } = await page();
    await logIn(p, admin);
    const { uuid } = await kernel.db('tickets').where({ id: pinsTicket }).first('uuid');
    await p.goto(`/tickets/${uuid}`);
    const pins = p.getByTestId('conversation-panel').getByTestId('message-location');
    await expect.poll(() => pins.count(), { timeout: 20_000 }).toBe(10);
    expect((await pins.allInnerTexts()).join(' ')).toContain('xss(');
    for (const pin of await pins.all()) expect(await pin.getAttribute('href')).toMatch(/^https:\/\//);
    await p.getByTestId('announcements-button').click();
    const items = p.getByTestId('announcement-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(5);
    expect((await items.allInnerTexts()).join(' ')).toContain('xss(');
    await settle(p);
    expect(seen.ran).toEqual([]);
    expect(seen.violations).toEqual([]);
  }, 120_000);

  it("on a customer's site (no CSP): the visitor's name and messages and the agent's answers", async () => {
    const { page: p, seen } = await page();
    await p.goto(site.url);
    await p.getByTestId('webchat-launcher').click();
    await p.getByTestId('webchat-form').waitFor();
    await p.locator('[data-guiche-webchat] input[name=name]').fill(VISITOR);
    await p.getByTestId('webchat-form').locator('button').click();
    const input = p.getByTestId('webchat-input');
    const typed = PAYLOADS.slice(0, 20);
    for (const body of typed) {
      await input.fill(body);
      await p.getByTestId('webchat-send').click();
    }
    const bubbles = p.getByTestId('webchat-message');
    await expect.poll(() => bubbles.count(), { timeout: 30_000 }).toBe(typed.length);
    const contact = await waitFor(() => kernel.db('contacts').where({ companyId: admin.user.companyId, name: VISITOR, channel: 'webchat' }).first('id'));
    const ticket = await waitFor(async () => {
      const row = await kernel.db('tickets').where({ contactId: contact.id }).first('id');
      const stored = row && (await kernel.db('messages').where({ ticketId: row.id, fromMe: false }).count<{ count: string }[]>('id as count'));
      return stored && Number(stored[0]!.count) === typed.length ? row : undefined;
    });
    await ok('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.user.id, queueId });
    for (const body of PAYLOADS.slice(20)) await ok('POST', `/messages/${ticket.id}`, { body, signMessage: false });
    await expect.poll(() => bubbles.count(), { timeout: 30_000 }).toBe(PAYLOADS.length);
    const shown = await p.getByTestId('webchat-messages').innerText();
    expect(shown).toContain('onerror=__xss(2)');
    await settle(p);
    expect(seen.ran).toEqual([]);

    // Files the agent attaches under payload names reach the visitor too (the name is what is shown).
    const files = PAYLOADS.slice(0, 5);
    for (const name of files) {
      const form = new FormData();
      form.append('medias', new Blob([new Uint8Array(Buffer.from('conteúdo'))], { type: 'text/plain' }), `${name}.txt`);
      form.append('signMessage', 'false');
      const sent = await kernel.api('POST', `/messages/${ticket.id}`, { token: admin.token, body: form });
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    }
    const total = PAYLOADS.length + files.length;
    await expect.poll(() => bubbles.count(), { timeout: 30_000 }).toBe(total);
    await settle(p);
    expect(seen.ran).toEqual([]);

    // The agent opens the visitor's conversation: the name, the messages and the files' names.
    const agent = await page();
    await logIn(agent.page, admin);
    const { uuid } = await kernel.db('tickets').where({ id: ticket.id }).first('uuid');
    await agent.page.goto(`/tickets/${uuid}`);
    await expect.poll(() => agent.page.getByTestId('ticket-header-name').innerText(), { timeout: 20_000 }).toContain('xss(');
    await expect.poll(() => agent.page.getByTestId('conversation-panel').getByTestId('message').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    const documents = agent.page.getByTestId('conversation-panel').getByTestId('message-document');
    await expect.poll(() => documents.count(), { timeout: 20_000 }).toBe(files.length);
    for (const name of await documents.allInnerTexts()) expect(name).toMatch(/\.txt/);
    await settle(agent.page);
    expect(agent.seen.ran).toEqual([]);
    expect(agent.seen.violations).toEqual([]);

    // A fresh load renders the same history from the server.
    await p.reload();
    await p.getByTestId('webchat-launcher').click();
    // The newest 50 first, then the earlier ones on request.
    await expect.poll(() => bubbles.count(), { timeout: 30_000 }).toBe(50);
    await p.locator('[data-guiche-webchat] .older').click();
    await expect.poll(() => bubbles.count(), { timeout: 30_000 }).toBe(total);
    await settle(p);
    expect(seen.ran).toEqual([]);
  }, 180_000);
});
