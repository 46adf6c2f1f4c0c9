import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { Queue } from '@guiche/contracts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, watchSocket } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * The users and queues pages driven in Debian's chromium against a real kernel (fresh database,
 * the built shell): the user dialog's messages and defaults, the admin-only fields, a plain user's
 * own profile dialog without them, the avatar upload, deletes behind the confirmation; queues CRUD
 * with the colour-taken and greeting-required refusals, live rows; and the menu a plain user sees.
 */

/** A real 8×8 PNG (red), so the browser decodes it and the <img> gets a natural size. */
const PNG_8x8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openAs(user: { email: string; password: string }, start: string): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
  // Fail on the step that waits, well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  await logIn(page, user, start);
  return page;
}

const credentials = (u: TestUser) => ({ email: u.user.email, password: u.password });

function toast(page: Page, text: string): Locator {
  return page.locator('.bp6-toast').filter({ hasText: text });
}

async function addConnection(companyId: number, name: string): Promise<number> {
  const [row] = await kernel.db('whatsapps')
    .insert({ companyId, name, channel: 'whatsapp', status: 'CONNECTED', isDefault: true, token: randomBytes(8).toString('hex') })
    .returning('id');
  return row.id as number;
}

/** Picks an option of a Blueprint multi-select, then closes its list by clicking the dialog's title. */
async function pick(page: Page, dialog: Locator, inputId: string, option: string) {
  await dialog.locator(`#${inputId}`).click();
  await page.getByRole('option', { name: option }).click();
  await dialog.locator('.bp6-dialog-header').click();
}

/** Switches a Blueprint switch on through its label (the drawn indicator covers the input). */
async function turnOn(input: Locator) {
  await input.locator('xpath=..').click();
  expect(await input.isChecked()).toBe(true);
}

