import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * The chatbot as a website visitor and the agents meet it (issue 10): the connection greets with
 * the menu of its queues, the visitor walks a queue's option tree in the real widget, goes back with
 * '#', picks the other queue and waits there; only that queue's agent sees the ticket arrive, with
 * the path the bot took in the ticket, and nobody was asked to route it by hand.
 */

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let ana: TestUser;
let carla: TestUser;
let connectionId: number;
let suporteId: number;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  const admin = company.admin.token;
  ana = await kernel.createUser(company.company.id, { name: 'Ana Vendas' });
  carla = await kernel.createUser(company.company.id, { name: 'Carla Suporte' });
  const vendas = await apiOk(kernel, 'POST', '/queue', admin, {
    name: 'Vendas',
    color: '#2965CC',
    orderQueue: 1,
    greetingMessage: 'Vendas: como podemos ajudar?',
    userIds: [ana.user.id],
    chatbots: [{ name: 'Planos e preços', greetingMessage: 'O plano básico custa R$ 49 por mês.' }, { name: 'Formas de pagamento', greetingMessage: 'Pix ou cartão.' }],
  });
  const suporte = await apiOk(kernel, 'POST', '/queue', admin, { name: 'Suporte', color: '#29A634', orderQueue: 2, greetingMessage: 'Suporte: um técnico já vai falar com você.', userIds: [carla.user.id] });
  suporteId = suporte.id;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin, { name: 'Site', channel: 'webchat' });
  connectionId = conn.id;
  await apiOk(kernel, 'PUT', `/whatsapp/${conn.id}`, admin, { queueIds: [vendas.id, suporte.id], greetingMessage: 'Olá {{firstName}}! Escolha um setor:' });
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  // A connection answer never carries its key (#29): the site route gives the widget's.
  const siteKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin)).token as string;
  site = await serveWidgetSite(kernel.apiUrl, siteKey, { lang: 'pt' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
});

async function openPending(user: TestUser): Promise<Page> {
  const page = await newPage(browser, kernel);
  await logIn(page, user);
  await page.getByTestId('tickets-page').waitFor();
  await page.getByRole('tab', { name: /^Aguardando/ }).click();
  await page.getByText('Nenhum ticket aqui').waitFor();
  return page;
}

const pendingRows = (page: Page) => page.getByTestId('ticket-list-pending').getByTestId('ticket-row');

describe('the chatbot in the website widget', () => {
  it('greets with the queue menu, walks an option, goes back and waits in the chosen queue for its agent only', async () => {
    const anaPage = await openPending(ana);
    const carlaPage = await openPending(carla);

    const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
    await visitor.goto(site.url);
    await visitor.getByTestId('webchat-launcher').click();
    const form = visitor.getByTestId('webchat-form');
    await form.locator('input[name="name"]').fill('Marina Visitante');
    await form.locator('input[name="email"]').fill('marina@exemplo.com');
    await form.locator('button').click();
    await expect.poll(() => visitor.getByTestId('webchat-status').textContent()).toBe('Online');
    const fromBot = visitor.getByTestId('webchat-message').and(visitor.locator('[data-from="agent"]'));
    const say = async (text: string, expectedBotMessages: number) => {
      await visitor.getByTestId('webchat-input').fill(text);
      await visitor.getByTestId('webchat-input').press('Enter');
      await expect.poll(() => fromBot.count()).toBe(expectedBotMessages);
      return fromBot.nth(expectedBotMessages - 1).innerText();
    };

    const menu = await say('oi', 1);
    expect(menu).toContain('Olá Marina! Escolha um setor:');
    expect(menu).toContain('[ 1 ] - Vendas');
    expect(menu).toContain('[ 2 ] - Suporte');

    const options = await say('1', 2);
    expect(options).toContain('Vendas: como podemos ajudar?');
    expect(options).toContain('[ 1 ] - Planos e preços');
    expect(options).toContain('[ # ] - Voltar');
    expect(await say('1', 3)).toContain('O plano básico custa R$ 49 por mês.');

    // While the bot talks, the ticket is pending and marked as the bot's.
    const ticket = await waitFor(() => kernel.db('tickets').where({ whatsappId: connectionId }).first());
    expect(ticket).toMatchObject({ status: 'pending', isBot: true });

    // An answer leaves the visitor among Vendas's options; '#' goes back to the queues.
    expect(await say('#', 4)).toContain('[ 2 ] - Suporte');
    expect(await say('2', 5)).toContain('Suporte: um técnico já vai falar com você.');

    // Routed to Suporte: Carla sees it arrive live; Ana (Vendas) never does.
    await expect.poll(() => pendingRows(carlaPage).count()).toBe(1);
    expect(await pendingRows(carlaPage).first().innerText()).toContain('Marina Visitante');
    expect(await kernel.db('tickets').where({ id: ticket.id }).first()).toMatchObject({ status: 'pending', queueId: suporteId, userId: null });
    expect(await pendingRows(anaPage).count()).toBe(0);
    expect(await kernel.api('GET', `/tickets/${ticket.id}`, { token: ana.token })).toMatchObject({ status: 404 });

    // Carla opens it and reads the path the bot took, the visitor's answers included.
    await pendingRows(carlaPage).first().click();
    await carlaPage.waitForURL(`**/tickets/${ticket.uuid}`);
    await expect.poll(() => carlaPage.getByText('Suporte: um técnico já vai falar com você.').count()).toBeGreaterThan(0);
    expect(await carlaPage.getByText('O plano básico custa R$ 49 por mês.').count()).toBeGreaterThan(0);
  });
});
