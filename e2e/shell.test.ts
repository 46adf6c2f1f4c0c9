import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import chatPlugin from '@guiche/plugin-internal-chat';
import { launchChromium, repoRoot, submitLogin } from './support/browser.js';

/**
 * The web shell in Debian's chromium against a real kernel serving the built shell: route guard,
 * login / sign-up / recovery screens, the top bar, the language menu, "logged in elsewhere", and
 * the loading of plan-enabled web modules (a broken remote shows an error card, the shell survives,
 * a disabled remote is never requested).
 *
 * The web root is a temporary folder holding the real web-shell/dist and a deliberately broken
 * internal-chat remote, so the failure path is exercised without touching the real remote build.
 */

const shellDist = path.join(repoRoot, 'web-shell', 'dist');

let kernel: TestKernel;
let browser: Browser;
let webRoot: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('web-shell/dist is missing: run npm run build:web');
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-shell-e2e-'));
  fs.mkdirSync(path.join(webRoot, 'web-shell'), { recursive: true });
  fs.symlinkSync(shellDist, path.join(webRoot, 'web-shell', 'dist'));
  const brokenRemote = path.join(webRoot, 'web-modules', 'internal-chat', 'dist');
  fs.mkdirSync(brokenRemote, { recursive: true });
  fs.writeFileSync(path.join(brokenRemote, 'mf-manifest.json'), '{"this is": "not a federation manifest"}');

  kernel = await createTestKernel({ serveWeb: true, plugins: [chatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await kernel?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: kernel.url, viewport: { width, height: 800 } });
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text });

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const brDate = (iso: string) => iso.split('-').reverse().join('/');

