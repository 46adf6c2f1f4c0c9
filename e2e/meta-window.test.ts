import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeGraph, messagingMessage, newFakePage, randomDigits, useFakeGraphEnv, whatsappMessage } from '@guiche/meta-graph/testing';
import { apiOk } from './support/api.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * Meta's 24-hour customer-service window in the conversation, in Debian's chromium, against the
 * fake Graph API. WhatsApp Cloud: a message arrives, the notice shows and the input writes; the
 * message is aged past 24 h in the database, the input says the window closed (private notes
 * still go) and offers an approved template, whose variables are filled and which reaches the fake Graph server; the
 * contact's answer opens the window again. Messenger: past 24 h a reply goes with the
 * HUMAN_AGENT tag; past 7 days the input is closed until the contact writes.
 */
const fake = new FakeGraph();
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let queueId: number;

const ok = (method: string, url: string, body?: unknown) => apiOk(kernel, method, url, company.admin.token, body);

beforeAll(async () => {
  requireBuiltWeb();
  await fake.start();
  useFakeGraphEnv(fake);
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: ['@guiche/plugin-channel-whatsapp-cloud', '@guiche/plugin-channel-facebook', '@guiche/plugin-channel-instagram'],
    config: { WEB_ROOT: webRoot },
  });
  company = await kernel.createCompany();
  queueId = (await ok('POST', '/queue', { name: 'Suporte', color: '#238551' })).id;
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await fake.stop();
});

async function openAsAdmin(): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  await logIn(page, company.admin);
  await page.getByTestId('tickets-page').waitFor();
  return page;
}

async function openTicket(page: Page, ticketId: number) {
  const { uuid } = await kernel.db('tickets').where({ id: ticketId }).first('uuid');
  await page.goto(`/tickets/${uuid}`);
  const panel = page.getByTestId('conversation-panel');
  await panel.waitFor();
  await expect.poll(() => panel.getByTestId('conversation-messages').count()).toBe(1);
  return panel;
}

async function accept(ticketId: number) {
  await ok('PUT', `/tickets/${ticketId}`, { status: 'open', userId: company.admin.user.id, queueId });
}

/** Moves every message the contact sent on the ticket's connection `hours` into the past. */
async function age(ticketId: number, hours: number) {
  const ticket = await kernel.db('tickets').where({ id: ticketId }).first('contactId', 'whatsappId');
  await kernel.db('messages').where({ whatsappId: ticket.whatsappId, contactId: ticket.contactId, fromMe: false }).update({ createdAt: new Date(Date.now() - hours * 3600 * 1000) });
}

const state = (page: Page) => page.getByTestId('reply-window-closed').getAttribute('data-window-state');
const input = (page: Page) => page.getByTestId('message-text');

