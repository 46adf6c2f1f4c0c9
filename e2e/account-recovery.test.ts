import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel } from '../core/test/channels-fake-channel.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';

/**
 * Password recovery in Debian's chromium (account-admin.md §2, §4, §8): the code reaches the
 * fake WhatsApp peer through the platform's default connection, a wrong code is told, the right
 * one leads to the new password (show/hide), and the third wrong code sends the user to login.
 */

const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [defineChannel(fakeChannel(world))], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

let phones = 0;
async function registeredCompany() {
  const company = await kernel.createCompany();
  const phone = `119${String(80000000 + ++phones * 7333).padStart(8, '0')}`;
  await kernel.db('companies').where({ id: company.company.id }).update({ phone, email: company.admin.user.email });
  return { ...company, phone };
}

async function codeSentTo(phone: string): Promise<string> {
  for (;;) {
    const delivered = await world.outbound.take();
    if (delivered.toId !== `55${phone}`) continue;
    return /\b(\d{6})\b/.exec(delivered.body)![1];
  }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function askCode(page: Page, phone: string) {
  await page.goto('/recovery-password');
  await page.locator('#wpp').fill(`(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`);
  await page.getByRole('button', { name: 'Enviar código' }).click();
}

async function typeCode(page: Page, code: string) {
  await page.locator('#code').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
}

describe('password recovery screen', () => {
  it('says so when no platform connection can send the code', async () => {
    const { phone } = await registeredCompany();
    const page = await newPage(browser, kernel);
    await askCode(page, phone);
    await page.getByText('Não há conexão de WhatsApp da plataforma conectada para enviar o código. Contate o suporte.').waitFor();
    expect(await page.getByTestId('recovery-step-number').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
  });

  it('recovers a password end to end: code by WhatsApp, one wrong try, new password, login', async () => {
    const res = await kernel.api('POST', '/whatsapp', { token: kernel.superToken, body: { name: 'Plataforma', channel: 'webchat', isDefault: true } });
    expect(res.status).toBe(201);
    await waitFor(async () => (await kernel.db('whatsapps').where({ id: res.body.id }).first('status')).status === 'CONNECTED' && world.session(res.body.id));

    const { phone, admin } = await registeredCompany();
    const page = await newPage(browser, kernel);
    await askCode(page, phone);
    await page.getByTestId('recovery-step-code').waitFor();
    await toast(page, 'Se o número estiver cadastrado, enviamos um código pelo WhatsApp.').waitFor();
    const code = await codeSentTo(phone);

    await typeCode(page, wrongCode(code));
    await toast(page, 'Código de verificação incorreto. Tente novamente.').waitFor();
    await typeCode(page, code);
    await page.getByTestId('recovery-step-password').waitFor();

    const password = page.locator('#newPassword');
    await password.fill('weak');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('A senha deve ter 8+ caracteres, uma letra minúscula e uma maiúscula.').waitFor();
    await password.fill('Browser@2026');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Senha alterada com sucesso!').waitFor();

    await logIn(page, { email: admin.user.email, password: 'Browser@2026' });
    await page.getByTestId('tickets-page').waitFor();
  });

  it('after the third wrong code says attempts are exceeded and returns to login', async () => {
    const { phone } = await registeredCompany();
    const page = await newPage(browser, kernel);
    await askCode(page, phone);
    await page.getByTestId('recovery-step-code').waitFor();
    const code = await codeSentTo(phone);
    for (let i = 0; i < 2; i++) {
      await typeCode(page, wrongCode(code));
      await toast(page, 'Código de verificação incorreto. Tente novamente.').waitFor();
      await expect.poll(() => page.locator('#code').inputValue()).toBe('');
    }
    await typeCode(page, wrongCode(code));
    await page.getByText('Tentativas excedidas. Redirecionando...').waitFor();
    await page.waitForURL('**/login');
  });
});
