import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defineChannel } from '@guiche/core';
import { createTestKernel, startFakeServer, verifyGuicheSignature, waitFor, type FakeRequest, type FakeServer, type TestKernel, type TestUser } from '@guiche/core/testing';
import { createQueueIntegrationsPlugin } from '@guiche/plugin-queue-integrations';
import { FakeWorld, fakeChannel } from '../core/test/channels-fake-channel.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot, watchSocket } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * Issue #29 in the browser, as an integrator's admin and an agent would: the N8N integration's
 * signing secret is shown once when the integration is saved, copied, rotated after a confirmation
 * (the new one shown once more, hidden when the dialog is opened again); then an agent hands an open
 * ticket to its queue's integration from the ticket's menu — the customer's next message reaches the
 * flow signed with the secret the admin copied, and the flow's answer shows in the conversation — and
 * takes it back, both in the ticket's history.
 */

const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;
let flow: FakeServer;
let admin: TestUser;
let queueId: number;
let connectionId: number;
/** What the flow verifies signatures with: the secret the admin copied from the panel. */
let flowSecret = '';
/** The secret shown at creation, replaced by the rotation. */
let firstSecret = '';
const verified: FakeRequest[] = [];
const rejected: FakeRequest[] = [];

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/queue-integrations/dist/mf-manifest.json');
  flow = await startFakeServer();
  flow.route('POST', '/n8n', (req) => {
    const header = req.headers['x-guiche-signature'];
    if (!verifyGuicheSignature(flowSecret, typeof header === 'string' ? header : undefined, req.raw)) {
      rejected.push(req);
      return { status: 401, json: { error: 'bad signature' } };
    }
    verified.push(req);
    return { json: { messages: [{ text: `Robô: recebi "${req.json.message.body}"` }] } };
  });
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: [defineChannel(fakeChannel(world)), createQueueIntegrationsPlugin({ allowPrivate: true, limits: { timeoutMs: 3000, retries: 0, backoffMs: 50 } })],
    config: { WEB_ROOT: webRoot },
  });
  browser = await launchChromium();
  const company = await kernel.createCompany({ planFlags: { useIntegrations: true } });
  admin = company.admin;
  queueId = (await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Vendas', color: '#2965CC', greetingMessage: '' })).id;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Loja', channel: 'webchat' });
  connectionId = conn.id;
  await apiOk(kernel, 'PUT', `/whatsapp/${connectionId}`, admin.token, { queueIds: [queueId], greetingMessage: '' });
  await waitFor(() => world.session(connectionId));
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await flow?.close();
});

async function adminPage(path: string, testId: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1300, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await logIn(page, admin);
  await page.getByTestId('tickets-page').waitFor();
  await page.goto(path);
  await page.getByTestId(testId).waitFor();
  return page;
}

const customer = 'cliente-integrador';
async function customerWrites(body: string) {
  const wid = `in-${randomUUID()}`;
  await world.session(connectionId)!.io.inbound({ wid, fromMe: false, timestamp: new Date(), peer: { id: customer, name: 'Cliente Integrador' }, body, mediaType: 'chat' });
  return waitFor(() => kernel.db('messages').where({ whatsappId: connectionId, wid }).first());
}

