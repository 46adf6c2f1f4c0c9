import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import chatPlugin from '@guiche/plugin-internal-chat';
import { launchChromium, repoRoot, submitLogin, QUIET_MOTION, watchSocket } from './support/browser.js';

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
  const context = await browser.newContext({ ...QUIET_MOTION, baseURL: kernel.url, viewport: { width, height: 800 } });
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

  it('logs an admin in: success toast, /tickets, greeting with company and due date; /login now leads to the dashboard', async () => {
    const { admin, company } = await kernel.createCompany({ dueDate: '2999-01-01' });
    const page = await newPage();
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await toast(page, 'Login efetuado com sucesso!').waitFor();
    // Toasts start below the top bar: its buttons stay reachable while one shows.
    const barBottom = await page.locator('.top-bar').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await toast(page, 'Login efetuado com sucesso!').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(barBottom);
    const greeting = page.locator('.greeting');
    await expect.poll(() => greeting.textContent()).toContain(admin.user.name);
    expect(await greeting.textContent()).toContain(company.name);
    expect(await greeting.textContent()).toContain('01/01/2999');
    // Public routes lead an authenticated user to / (inbox.md §2): the dashboard, for an admin.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('dashboard-page').waitFor();
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
    await toast(page, `Sua assinatura vence em 3 dias (${brDate(due)})`).waitFor();
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
    // No platform connection is connected on this server: the first step says so (issue 9), never the next step.
    await page.locator('[role="alert"]', { hasText: 'Não há conexão de WhatsApp da plataforma conectada' }).waitFor();
    expect(await page.locator('#code').count()).toBe(0);
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
    // The popover draws its options after the click's frame: read them once they are there.
    await page.getByRole('option').last().waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Português (Brasil)\npt-BR', 'English\nen', 'Español\nes', 'Türkçe\ntr']);
    await page.getByRole('option', { name: /^English/ }).click();
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
    await page.locator('.drawer-temporary').getByRole('menuitem', { name: 'Atendimentos', exact: true }).click();
    await page.locator('.drawer-temporary').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('fits a 390 px phone: the top bar stays one row with every button on screen, wide tables scroll sideways under actions that stay on screen', async () => {
    const { admin } = await kernel.createCompany();
    await kernel.api('POST', '/contacts', { token: admin.token, body: { name: 'Cliente Com Um Nome Bem Comprido', number: '5511988887777', email: 'cliente.comprido@example.com' } });
    const page = await newPage(390);
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    const bar = (await page.locator('.top-bar').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(51);
    const buttons = page.locator('.top-bar-end button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(4);
    for (const box of await Promise.all((await buttons.all()).map((b) => b.boundingBox()))) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(bar.y + bar.height);
    }

    await page.goto('/contacts');
    const row = page.getByTestId('contacts-table').locator('tbody tr').filter({ hasText: 'Cliente Com Um Nome Bem Comprido' });
    await row.waitFor();
    const scroller = page.locator('.cx-scroll').filter({ has: page.getByTestId('contacts-table') });
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The last column (the row's actions) is on screen without a sideways swipe (issue #32).
    const lastCell = row.locator('td').last();
    const cell = (await lastCell.boundingBox())!;
    expect(cell.x).toBeGreaterThanOrEqual(0);
    expect(cell.x + cell.width).toBeLessThanOrEqual(391);
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    await row.getByTestId('contact-edit').click();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });

  it('guides a new company\'s admin with a first-run checklist that ticks itself and disappears when done', async () => {
    const { company, admin } = await kernel.createCompany();
    const agent = await kernel.createUser(company.id, { name: 'Agente Novo' });
    const plain = await newPage();
    await submitLogin(plain, agent);
    await plain.getByTestId('tickets-page').waitFor();

    const page = await newPage();
    await submitLogin(page, admin);
    const checklist = page.getByTestId('first-run-checklist');
    await checklist.waitFor();
    // The agent exists already (created above), so one step is done.
    expect(await checklist.locator('li[data-done="true"]').count()).toBe(1);
    expect(await checklist.getByTestId('first-run-agent').getAttribute('data-done')).toBe('true');
    await checklist.getByRole('link', { name: 'Criar uma fila' }).click();
    await page.waitForURL('**/queues');
    await kernel.api('POST', '/queue', { token: admin.token, body: { name: 'Suporte', color: '#2965CC', userIds: [agent.user.id] } });
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Atendimentos', exact: true }).click();
    await expect.poll(() => checklist.getByTestId('first-run-queue').getAttribute('data-done')).toBe('true');
    await kernel.api('POST', '/whatsapp', { token: admin.token, body: { name: 'Site', channel: 'webchat' } });
    await page.reload();
    await page.getByTestId('tickets-page').waitFor();
    await page.getByTestId('first-run-complete').waitFor({ state: 'attached' });
    expect(await checklist.count()).toBe(0);
    // Once seen complete, the inbox no longer reads the three lists on every visit.
    const userLists: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/list') userLists.push(request.url());
    });
    await page.reload();
    await page.getByTestId('tickets-page').waitFor();
    await page.getByText('Bem-vindo(a)!').waitFor();
    await page.waitForLoadState('networkidle');
    expect(userLists).toEqual([]);
    expect(await page.getByTestId('first-run-complete').count()).toBe(0);
    // A plain user never sees it.
    await plain.reload();
    await plain.getByText('Bem-vindo(a)!').waitFor();
    expect(await plain.getByTestId('first-run-checklist').count()).toBe(0);
    await Promise.all([page.context().close(), plain.context().close()]);
  });

  it('leaves when the same user logs in elsewhere', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage();
    // The logged-elsewhere event must find the page listening to its rooms.
    const live = watchSocket(page);
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await page.locator('.greeting').waitFor();
    await live.connected();
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
    // The plan event below must find the page listening.
    const live = watchSocket(page);
    await submitLogin(page, admin);
    await page.waitForURL('**/tickets');
    await page.locator('.greeting').waitFor();
    expect(await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).count()).toBe(0);
    await live.connected();

    await kernel.setPlanFlags(company.id, { useInternalChat: true });
    // The company-{id}-plan event makes the shell ask again and load the now-enabled remote.
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).waitFor();
    await expect.poll(() => manifestRequests.length).toBeGreaterThan(0);
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Chat Interno' }).click();
    await page.getByText('Módulo indisponível').waitFor();
    expect(await page.getByText('O módulo "internal-chat" não pôde ser carregado.', { exact: false }).count()).toBe(1);

    // The rest of the shell keeps working.
    await page.locator('nav.side-menu').getByRole('menuitem', { name: 'Atendimentos', exact: true }).click();
    await page.getByText('Conversas', { exact: true }).first().waitFor();
    await page.context().close();
  });
});
