import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import webchat from '../src/plugin.js';
import { createWebchatConnection } from './support.js';

/**
 * The widget as a site's visitor meets it: a page on another origin embeds the script; in
 * Debian's chromium the visitor writes, an agent answers through the messages API, the answer
 * shows up and is acknowledged as read; after a reload the conversation is still there.
 */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let k: TestKernel;
let company: TestCompany;
let connection: { id: number; token: string };
let site: http.Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [webchat] });
  company = await k.createCompany();
  connection = await createWebchatConnection(k, company.admin);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED');
  // The customer's site: another origin than Guichê's (localhost vs 127.0.0.1).
  // ?token= embeds another token, in the <head> this time.
  site = http.createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://site').searchParams.get('token');
    const html = token
      ? `<!doctype html><html><head><script src="${k.apiUrl}/webchat/widget.js" data-token="${token}"></script></head><body></body></html>`
      : `<!doctype html><html><head><title>ACME</title></head><body><h1>ACME store</h1>
<script src="${k.apiUrl}/webchat/widget.js" data-token="${connection.token}" data-lang="en" async></script></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await k?.close();
});

describe('the embedded widget in chromium', () => {
  it('holds a conversation with an agent', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.getByTestId('webchat-launcher').click();
    await page.getByTestId('webchat-form').locator('input[name="name"]').fill('Carla Visitor');
    await page.getByTestId('webchat-form').locator('button').click();
    await expect.poll(() => page.getByTestId('webchat-status').textContent()).toBe('Online');

    await page.getByTestId('webchat-input').fill('Hi, is the blue shirt in stock?');
    await page.getByTestId('webchat-input').press('Enter');
    const mine = page.getByTestId('webchat-message').filter({ hasText: 'blue shirt' });
    await expect.poll(() => mine.getAttribute('data-wid')).toMatch(/^in-v/);

    const stored = await waitFor(() => k.db('messages').where({ whatsappId: connection.id, body: 'Hi, is the blue shirt in stock?' }).first());
    const contact = await k.db('contacts').where({ id: stored.contactId }).first('name');
    expect(contact.name).toBe('Carla Visitor');

    // An agent takes the ticket and answers through the API.
    const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Sales', color: '#2e7d32', greetingMessage: 'Hi' } });
    const accept = await k.api('PUT', `/tickets/${stored.ticketId}`, {
      token: company.admin.token,
      body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id },
    });
    expect(accept.status).toBe(200);
    const sent = await k.api('POST', `/messages/${stored.ticketId}`, { token: company.admin.token, body: { body: 'Yes, in every size!' } });
    expect(sent.status).toBe(200);

    const answer = page.getByTestId('webchat-message').filter({ hasText: 'Yes, in every size!' });
    await expect.poll(() => answer.getAttribute('data-from')).toBe('agent');
    // The panel is open and visible: the widget reports the answer read.
    await waitFor(async () => (await k.db('messages').where({ id: sent.body.messages[0].id }).first('ack')).ack === 3);

    // Same browser, new page load: the visitor is recognised and sees the conversation again.
    await page.reload();
    await page.getByTestId('webchat-launcher').click();
    await expect.poll(() => page.getByTestId('webchat-message').count()).toBe(2);
    await context.close();
  });

  it('shows ✓✓ on a message the agent read before its own send was acknowledged', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    // The server's ack and echo of this one message are held back until the agent's read receipt
    // has reached the page: the order a loaded machine can produce (the agent reads as soon as the
    // message is stored, the visitor's socket is served later).
    const text = 'Quick question about returns';
    const held: string[] = [];
    let holding = true;
    let readReceived = false;
    let toPage: (frame: string) => void = () => undefined;
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      toPage = (frame) => ws.send(frame);
      server.onMessage((frame) => {
        const packet = String(frame);
        const ofThisMessage = packet.includes(text) && (packet.startsWith('42/webchat,["message"') || packet.startsWith('43/webchat,'));
        if (holding && ofThisMessage) return void held.push(packet);
        if (packet.startsWith('42/webchat,["read"')) readReceived = true;
        ws.send(frame);
      });
    });
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.getByTestId('webchat-launcher').click();
    await page.getByTestId('webchat-form').locator('input[name="name"]').fill('Bruno Early');
    await page.getByTestId('webchat-form').locator('button').click();
    await expect.poll(() => page.getByTestId('webchat-status').textContent()).toBe('Online');

    await page.getByTestId('webchat-input').fill(text);
    await page.getByTestId('webchat-input').press('Enter');
    const stored = await waitFor(() => k.db('messages').where({ whatsappId: connection.id, body: text }).first());
    await expect.poll(() => held.length).toBe(2);
    const mine = page.getByTestId('webchat-message').filter({ hasText: text });
    expect(await mine.getAttribute('data-wid')).toMatch(/^in-pending-/);

    const read = await k.api('GET', `/messages/${stored.ticketId}?pageNumber=1`, { token: company.admin.token });
    expect(read.status).toBe(200);
    await expect.poll(() => readReceived).toBe(true);
    holding = false;
    held.splice(0).forEach((packet) => toPage(packet));

    await expect.poll(() => mine.getAttribute('data-wid')).toBe(stored.wid);
    await expect.poll(() => mine.getAttribute('data-read')).toBe('true');
    await context.close();
  });

  it('shows that a chat with an unknown token is unavailable', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${siteUrl}?token=${'Z'.repeat(30)}`);
    await page.getByTestId('webchat-launcher').click();
    await page.getByTestId('webchat-form').locator('button').click();
    await expect.poll(() => page.getByTestId('webchat-status').textContent()).toBe('Chat indisponível no momento.');
    await context.close();
  });
});