describe('users page', () => {
  let admin: TestUser;
  let agent: TestUser;
  let companyId: number;
  let queue: Queue;
  let connectionId: number;
  const carla = { name: 'Carla Souza', email: `carla.${randomBytes(3).toString('hex')}@exemplo.com.br`, password: 'segredo1' };

  function userRow(page: Page, name: string): Locator {
    return page.getByTestId('user-row').filter({ has: page.getByTestId('user-name').getByText(name, { exact: true }) });
  }
  async function carlaRecord() {
    const list = await apiOk(kernel, 'GET', `/users?searchParam=${encodeURIComponent(carla.email)}`, admin.token);
    expect(list.users).toHaveLength(1);
    return apiOk(kernel, 'GET', `/users/${list.users[0].id}`, admin.token);
  }

  beforeAll(async () => {
    const company = await kernel.createCompany();
    companyId = company.company.id;
    admin = company.admin;
    agent = await kernel.createUser(companyId, { name: 'Agente Bruno' });
    queue = await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Suporte', color: '#2D72D2' });
    connectionId = await addConnection(companyId, 'WhatsApp Loja');
  });

  it('creates a user: the validation messages, the defaults, then the server refusing a taken e-mail', async () => {
    const page = await openAs(credentials(admin), '/users');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);

    await page.getByTestId('users-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    // account-admin.md §9 defaults, and the 600 s step of the work hours.
    expect(await dialog.locator('#user-profile').inputValue()).toBe('user');
    expect(await dialog.locator('#user-allTicket').inputValue()).toBe('disable');
    expect(await dialog.locator('#user-defaultTheme').inputValue()).toBe('light');
    expect(await dialog.locator('#user-defaultMenu').inputValue()).toBe('open');
    expect(await dialog.locator('#user-startWork').inputValue()).toBe('00:00');
    expect(await dialog.locator('#user-endWork').inputValue()).toBe('23:59');
    expect(await dialog.locator('#user-startWork').getAttribute('step')).toBe('600');
    expect(await dialog.getByTestId('user-allowGroup').isChecked()).toBe(false);

    // account-admin.md §5 in the Portuguese UI (issue #32): Obrigatório, Muito curto!, Muito longo!, E-mail inválido.
    await dialog.getByTestId('user-save').click();
    await expect.poll(() => dialog.getByText('Obrigatório', { exact: true }).count()).toBe(3);
    await dialog.locator('#user-name').fill('C');
    await dialog.locator('#user-email').fill('carla-sem-arroba');
    await dialog.locator('#user-password').fill('1234');
    await expect.poll(() => dialog.getByText('Muito curto!', { exact: true }).count()).toBe(2);
    expect(await dialog.getByText('E-mail inválido', { exact: true }).count()).toBe(1);
    await dialog.locator('#user-name').fill('C'.repeat(51));
    await expect.poll(() => dialog.getByText('Muito longo!', { exact: true }).count()).toBe(1);

    await dialog.locator('#user-name').fill(carla.name);
    await dialog.locator('#user-email').fill(carla.email);
    await dialog.locator('#user-password').fill(carla.password);
    await pick(page, dialog, 'user-queues', 'Suporte');
    await dialog.locator('#user-startWork').fill('08:00');
    await dialog.locator('#user-endWork').fill('18:00');
    await dialog.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Usuário criado com sucesso.').waitFor();
    await userRow(page, carla.name).waitFor();
    expect(await userRow(page, carla.name).getByTestId('user-start').innerText()).toBe('08:00');
    expect(await userRow(page, carla.name).getByTestId('user-profile').innerText()).toBe('Usuário');

    const saved = await carlaRecord();
    expect(saved).toMatchObject({ profile: 'user', allTicket: 'disable', allowGroup: false, defaultTheme: 'light', defaultMenu: 'open', endWork: '18:00', whatsappId: null });
    expect(saved.startWork).toBe('08:00');
    expect(saved.queues.map((q: { id: number }) => q.id)).toEqual([queue.id]);

    // The new user logs in with the password typed in the dialog.
    expect((await kernel.api('POST', '/auth/login', { body: { email: carla.email, password: carla.password } })).status).toBe(200);

    // A taken e-mail is refused by the server: a translated toast, the dialog stays open.
    await page.getByTestId('users-add').click();
    const again = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await again.locator('#user-name').fill('Carla Repetida');
    await again.locator('#user-email').fill(carla.email.toUpperCase());
    await again.locator('#user-password').fill('segredo2');
    await again.getByTestId('user-save').click();
    await toast(page, 'Já existe um usuário com este e-mail.').waitFor();
    expect(await again.isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });
  });

  it('an admin edits the admin-only fields and uploads an avatar that shows in the list', async () => {
    const page = await openAs(credentials(admin), '/users');
    await userRow(page, carla.name).getByTestId('user-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
    await dialog.locator('#user-name').waitFor();
    expect(await dialog.locator('#user-name').inputValue()).toBe(carla.name);
    expect(await dialog.locator('#user-password').inputValue()).toBe('');

    await dialog.locator('#user-profile').selectOption('admin');
    await dialog.locator('#user-allTicket').selectOption('enable');
    await dialog.locator('#user-whatsappId').selectOption({ label: 'WhatsApp Loja' });
    await turnOn(dialog.getByTestId('user-allowGroup'));
    await turnOn(dialog.getByTestId('user-showDashboard'));
    await dialog.locator('#user-farewellMessage').fill('Obrigada pelo contato!');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'carla.png', mimeType: 'image/png', buffer: PNG_8x8 });
    await dialog.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Usuário salvo com sucesso.').waitFor();

    const saved = await carlaRecord();
    expect(saved).toMatchObject({ profile: 'admin', allTicket: 'enable', allowGroup: true, showDashboard: true, whatsappId: connectionId, farewellMessage: 'Obrigada pelo contato!' });
    expect(saved.profileImage).toMatch(/users\//);
    // A blank password on edit keeps the old one.
    expect((await kernel.api('POST', '/auth/login', { body: { email: carla.email, password: carla.password } })).status).toBe(200);

    const row = userRow(page, carla.name);
    await expect.poll(() => row.getByTestId('user-profile').innerText()).toBe('Admin');
    const img = row.getByTestId('user-avatar-img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/public\/.+users\//);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(8);
    // Users without a picture get the default avatar (initials).
    expect(await userRow(page, 'Agente Bruno').getByTestId('user-avatar-initials').innerText()).toBe('AB');
  });

  it('a change made elsewhere shows live, and the search is sent after typing stops', async () => {
    const page = await openAs(credentials(admin), '/users');
    await userRow(page, 'Agente Bruno').waitFor();
    // The rename's live event must find the page listening.
    await watchSocket(page).connected();
    await apiOk(kernel, 'PUT', `/users/${agent.user.id}`, admin.token, { name: 'Agente Bruno Lima' });
    await userRow(page, 'Agente Bruno Lima').waitFor();

    await page.getByTestId('users-search').fill('carla');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    expect(await page.getByTestId('user-name').allInnerTexts()).toEqual([carla.name]);
    await page.getByTestId('users-search').fill('ninguem-com-este-nome');
    await page.getByText('Nenhum usuário corresponde à pesquisa').waitFor();
  });

  it("a plain user's own profile dialog hides the admin-only fields, and the menu never shows Usuários or Filas", async () => {
    const page = await openAs(credentials(agent), '/tickets');
    const menu = page.locator('nav.side-menu');
    await menu.getByRole('menuitem', { name: 'Atendimentos' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Usuários' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Filas & Chatbot' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Agente Bruno Lima' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meu perfil' });
    await dialog.locator('#user-name').waitFor();
    expect(await dialog.locator('#user-name').inputValue()).toBe('Agente Bruno Lima');
    for (const field of ['#user-profile', '#user-queues', '#user-whatsappId', '#user-startWork', '#user-endWork', '#user-allTicket']) {
      expect(await dialog.locator(field).count(), field).toBe(0);
    }
    expect(await dialog.getByTestId('user-allowGroup').count()).toBe(0);
    expect(await dialog.getByTestId('user-showDashboard').count()).toBe(0);

    // Their own preferences save (PUT without admin-only fields) and the theme follows at once.
    await dialog.locator('#user-defaultTheme').selectOption('dark');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'bruno.png', mimeType: 'image/png', buffer: PNG_8x8 });
    await dialog.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    const me = await apiOk(kernel, 'GET', `/users/${agent.user.id}`, agent.token);
    expect(me).toMatchObject({ defaultTheme: 'dark', profile: 'user' });
    expect(me.profileImage).toMatch(/users\//);

    // A plain user who types their address gets the one restricted state, never the page.
    for (const path of ['/users', '/queues']) {
      await page.goto(path);
      await page.getByTestId('access-restricted').getByText('Acesso restrito').waitFor();
      expect(await page.locator('#content table').count(), path).toBe(0);
    }
  });

  it('deletes a user only after the confirmation', async () => {
    const page = await openAs(credentials(admin), '/users');
    const row = userRow(page, carla.name);
    await row.getByTestId('user-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Exclusão de Registro' });
    await confirm.getByText('Deseja realmente excluir esse registro?').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);

    await row.getByTestId('user-delete').click();
    await page.getByRole('dialog', { name: 'Exclusão de Registro' }).getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Usuário excluído com sucesso.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await apiOk(kernel, 'GET', `/users?searchParam=${encodeURIComponent(carla.email)}`, admin.token)).users).toHaveLength(0);
    // Nobody deletes themself: the button of the own row is disabled.
    expect(await page.getByTestId('user-row').filter({ has: page.getByText(admin.user.email) }).getByTestId('user-delete').isDisabled()).toBe(true);
  });
});