describe('the 24-hour window in the conversation', () => {
  it('WhatsApp Cloud: notice, closed window, a template with variables reaches Graph, the answer opens it again', async () => {
    const phoneNumberId = '108' + randomDigits(12);
    const wabaId = '208' + randomDigits(12);
    fake.phoneNumbers.set(phoneNumberId, { display: '+1 555-010-4040', verifiedName: 'Guichê' });
    fake.templates.set(wabaId, [
      { name: 'pedido_pronto', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto.' }, { type: 'FOOTER', text: 'Loja Centro' }] },
      { name: 'promo_rejeitada', language: 'pt_BR', status: 'REJECTED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Promoção!' }] },
    ]);
    const connection = await ok('POST', '/whatsapp', { name: 'Cloud Janela', channel: 'whatsappapi' });
    await ok('PUT', `/whatsappapi/${connection.id}/credentials`, { phoneNumberId, wabaId, accessToken: fake.newToken(), appSecret: fake.appSecret, verifyToken: 'window-verify-token' });
    await waitFor(async () => (await kernel.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED', { timeout: 20000 });
    // The URL the connection dialog shows (the connection's public webhook id).
    const { webhookUrl: webhook } = await ok('GET', `/whatsappapi/${connection.id}/credentials`);
    const contact = { waId: '5511' + randomDigits(9), name: 'Ana Cloud' };
    const receive = async (body: string) => {
      const { id: wid, payload } = whatsappMessage({ phoneNumberId, wabaId }, contact, { type: 'text', text: { body } });
      expect(await fake.deliver(webhook, payload)).toBe(200);
      return waitFor(() => kernel.db('messages').where({ whatsappId: connection.id, wid }).first());
    };
    const first = await receive('Meu pedido já saiu?');
    await accept(first.ticketId);

    const page = await openAsAdmin();
    const panel = await openTicket(page, first.ticketId);
    await expect.poll(() => page.getByTestId('reply-window-notice').isVisible()).toBe(true);
    expect(await page.getByTestId('reply-window-notice').innerText()).toBe('Neste canal você tem 24 horas para responder após a última mensagem do contato.');
    expect(await page.getByTestId('reply-window-closed').count()).toBe(0);
    expect(await input(page).isDisabled()).toBe(false);

    // 25 hours later (in the database) the input says what is allowed instead of failing on send.
    await age(first.ticketId, 25);
    await openTicket(page, first.ticketId);
    await expect.poll(() => state(page)).toBe('template');
    expect(await page.getByTestId('reply-window-closed').innerText()).toContain('Só modelos aprovados podem ser enviados até o contato responder.');
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).getAttribute('placeholder')).toBe('Janela de 24 horas fechada: envie um modelo aprovado');

    // A private note never reaches Meta, so it stays possible.
    await page.getByTestId('private-toggle').check({ force: true });
    await expect.poll(() => input(page).isDisabled()).toBe(false);
    await input(page).fill('Cliente sumiu, mandar modelo');
    await input(page).press('Enter');
    await waitFor(() => kernel.db('messages').where({ ticketId: first.ticketId, isPrivate: true, fromMe: true }).first());
    await page.getByTestId('private-toggle').uncheck({ force: true });
    await expect.poll(() => input(page).isDisabled()).toBe(true);

    await page.getByTestId('template-open').click();
    const dialog = page.getByTestId('template-dialog');
    await expect.poll(() => dialog.getByTestId('template-select').isVisible()).toBe(true);
    // Only approved templates are offered.
    expect(await dialog.getByTestId('template-select').locator('option').allInnerTexts()).toEqual(['pedido_pronto (pt_BR)']);
    expect(await dialog.getByTestId('template-send').isDisabled()).toBe(true);
    await dialog.getByTestId('template-var-1').fill('Ana');
    await dialog.getByTestId('template-var-2').fill('#4521');
    expect(await dialog.getByTestId('template-preview').innerText()).toContain('Olá Ana, seu pedido #4521 está pronto.');
    await dialog.getByTestId('template-send').click();

    const call = await fake.nextCall((c) => c.route === `${phoneNumberId}/messages` && c.body?.type === 'template');
    expect(call.body).toMatchObject({ to: contact.waId, template: { name: 'pedido_pronto', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#4521' }] }] } });
    await expect.poll(() => page.getByTestId('template-dialog').count()).toBe(0);
    await expect.poll(() => panel.getByTestId('message').filter({ hasText: 'Olá Ana, seu pedido #4521 está pronto.' }).count()).toBe(1);
    const sent = await kernel.db('messages').where({ ticketId: first.ticketId, fromMe: true, isPrivate: false }).first('wid', 'userId');
    // Nothing but the template went to Graph: the private note stayed home.
    expect(fake.calls.filter((c) => c.route === `${phoneNumberId}/messages` && c.body?.type && c.body.type !== 'template')).toEqual([]);
    expect(sent).toEqual({ wid: call.response.messages[0].id, userId: company.admin.user.id });

    // The contact answers: the window is open again and the input writes free text.
    await receive('Obrigada, vou buscar!');
    await expect.poll(() => page.getByTestId('reply-window-closed').count()).toBe(0);
    await expect.poll(() => input(page).isDisabled()).toBe(false);
    await input(page).fill('Estamos esperando por você.');
    await input(page).press('Enter');
    const text = await fake.nextCall((c) => c.route === `${phoneNumberId}/messages` && c.body?.type === 'text');
    expect(text.body.text.body).toMatch(/Estamos esperando por você\.$/);
    await page.close();
  });

  it('Messenger: past 24 hours a reply goes with the human agent tag; past 7 days the input is closed', async () => {
    const fbPage = newFakePage(fake, 'Janela Page');
    await ok('POST', '/facebook', { facebookUserId: fbPage.userId, facebookUserToken: fbPage.userToken, addInstagram: false });
    const connection = await waitFor(() => kernel.db('whatsapps').where({ companyId: company.company.id, channel: 'facebook', status: 'CONNECTED' }).first('id'), { timeout: 20000 });
    const senderId = randomDigits(16);
    fake.profiles.set(senderId, { first_name: 'Bia', last_name: 'Messenger' });
    const { mid, payload } = messagingMessage('page', fbPage.id, senderId, { text: 'Vocês entregam no sábado?' });
    expect(await fake.deliver(`${kernel.apiUrl}/facebook/webhook`, payload)).toBe(200);
    const first = await waitFor(() => kernel.db('messages').where({ whatsappId: connection.id, wid: mid }).first());
    await accept(first.ticketId);

    await age(first.ticketId, 3 * 24);
    fake.windowClosed.add(senderId);
    const page = await openAsAdmin();
    await openTicket(page, first.ticketId);
    await expect.poll(() => state(page)).toBe('humanAgent');
    expect(await page.getByTestId('reply-window-closed').innerText()).toContain('etiqueta de agente humano');
    expect(await input(page).isDisabled()).toBe(false);
    await input(page).fill('Entregamos sim, até as 14h.');
    await input(page).press('Enter');
    const tagged = await fake.nextCall((c) => c.route === `${fbPage.id}/messages` && String(c.body?.message?.text).endsWith('Entregamos sim, até as 14h.') && c.body?.tag === 'HUMAN_AGENT');
    expect(tagged.body.messaging_type).toBe('MESSAGE_TAG');

    await age(first.ticketId, 8 * 24);
    await openTicket(page, first.ticketId);
    await expect.poll(() => state(page)).toBe('closed');
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).getAttribute('placeholder')).toBe('Janela fechada: aguarde uma mensagem do contato');
    expect(await page.getByTestId('template-open').count()).toBe(0);
    await page.close();
  });
});
