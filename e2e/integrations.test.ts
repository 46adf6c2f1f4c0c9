import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import { createQueueIntegrationsPlugin } from '@guiche/plugin-queue-integrations';
import { createPromptsPlugin } from '@guiche/plugin-prompts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';
import { startFakeTypebot, type FakeTypebot } from '../plugins/queue-integrations/test/fakes.js';
import { startFakeOpenAi, type FakeOpenAi } from '../plugins/prompts/test/fakes.js';

/**
 * Issue 11 in the browser: an admin configures a Typebot integration and an AI prompt in their
 * screens, each on one of two queues; website visitors are served by each in the real widget and,
 * on asking, handed to a human, whose pending list shows them arrive.
 */

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let typebot: FakeTypebot;
let openai: FakeOpenAi;
let admin: TestUser;
let agent: TestUser;
let robotQueue: number;
let aiQueue: number;
let connectionId: number;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/queue-integrations/dist/mf-manifest.json', 'web-modules/prompts/dist/mf-manifest.json');
  [typebot, openai] = await Promise.all([startFakeTypebot(), startFakeOpenAi()]);
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: [webchatPlugin, createQueueIntegrationsPlugin({ allowPrivate: true }), createPromptsPlugin({ openAiBase: `${openai.url}/v1` })],
    config: { WEB_ROOT: webRoot },
  });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  agent = await kernel.createUser(company.company.id, { name: 'Ana Atendente' });
  robotQueue = (await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Robô', color: '#2965CC', orderQueue: 1, greetingMessage: 'Robô da loja.', userIds: [agent.user.id] })).id;
  aiQueue = (await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Assistente', color: '#29A634', orderQueue: 2, greetingMessage: 'Assistente virtual.', userIds: [agent.user.id] })).id;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
  connectionId = conn.id;
  await apiOk(kernel, 'PUT', `/whatsapp/${conn.id}`, admin.token, { queueIds: [robotQueue, aiQueue], greetingMessage: 'Olá! Escolha:' });
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  // A connection answer never carries its key (#29): the site route gives the widget's.
  const siteKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token as string;
  site = await serveWidgetSite(kernel.apiUrl, siteKey, { lang: 'pt' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
  await Promise.all([typebot?.close(), openai?.close()]);
});

async function adminPage(path: string, testId: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1300, height: 900 } });
  await logIn(page, admin);
  await page.getByTestId('tickets-page').waitFor();
  await page.goto(path);
  await page.getByTestId(testId).waitFor();
  return page;
}

async function visitor(name: string) {
  const page = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
  await page.goto(site.url);
  await page.getByTestId('webchat-launcher').click();
  const form = page.getByTestId('webchat-form');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="email"]').fill(`${name.split(' ')[0].normalize('NFD').replace(/[^a-z]/gi, '').toLowerCase()}@exemplo.com`);
  await form.locator('button').click();
  await expect.poll(() => page.getByTestId('webchat-status').textContent(), { timeout: 20_000 }).toBe('Online');
  const fromCompany = page.getByTestId('webchat-message').and(page.locator('[data-from="agent"]'));
  return {
    page,
    /** Sends `text` and waits until the company has sent `total` messages; answers the last. */
    async say(text: string, total: number): Promise<string> {
      await page.getByTestId('webchat-input').fill(text);
      await page.getByTestId('webchat-input').press('Enter');
      await expect.poll(() => fromCompany.count()).toBe(total);
      return fromCompany.nth(total - 1).innerText();
    },
  };
}