describe('queues page', () => {
  let admin: TestUser;
  let agent: TestUser;

  function queueRow(page: Page, name: string): Locator {
    return page.getByTestId('queue-row').filter({ has: page.getByTestId('queue-name').getByText(name, { exact: true }) });
  }
  async function queuesOf(): Promise<Queue[]> {
    return apiOk(kernel, 'GET', '/queue', admin.token);
  }

  beforeAll(async () => {
    const company = await kernel.createCompany();
    admin = company.admin;
    agent = await kernel.createUser(company.company.id, { name: 'Agente Dora' });
  });

  it('creates, edits and deletes queues, with the colour-taken and greeting-required refusals', async () => {
    const page = await openAs(credentials(admin), '/queues');
    await page.getByText('Nenhuma fila ainda').waitFor();

    // First queue: no greeting needed yet; name rules first.
    await page.getByTestId('queues-add').click();
    let dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await dialog.locator('#queue-name').fill('V');
    await dialog.getByTestId('queue-save').click();
    await dialog.getByText('Muito curto!', { exact: true }).waitFor();
    await dialog.locator('#queue-name').fill('Vendas');
    await dialog.locator('#queue-color').fill('#D13913');
    await pick(page, dialog, 'queue-users', 'Agente Dora');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Fila criada com sucesso.').waitFor();
    const vendasRow = queueRow(page, 'Vendas');
    await vendasRow.waitFor();
    expect(await vendasRow.getByTestId('queue-color').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(209, 57, 19)');
    const [vendas] = await queuesOf();
    expect(vendas).toMatchObject({ name: 'Vendas', color: '#D13913', greetingMessage: null, userIds: [agent.user.id] });

    // Second queue with the same colour (any case): ERR_QUEUE_COLOR_ALREADY_EXISTS; then without a greeting: ERR_WAPP_GREETING_REQUIRED.
    await page.getByTestId('queues-add').click();
    dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await dialog.locator('#queue-name').fill('Financeiro');
    await dialog.locator('#queue-color').fill('#d13913');
    await dialog.getByTestId('queue-save').click();
    const colorTaken = 'Esta cor já está em uso, escolha outra.';
    await toast(page, colorTaken).waitFor();
    await dialog.getByText(colorTaken).waitFor();
    await dialog.getByRole('radio', { name: '#238551' }).click();
    await dialog.getByTestId('queue-save').click();
    const greetingRequired = 'A mensagem de saudação é obrigatória quando há mais de uma fila.';
    await toast(page, greetingRequired).waitFor();
    await dialog.getByText(greetingRequired).waitFor();
    await dialog.locator('#queue-greetingMessage').fill('Olá! Você está no setor Financeiro. Em que podemos ajudar?');
    await dialog.locator('#queue-outOfHoursMessage').fill('Estamos fora do horário. Retornaremos às 8h.');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'detached' });
    const financeiroRow = queueRow(page, 'Financeiro');
    await financeiroRow.waitFor();
    expect(await financeiroRow.getByTestId('queue-greeting').innerText()).toBe('Olá! Você está no setor Financeiro. Em que podemos ajudar?');

    // Edit: order, rotation every 10 minutes, close-ticket flag, users.
    await financeiroRow.getByTestId('queue-edit').click();
    dialog = page.getByRole('dialog', { name: 'Editar fila' });
    expect(await dialog.locator('#queue-name').inputValue()).toBe('Financeiro');
    expect(await dialog.locator('#queue-tempoRoteador').isDisabled()).toBe(true);
    await dialog.locator('#queue-orderQueue').fill('1');
    await turnOn(dialog.getByTestId('queue-rotation'));
    const intervals = await dialog.locator('#queue-tempoRoteador option').allInnerTexts();
    expect(intervals).toEqual(['2 minutos', '5 minutos', '10 minutos', '15 minutos', '30 minutos', '45 minutos', '60 minutos']);
    await dialog.locator('#queue-tempoRoteador').selectOption('10');
    await turnOn(dialog.getByTestId('queue-closeTicket'));
    await pick(page, dialog, 'queue-users', 'Agente Dora');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Fila salva com sucesso.').waitFor();
    // orderQueue 1 puts Financeiro before Vendas (unset last).
    await expect.poll(() => page.getByTestId('queue-name').allInnerTexts()).toEqual(['Financeiro', 'Vendas']);
    const financeiro = (await queuesOf()).find((q) => q.name === 'Financeiro')!;
    expect(financeiro).toMatchObject({ orderQueue: 1, ativarRoteador: true, tempoRoteador: 10, closeTicket: true, color: '#238551', userIds: [agent.user.id] });
    expect(financeiro.outOfHoursMessage).toBe('Estamos fora do horário. Retornaremos às 8h.');

    // A queue created elsewhere joins the list live.
    await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Suporte Técnico', color: '#634DBF', greetingMessage: 'Bem-vindo ao suporte.' });
    await queueRow(page, 'Suporte Técnico').waitFor();

    // Delete behind the confirmation.
    await queueRow(page, 'Vendas').getByTestId('queue-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Exclusão de Registro' });
    await confirm.getByText('Deseja realmente excluir esse registro?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Fila excluída com sucesso.').waitFor();
    await expect.poll(() => queueRow(page, 'Vendas').count()).toBe(0);
    expect((await queuesOf()).map((q) => q.name).sort()).toEqual(['Financeiro', 'Suporte Técnico']);
  });
});