describe('route guard and login', () => {
  it('sends a visitor of a private route to /login and shows the spec validation messages', async () => {
    const page = await newPage();
    await page.goto('/tickets');
    await page.waitForURL('**/login');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText('Por favor, insira um email válido.').count()).toBe(1);
    await expect.poll(() => page.getByText('A senha deve ter pelo menos 6 caracteres.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe('/recovery-password');
    await page.context().close();
  });

  it('shows the translated credentials error and stays on /login', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage();
    await submitLogin(page, { ...admin, password: 'wrong-password' });
    await toast(page, 'Erro de autenticação. Por favor, tente novamente.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('logs an admin in: success toast, /tickets, greeting with company and due date; /login now leads away', async () => {
    const { admin, company } = await kernel.createCompany({ dueDate: '2999-01-01' });
    const page = await newPage();
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await toast(page, 'Login efetuado com sucesso!').waitFor();
    const greeting = page.locator('.greeting');
    await expect.poll(() => greeting.textContent()).toContain(admin.user.name);
    expect(await greeting.textContent()).toContain(company.name);
    expect(await greeting.textContent()).toContain('01/01/2999');
    await page.goto('/login');
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it('hides the due date from a plain user and shows them only the items for everyone', async () => {
    const { company } = await kernel.createCompany({ planFlags: { useInternalChat: false } });
    const agent = await kernel.createUser(company.id, { profile: 'user', name: 'Agente Ana' });
    const page = await newPage();
    await submitLogin(page, agent);
    await page.waitForURL('**/tickets');
    await expect.poll(() => page.locator('.greeting').textContent()).toContain('Agente Ana');
    expect(await page.locator('.due-date').count()).toBe(0);
    const menu = page.locator('nav.side-menu');
    expect(await menu.getByRole('menuitem', { name: 'Atendimentos' }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Sair' }).count()).toBe(1);
    expect(await menu.getByText('Administração').count()).toBe(0);
    await page.context().close();
  });

  it('warns at login when the subscription ends in fewer than 5 days, and colours the due date', async () => {
    const due = isoDay(3);
    const { admin } = await kernel.createCompany({ dueDate: due });
    const page = await newPage();
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await toast(page, `Sua assinatura vence em 3 dia(s) (${brDate(due)})`).waitFor();
    expect(await page.locator('.due-date').getAttribute('data-tone')).toBe('warning');
    await page.context().close();
  });

  it('sends a company past its due date to /financeiro-aberto with the spec message', async () => {
    const due = isoDay(-2);
    const { admin } = await kernel.createCompany({ dueDate: due });
    const page = await newPage();
    await submitLogin(page, admin);
    await page.waitForURL('**/financeiro-aberto');
    const message = `Opss! Sua assinatura venceu ${brDate(due)}. Entre em contato com o Suporte para mais informações!`;
    await page.locator('.page-callout', { hasText: message }).waitFor();
    await page.goto('/tickets');
    await page.waitForURL('**/financeiro-aberto');
    await page.context().close();
  });
});

describe('sign-up and recovery', () => {
  it('registers a company through the form, then the new admin logs in', async () => {
    const page = await newPage();
    await page.goto('/signup');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Você deve aceitar os termos para continuar.').waitFor();
    await page.getByText('CPF/CNPJ inválido').waitFor();

    await page.locator('#password').fill('abcdefgh');
    await expect.poll(() => page.locator('.password-strength [role="progressbar"]').getAttribute('aria-valuenow')).toBe('66');
    await page.locator('#password').fill('Abcdefgh1');
    await expect.poll(() => page.locator('.password-strength [role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');

    const email = `signup.${Date.now()}@example.com`;
    await page.locator('#companyName').fill(`Padaria ${Date.now()}`);
    await page.locator('#name').fill('Dona Maria');
    await page.locator('#phone').fill('(11) 91234-5678');
    await page.locator('#document').fill('529.982.247-25');
    await page.locator('#email').fill(email);
    const option = page.locator('#planId option').nth(1);
    await option.waitFor({ state: 'attached' });
    expect(await option.textContent()).toMatch(/R\$/);
    await page.locator('#planId').selectOption({ index: 1 });
    await page.locator('#termo').check({ force: true });
    await page.locator('button[type="submit"]').click();
    await toast(page, 'Usuário criado com sucesso! Faça seu login!!!.').waitFor();
    await page.waitForURL('**/login');

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Abcdefgh1');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it('does not pretend to recover a password the server cannot recover', async () => {
    const page = await newPage();
    await page.goto('/recovery-password');
    await page.locator('#wpp').fill('11912345678');
    await page.locator('button[type="submit"]').click();
    const status = (await kernel.api('POST', '/enviar-email', { body: { wpp: '11912345678' } })).status;
    if (status === 404) {
      // No recovery backend on this server: the first step says so instead of faking a sent code.
      await page.locator('[role="alert"]', { hasText: 'ainda não está disponível' }).waitFor();
      expect(await page.locator('#code').count()).toBe(0);
    } else {
      // With a backend, an unknown number is an error toast, never the next step.
      await page.locator('.bp6-toast').first().waitFor();
      expect(await page.locator('#code').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
  });
});

describe('top bar', () => {
  it('stores the chosen language on the user and switches the interface', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage();
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'en' }).click();
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Tickets', exact: true }).waitFor();
    await waitFor(async () => (await kernel.api('GET', `/users/${admin.user.id}`, { token: admin.token })).body.language === 'en');
    await page.context().close();
  });

  it('keeps the drawer temporary below 600 px', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage(420);
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    expect(await page.locator('nav.side-menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.locator('.drawer-temporary nav.side-menu').waitFor();
    await page.locator('.drawer-temporary').getByRole('menuitem', { name: 'Atendimentos' }).click();
    await page.locator('.drawer-temporary').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('leaves when the same user logs in elsewhere', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage();
    // socket.io's CONNECT acknowledgement ("40...") tells when the page listens to its rooms.
    let socketConnected = false;
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.startsWith('40')) socketConnected = true;
    }));
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await page.locator('.greeting').waitFor();
    await waitFor(() => socketConnected);
    const second = await kernel.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(second.status).toBe(200);
    await toast(page, 'Sua conta foi acessada em outro computador.').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});

describe('web modules', () => {
  it('never requests a disabled remote; loads it when the plan enables it; a broken remote shows an error card', async () => {
    const { admin, company } = await kernel.createCompany({ planFlags: { useInternalChat: false } });
    const page = await newPage();
    const manifestRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/modules/internal-chat/')) manifestRequests.push(r.url());
    });
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await page.locator('.greeting').waitFor();
    expect(await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).count()).toBe(0);

    await kernel.setPlanFlags(company.id, { useInternalChat: true });
    // The company-{id}-plan event makes the shell ask again and load the now-enabled remote.
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).waitFor();
    await expect.poll(() => manifestRequests.length).toBeGreaterThan(0);
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).click();
    await page.getByText('Módulo indisponível').waitFor();
    expect(await page.getByText('O módulo "internal-chat" não pôde ser carregado.', { exact: false }).count()).toBe(1);

    // The rest of the shell keeps working.
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Atendimentos' }).click();
    await page.getByText('Conversas', { exact: true }).first().waitFor();
    await page.context().close();
  });
});