describe('integrations and prompts in the browser', () => {
  it('configures a Typebot integration and a prompt on two queues; visitors are served by each and handed to a human on request', async () => {
    // The Typebot integration, from its screen.
    const integrations = await adminPage('/queue-integration', 'integrations-page');
    await integrations.getByTestId('integrations-add').click();
    const dialog = integrations.getByTestId('integration-dialog');
    await dialog.waitFor();
    expect(await integrations.locator('#integration-type').inputValue()).toBe('typebot');
    expect(await integrations.locator('#integration-expires').inputValue()).toBe('1');
    expect(await integrations.locator('#integration-delay').inputValue()).toBe('1000');
    await integrations.locator('#integration-name').fill('Robô da loja');
    await integrations.locator('#integration-url').fill(typebot.url);
    await integrations.locator('#integration-slug').fill('atendimento');
    await integrations.locator('#integration-delay').fill('0');
    await integrations.locator('#integration-finish').fill('humano');
    await integrations.locator('#integration-unknown').fill('Opção inválida.');
    await integrations.getByTestId('integration-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => integrations.getByTestId('integration-row').count()).toBe(1);
    expect(await integrations.getByTestId('integration-row').innerText()).toContain('Robô da loja');
    const integration = await kernel.db('queueIntegrations').first();
    expect(integration).toMatchObject({ type: 'typebot', projectName: 'Robô da loja', typebotSlug: 'atendimento', typebotDelayMessage: 0 });

    // The prompt, from its screen: the queue is required ("Informe o setor").
    const prompts = await adminPage('/prompts', 'prompts-page');
    await prompts.getByTestId('prompts-add').click();
    const promptDialog = prompts.getByTestId('prompt-dialog');
    await promptDialog.waitFor();
    await prompts.locator('#prompt-name').fill('Assistente da loja');
    await prompts.locator('#prompt-apiKey').fill('sk-e2e-abcdefgh12345678');
    await prompts.locator('#prompt-prompt').fill('Você é o assistente da loja. Responda em uma frase.');
    await prompts.getByTestId('prompt-save').click();
    await prompts.getByText('Informe o setor').waitFor();
    await prompts.locator('#prompt-queue').selectOption(String(aiQueue));
    expect(await prompts.locator('#prompt-maxTokens').inputValue()).toBe('100');
    await prompts.getByTestId('prompt-save').click();
    await promptDialog.waitFor({ state: 'detached' });
    await expect.poll(() => prompts.getByTestId('prompt-row').count()).toBe(1);
    expect(await prompts.getByTestId('prompt-row').innerText()).toContain('Assistente');
    const prompt = await kernel.db('prompts').first();
    expect(prompt.apiKey).not.toContain('sk-e2e');

    // Automatic transcription per queue (#33): a switch per queue; with the prompt's key, no warning.
    const autoCard = prompts.getByTestId('prompts-auto-transcription');
    const autoRobot = autoCard.getByTestId(`prompts-auto-queue-${robotQueue}`);
    await autoRobot.waitFor({ state: 'attached' });
    await expect.poll(() => prompts.getByTestId('prompts-auto-no-key').count()).toBe(0);
    // The switch follows the server's answer, so it is clicked, not checked.
    await autoRobot.click({ force: true });
    await expect.poll(async () => (await apiOk(kernel, 'GET', '/transcription-queues', admin.token)).queueIds).toEqual([robotQueue]);
    await expect.poll(() => autoRobot.isChecked()).toBe(true);
    expect(await autoCard.getByTestId(`prompts-auto-queue-${aiQueue}`).isChecked()).toBe(false);

    // Each queue answered by its own.
    await apiOk(kernel, 'PUT', `/queue/${robotQueue}`, admin.token, { name: 'Robô', color: '#2965CC', greetingMessage: 'Robô da loja.', integrationId: integration.id });
    await apiOk(kernel, 'PUT', `/queue/${aiQueue}`, admin.token, { name: 'Assistente', color: '#29A634', greetingMessage: 'Assistente virtual.', promptId: prompt.id });

    const agentPage = await newPage(browser, kernel);
    await logIn(agentPage, agent);
    await agentPage.getByTestId('tickets-page').waitFor();
    await agentPage.getByRole('tab', { name: /^Aguardando/ }).click();
    const pending = agentPage.getByTestId('ticket-list-pending').getByTestId('ticket-row');

    // A visitor of the Typebot queue: choices as numbered options, then asks for a human.
    const marina = await visitor('Marina Visitante');
    expect(await marina.say('oi', 1)).toContain('[ 1 ] - Robô');
    await marina.say('1', 5);
    const options = await marina.page.getByTestId('webchat-message').and(marina.page.locator('[data-from="agent"]')).nth(4).innerText();
    expect(options).toMatch(/1\*? - Vendas/);
    expect(await marina.say('1', 6)).toContain('Você escolheu Vendas');
    await marina.page.getByTestId('webchat-input').fill('humano');
    await marina.page.getByTestId('webchat-input').press('Enter');
    const marinaTicket = await waitFor(async () => {
      const t = await kernel.db('tickets as t').join('contacts as c', 'c.id', 't.contactId').where({ 't.whatsappId': connectionId, 'c.name': 'Marina Visitante' }).first('t.*');
      return t && !t.useIntegration ? t : undefined;
    });
    expect(marinaTicket).toMatchObject({ status: 'pending', queueId: robotQueue });

    // A visitor of the AI queue: the assistant answers, then a request for a person transfers.
    const joao = await visitor('João Visitante');
    await joao.say('oi', 1);
    const answers = await joao.say('2', 3);
    expect(answers).toContain('IA (');
    expect(openai.completions().at(-1)!.json.messages[0]).toEqual({ role: 'system', content: 'Você é o assistente da loja. Responda em uma frase.' });
    await joao.page.getByTestId('webchat-input').fill('quero falar com um atendente');
    await joao.page.getByTestId('webchat-input').press('Enter');
    await waitFor(async () => {
      const t = await kernel.db('tickets as t').join('contacts as c', 'c.id', 't.contactId').where({ 't.whatsappId': connectionId, 'c.name': 'João Visitante' }).first('t.*');
      return t && !t.useIntegration && t.queueId === aiQueue ? t : undefined;
    });

    // Both wait for the agent of their queues, live in the pending list.
    await expect.poll(() => pending.count()).toBe(2);
    const rows = (await pending.allInnerTexts()).join('\n');
    expect(rows).toContain('Marina Visitante');
    expect(rows).toContain('João Visitante');
  });
});

it.each([
  ['/queue-integration', 'queue-integrations', { useIntegrations: false }, '/queueIntegration'],
  ['/prompts', 'prompts', { useOpenAi: false }, '/prompt'],
] as const)('without the plan flag %s never fetches its remote, and its API answers 403', async (path, module, flags, apiPath) => {
  const company = await kernel.createCompany({ planFlags: flags });
  expect(await kernel.api('GET', apiPath, { token: company.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  const page = await newPage(browser, kernel);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await logIn(page, company.admin);
  await page.getByTestId('tickets-page').waitFor();
  await page.goto(path);
  await page.locator('.bp6-toast', { hasText: 'O plano desta empresa não inclui' }).waitFor();
  // Sent home ("/", which shows the tickets).
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(tickets)?$/);
  expect(requests.filter((p) => p.startsWith(`/modules/${module}/`))).toEqual([]);
});
