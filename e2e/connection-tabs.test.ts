import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { Connection, Queue } from '@guiche/contracts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The connection dialog's tabs after "general" in Debian's chromium against a real kernel
 * (account-admin.md §2 Connection dialog tabs, §3, §9): messages, chatbot (with the 0/5/…/60
 * redirect choices and its target queue), assessments, schedules (scheduleType connection) and
 * integrations; each filled, saved and read back from the server.
 */

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;
let queue: Queue;
let connectionId: number;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  queue = await apiOk('POST', '/queue', { name: 'Suporte', color: '#2D72D2' });
  // A website-chat connection: no phone session to start for a dialog test.
  const [row] = await kernel.db('whatsapps')
    .insert({ companyId: company.company.id, name: 'Chat do site', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(8).toString('hex') })
    .returning('id');
  connectionId = row.id;
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

describe('connection dialog tabs', () => {
  it('fills messages, chatbot, assessments, schedules and integrations and stores them', async () => {
    await apiOk('PUT', '/settings/scheduleType', { value: 'connection' });
    const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(10_000);
    await logIn(page, { email: admin.user.email, password: admin.password }, '/connections');
    await page.getByTestId('connection-row').getByTestId('connection-edit').click();
    const dialog = page.getByTestId('connection-dialog');
    await expect.poll(() => dialog.locator('#cn-name').inputValue()).toBe('Chat do site');
    const tab = (name: string) => dialog.getByRole('tab', { name, exact: true }).click();

    await tab('Mensagens');
    await dialog.locator('#cn-msg-greetingMessage').fill('Olá! Como podemos ajudar?');
    await dialog.locator('#cn-ratingMessage').fill('Dê uma nota de 1 a 5 para o atendimento.');
    await dialog.locator('#cn-inactiveMessage').fill('Ainda está aí?');
    await dialog.locator('#cn-expiresInactiveMessage').fill('Encerramos por falta de resposta.');

    await tab('Chatbot');
    expect(await dialog.locator('#cn-maxUseBotQueues').inputValue()).toBe('3');
    expect(await dialog.locator('#cn-timeSendQueue option').allInnerTexts()).toEqual(['Desabilitado', '5 minutos', '10 minutos', '15 minutos', '20 minutos', '25 minutos', '30 minutos', '60 minutos']);
    await dialog.locator('#cn-maxUseBotQueues').fill('5');
    await dialog.locator('#cn-timeUseBotQueues').fill('2');
    await dialog.locator('#cn-expiresTicket').fill('120');
    await dialog.locator('#cn-whenExpiresTicket').selectOption('1');
    await dialog.locator('#cn-timeInactiveMessage').fill('3x');
    await dialog.locator('#cn-timeCreateNewTicket').fill('10');
    await dialog.locator('#cn-timeSendQueue').selectOption('15');

    // Refused: a redirect without its queue and a number that is not one; the chatbot tab shows both.
    await tab('Geral');
    await page.getByTestId('connection-save').click();
    await dialog.getByText('Escolha a fila de destino.').waitFor();
    expect(await dialog.getByText('Informe um número inteiro.').isVisible()).toBe(true);
    await dialog.locator('#cn-timeInactiveMessage').fill('30');
    await dialog.locator('#cn-sendIdQueue').selectOption({ label: 'Suporte' });

    await tab('Avaliações');
    expect(await dialog.locator('#cn-nps-ratingMessage').inputValue()).toBe('Dê uma nota de 1 a 5 para o atendimento.');
    await dialog.locator('#cn-maxUseBotQueuesNPS').fill('2');
    await dialog.locator('#cn-expiresTicketNPS').fill('15');

    await tab('Horários');
    await dialog.getByTestId('cn-hours-monday-startTimeA').fill('0730');
    await dialog.getByTestId('cn-hours-saturday-startTimeB').fill('');
    await dialog.getByTestId('cn-hours-saturday-endTimeB').fill('');

    await tab('Integrações');
    expect(await dialog.locator('#cn-integrationId option').allInnerTexts()).toEqual(['Nenhuma integração']);
    expect(await dialog.locator('#cn-promptId option').allInnerTexts()).toEqual(['Nenhum prompt']);

    await page.getByTestId('connection-save').click();
    await page.locator('.bp6-toast').filter({ hasText: 'Conexão salva com sucesso.' }).first().waitFor();

    const stored: Connection = await apiOk('GET', `/whatsapp/${connectionId}?session=0`);
    expect(stored).toMatchObject({
      greetingMessage: 'Olá! Como podemos ajudar?',
      ratingMessage: 'Dê uma nota de 1 a 5 para o atendimento.',
      inactiveMessage: 'Ainda está aí?',
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
      maxUseBotQueues: 5,
      timeUseBotQueues: 2,
      expiresTicket: 120,
      whenExpiresTicket: 1,
      timeInactiveMessage: 30,
      timeCreateNewTicket: 10,
      timeSendQueue: 15,
      sendIdQueue: queue.id,
      maxUseBotQueuesNPS: 2,
      expiresTicketNPS: 15,
      integrationId: null,
      promptId: null,
    });
    expect(stored.schedules).toHaveLength(7);
    expect(stored.schedules.find((d) => d.weekdayEn === 'monday')).toMatchObject({ startTimeA: '07:30', endTimeA: '12:00' });
    expect(stored.schedules.find((d) => d.weekdayEn === 'saturday')).toMatchObject({ startTimeB: '', endTimeB: '' });

    // Shown again when the dialog reopens after a reload; the schedules tab leaves with scheduleType.
    await page.reload();
    await page.getByTestId('connection-row').getByTestId('connection-edit').click();
    await expect.poll(() => dialog.locator('#cn-name').inputValue()).toBe('Chat do site');
    await tab('Chatbot');
    expect(await dialog.locator('#cn-sendIdQueue').inputValue()).toBe(String(queue.id));
    expect(await dialog.locator('#cn-whenExpiresTicket').inputValue()).toBe('1');
    await tab('Horários');
    expect(await dialog.getByTestId('cn-hours-monday-startTimeA').inputValue()).toBe('07:30');

    await apiOk('PUT', '/settings/scheduleType', { value: 'disabled' });
    await page.reload();
    await page.getByTestId('connection-row').getByTestId('connection-edit').click();
    await expect.poll(() => dialog.locator('#cn-name').inputValue()).toBe('Chat do site');
    expect(await dialog.getByRole('tab', { name: 'Mensagens' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('tab', { name: 'Horários' }).count()).toBe(0);
  });
});