const copied = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the integrator in the browser', () => {
  let integrationId: number;

  it('shows the N8N signing secret once, copies it, and rotates it after a confirmation', async () => {
    const page = await adminPage('/queue-integration', 'integrations-page');
    await page.getByTestId('integrations-add').click();
    const dialog = page.getByTestId('integration-dialog');
    await dialog.waitFor();
    await page.locator('#integration-type').selectOption('n8n');
    // Before the first save there is no secret yet: the panel says when it comes.
    await page.getByTestId('integration-secret-later').waitFor();
    await page.locator('#integration-name').fill('Fluxo do CRM');
    await page.locator('#integration-url').fill(`${flow.url}/n8n`);
    await page.getByTestId('integration-save').click();

    // Saved: the dialog stays open on the integration with its secret, once.
    const secretField = page.getByTestId('integration-secret');
    await expect.poll(() => secretField.inputValue()).toMatch(/^whsec_/);
    const first = await secretField.inputValue();
    firstSecret = first;
    integrationId = (await kernel.db('queueIntegrations').where({ name: 'Fluxo do CRM' }).first('id')).id;
    await page.getByTestId('integration-secret-copy').click();
    await expect.poll(() => copied(page)).toBe(first);

    // Rotating asks first; cancelling keeps the secret.
    await page.getByTestId('integration-secret-rotate').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'O segredo atual deixa de assinar na hora' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await secretField.inputValue()).toBe(first);
    await page.getByTestId('integration-secret-rotate').click();
    await confirm.getByRole('button', { name: 'Gerar novo segredo' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => secretField.inputValue()).not.toBe(first);
    const rotated = await secretField.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    await page.getByTestId('integration-secret-copy').click();
    await expect.poll(() => copied(page)).toBe(rotated);
    flowSecret = await copied(page);

    // Opened again, the secret is hidden: no value, nothing to copy.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`[data-integration-id="${integrationId}"]`).getByTestId('integration-edit').click();
    await dialog.waitFor();
    expect(await secretField.inputValue()).not.toContain('whsec_');
    expect(await page.getByTestId('integration-secret-copy').count()).toBe(0);
  });

  it("hands an open ticket to its queue's integration from the ticket's menu and takes it back", async () => {
    const opening = await customerWrites('Olá, quero comprar');
    await apiOk(kernel, 'PUT', `/tickets/${opening.ticketId}`, admin.token, { status: 'open', userId: admin.user.id, queueId });
    // The queue gets its integration after the agent took the ticket: the ticket stays with the agent until handed over.
    await apiOk(kernel, 'PUT', `/queue/${queueId}`, admin.token, { integrationId });
    const ticket = await kernel.db('tickets').where({ id: opening.ticketId }).first('uuid');

    const page = await adminPage(`/tickets/${ticket.uuid}`, 'conversation-panel');
    const panel = page.getByTestId('conversation-panel');
    // The flow's answer and the ticket's new state reach the page live through the ticket's room.
    await watchSocket(page).inTicketRoom(kernel, ticket.uuid);
    await page.getByTestId('ticket-more').click();
    const toggle = page.getByTestId('ticket-toggle-integration');
    expect(await toggle.innerText()).toContain('Passar para a integração');
    await toggle.click();
    await toast(page, 'Ticket entregue à integração da fila.').waitFor();
    expect(await kernel.db('tickets').where({ id: opening.ticketId }).first('status', 'useIntegration', 'integrationId')).toEqual({ status: 'open', useIntegration: true, integrationId });

    // The customer's next message goes to the flow, signed with the secret the admin copied; its answer shows here.
    await customerWrites('Qual o prazo de entrega?');
    await panel.getByTestId('message').filter({ hasText: 'Robô: recebi "Qual o prazo de entrega?"' }).waitFor();
    expect(rejected).toEqual([]);
    expect(verified.map((r) => r.json.message.body)).toEqual(['Qual o prazo de entrega?']);
    expect(verified[0]!.json).toMatchObject({ integration: { id: integrationId, type: 'n8n' } });
    // The secret shown before the rotation no longer signs.
    expect(verifyGuicheSignature(firstSecret, String(verified[0]!.headers['x-guiche-signature']), verified[0]!.raw)).toBe(false);

    // Taken back: the menu says so, and the ticket is the agent's again.
    await page.getByTestId('ticket-more').click();
    // The menu follows the ticket's state, which reaches the page live after the hand-off's answer.
    await toggle.filter({ hasText: 'Retomar da integração' }).waitFor();
    await toggle.click();
    await toast(page, 'Você retomou o ticket da integração.').waitFor();
    expect(await kernel.db('tickets').where({ id: opening.ticketId }).first('status', 'userId', 'useIntegration')).toEqual({ status: 'open', userId: admin.user.id, useIntegration: false });

    // Both steps are in the ticket's history, by the agent who did them.
    await page.getByTestId('ticket-more').click();
    await page.getByTestId('ticket-history').click();
    const log = page.getByTestId('ticket-log');
    await log.waitFor();
    await expect.poll(() => log.innerText()).toContain('Retomado da integração');
    const text = await log.innerText();
    expect(text).toContain('Entregue à integração');
    expect(text).toContain(admin.user.name);
  });
});
