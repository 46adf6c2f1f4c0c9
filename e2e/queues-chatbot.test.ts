import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { Queue } from '@guiche/contracts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The queue dialog's chatbot options and service hours in Debian's chromium against a real kernel
 * (outreach-config.md §2 Queues, §5, §7): a two-level options tree built option by option, stored
 * through /chatbot and shown again after a reload; the name and target rules; Enter saving the
 * option and not the queue; the hours tab (scheduleType queue); deleting an option with its inner ones;
 * an option created elsewhere showing live.
 */

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let suporte: Queue;
let vendas: Queue;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  await kernel.createUser(company.company.id, { name: 'Agente Bruno' });
  suporte = await apiOk('POST', '/queue', { name: 'Suporte', color: '#2D72D2', greetingMessage: 'Bem-vindo ao suporte.' });
  vendas = await apiOk('POST', '/queue', { name: 'Vendas', color: '#D13913', greetingMessage: 'Bem-vindo às vendas.' });
  await apiOk('PUT', '/settings/scheduleType', { value: 'queue' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function apiOk(method: string, apiPath: string, body?: unknown) {
  const res = await kernel.api(method, apiPath, { token: admin.token, body });
  expect(res.status, `${method} ${apiPath}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function openQueueDialog(page: Page): Promise<Locator> {
  await page.goto('/queues');
  const row = page.getByTestId('queue-row').filter({ has: page.getByTestId('queue-name').getByText('Suporte', { exact: true }) });
  await row.getByTestId('queue-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Editar fila' });
  await dialog.getByTestId('chatbot-tree').waitFor();
  return dialog;
}

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

describe('queue dialog: chatbot options and hours', () => {
  it('builds a two-level option tree, stores it through /chatbot and shows it again after a reload', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(10_000);
    await logIn(page, { email: admin.user.email, password: admin.password });
    let dialog = await openQueueDialog(page);

    // First level: the name rules (Required, then at least 4 characters), then Enter saves the option only.
    await dialog.getByTestId('chatbot-add-root').click();
    const editor = dialog.getByTestId('chatbot-editor-1');
    await editor.getByTestId('chatbot-save-1').click();
    await editor.getByText('Obrigatório', { exact: true }).waitFor();
    await editor.locator('#chatbot-1-name').fill('Com');
    await editor.getByTestId('chatbot-save-1').click();
    await editor.getByText('Muito curto!', { exact: true }).waitFor();
    await editor.locator('#chatbot-1-message').fill('Escolha uma opção:\n1 - Falar com vendas\n2 - Falar com o Bruno');
    await editor.locator('#chatbot-1-name').fill('Comercial');
    await editor.locator('#chatbot-1-name').press('Enter');
    await toast(page, 'Bot salvo com sucesso').first().waitFor();
    const first = dialog.getByTestId('chatbot-option-1');
    await first.getByText('Comercial', { exact: true }).waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // Second level: a queue option (its target is required) and an agent option.
    await dialog.getByTestId('chatbot-toggle-1').click();
    await dialog.getByTestId('chatbot-add-1').click();
    const child = dialog.getByTestId('chatbot-editor-1.1');
    await child.locator('#chatbot-1\\.1-name').fill('Falar com vendas');
    await child.locator('#chatbot-1\\.1-type').selectOption('queue');
    await child.getByTestId('chatbot-save-1.1').click();
    await child.getByText('Escolha o destino da opção.').waitFor();
    await child.locator('#chatbot-1\\.1-target').selectOption({ label: 'Vendas' });
    await child.getByTestId('chatbot-save-1.1').click();
    await dialog.getByTestId('chatbot-option-1.1').getByText('Falar com vendas').waitFor();

    await dialog.getByTestId('chatbot-add-1').click();
    const second = dialog.getByTestId('chatbot-editor-1.2');
    await second.locator('#chatbot-1\\.2-name').fill('Falar com o Bruno');
    await second.locator('#chatbot-1\\.2-type').selectOption('attendent');
    await second.locator('#chatbot-1\\.2-target').selectOption({ label: 'Agente Bruno' });
    await second.getByTestId('chatbot-save-1.2').click();
    await dialog.getByTestId('chatbot-option-1.2').getByText('Falar com o Bruno').waitFor();

    // Stored: the queue shows the tree, GET /chatbot the option with its children.
    const stored: Queue = await apiOk('GET', `/queue/${suporte.id}`);
    expect(stored.chatbots).toHaveLength(1);
    const [comercial] = stored.chatbots;
    expect(comercial).toMatchObject({ name: 'Comercial', queueType: 'text', greetingMessage: 'Escolha uma opção:\n1 - Falar com vendas\n2 - Falar com o Bruno' });
    expect(comercial.options.map((o) => [o.name, o.queueType, o.optQueueId, o.optUserId === null])).toEqual([
      ['Falar com vendas', 'queue', vendas.id, true],
      ['Falar com o Bruno', 'attendent', null, false],
    ]);
    const fromChatbot = await apiOk('GET', `/chatbot/${comercial.id}`);
    expect(fromChatbot.options.map((o: { name: string }) => o.name)).toEqual(['Falar com vendas', 'Falar com o Bruno']);

    // Hours tab (scheduleType queue): Monday's morning shift typed as digits.
    await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click();
    const monday = dialog.getByTestId('queue-hours-monday-startTimeA');
    await monday.fill('0900');
    expect(await monday.inputValue()).toBe('09:00');
    await dialog.getByTestId('queue-hours-sunday-endTimeB').fill('');
    await dialog.getByTestId('queue-save').click();
    await dialog.getByText('Informe o início e o fim do turno.').waitFor();
    await dialog.getByTestId('queue-hours-sunday-startTimeB').fill('');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const withHours: Queue = await apiOk('GET', `/queue/${suporte.id}`);
    expect(withHours.schedules.find((d) => d.weekdayEn === 'monday')).toMatchObject({ startTimeA: '09:00', endTimeA: '12:00' });
    expect(withHours.schedules.find((d) => d.weekdayEn === 'sunday')).toMatchObject({ startTimeB: '', endTimeB: '' });
    expect(withHours.chatbots[0].options).toHaveLength(2);

    // After a reload the tree is shown again with its targets.
    await page.reload();
    dialog = await openQueueDialog(page);
    await dialog.getByTestId('chatbot-option-1').getByText('Comercial', { exact: true }).waitFor();
    await dialog.getByTestId('chatbot-toggle-1').click();
    const vendasOption = dialog.getByTestId('chatbot-option-1.1');
    await vendasOption.getByText('Falar com vendas').waitFor();
    expect(await vendasOption.locator('.bp6-tag').allInnerTexts()).toEqual(['Fila', 'Vendas']);

    // Editing keeps the option's place; deleting it takes its inner options with it.
    await dialog.getByTestId('chatbot-edit-1.2').click();
    await dialog.locator('#chatbot-1\\.2-name').fill('Falar com o atendente');
    await dialog.getByTestId('chatbot-save-1.2').click();
    await dialog.getByTestId('chatbot-option-1.2').getByText('Falar com o atendente').waitFor();

    await dialog.getByTestId('chatbot-delete-1').click();
    const confirm = page.getByRole('dialog', { name: 'Excluir a opção Comercial?' });
    await confirm.getByText('Todas as opções internas também serão excluídas.').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => dialog.getByTestId('chatbot-option-1').count()).toBe(0);
    const after: Queue = await apiOk('GET', `/queue/${suporte.id}`);
    expect(after.chatbots).toEqual([]);
    for (const option of comercial.options) expect((await kernel.api('GET', `/chatbot/${option.id}`, { token: admin.token })).status).toBe(404);

    // An option created elsewhere (another admin, the API) shows in the open dialog live.
    await apiOk('POST', '/chatbot', { queueId: suporte.id, name: 'Financeiro', queueType: 'text' });
    await dialog.getByTestId('chatbot-option-1').getByText('Financeiro', { exact: true }).waitFor();
  });
});
