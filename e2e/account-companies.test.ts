import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Server } from 'socket.io';
import { addCalendarMonths, Rooms } from '@guiche/contracts';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';
import { brDate, dayFromNow } from './support/days.js';

/**
 * The companies page in Debian's chromium (account-admin.md §2 Companies list, §4, §5, §9): the
 * super user creates a company through the dialog and its messages (its own users and connections
 * maxima too), advances its due date by the recurrence, sees the due colours, scrolls for more,
 * deletes with confirmation and follows the deletion running in the background; others are sent away.
 */

const SUPER = { email: 'super@guiche.test', password: 'Super@12345' };
let kernel: TestKernel;
let browser: Browser;
let planName = '';

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  planName = `Plano Ouro ${Date.now().toString(36)}`;
  await kernel.db('plans').insert({ name: planName, users: 5, connections: 3, queues: 5, amount: 199.9 });
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});


async function superPage(): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(10_000);
  await logIn(page, SUPER);
  await page.getByTestId('tickets-page').waitFor();
  await page.goto('/companies');
  await page.getByTestId('companies-page').waitFor();
  return page;
}

/** The sockets in the platform company's room, where deletion progress goes. */
async function platformSockets(): Promise<string[]> {
  const io = (kernel.kernel.core.realtime as unknown as { io: Server }).io;
  return (await io.in(Rooms.company(1)).fetchSockets()).map((socket) => socket.id);
}

async function searchFor(page: Page, text: string) {
  await page.getByTestId('companies-search').fill(text);
}

describe('companies page', () => {
  it('creates a company through the dialog and advances its due date by calendar months', async () => {
    const page = await superPage();
    await page.getByTestId('companies-add').click();
    const dialog = page.getByTestId('company-dialog');
    await dialog.waitFor();
    await page.getByTestId('company-save').click();
    await dialog.getByText('Nome é obrigatório').waitFor();
    await dialog.getByText('E-mail é obrigatório').waitFor();
    await dialog.getByText('Plano é obrigatório').waitFor();
    await page.locator('#company-email').fill('nao-e-email');
    await dialog.getByText('Email é inválido').waitFor();
    await page.locator('#company-number-attendants').fill('dez');
    await dialog.getByText('Informe um número inteiro de 0 a 9999.').waitFor();

    const name = `Padaria ${Date.now().toString(36)}`;
    const due = dayFromNow(3);
    await page.locator('#company-name').fill(name);
    await page.locator('#company-email').fill(`dono.${Date.now()}@padaria.com`);
    await page.locator('#company-plan').selectOption({ label: `${planName} — R$\u00a0199,90` });
    await page.locator('#company-due-date').fill(due);
    await page.locator('#company-recurrence').selectOption('TRIMESTRAL');
    await page.locator('#company-password').fill('Padaria@1');
    await page.locator('#company-number-attendants').fill('4');
    await page.locator('#company-number-conections').fill('3');
    await page.getByTestId('company-save').click();
    await toast(page, 'Operação realizada com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const stored = await kernel.db('companies').where({ name }).first();
    expect(stored).toMatchObject({ dueDate: due, recurrence: 'TRIMESTRAL', status: true, numberAttendants: 4, numberConections: 3 });
    expect((await kernel.api('POST', '/auth/login', { body: { email: stored.email, password: 'Padaria@1' } })).status).toBe(200);

    await searchFor(page, name);
    const row = page.locator(`[data-testid="company-row"][data-company-id="${stored.id}"]`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('company-row').count()).toBe(1);
    expect(await row.getAttribute('data-due')).toBe('warning');
    // The only row is an odd (striped) one: the yellow still paints over the stripe.
    expect(await row.evaluate((el) => (el as HTMLTableRowElement).matches('tbody tr:nth-child(odd)'))).toBe(true);
    expect(await row.locator('td').first().evaluate((el) => getComputedStyle(el).boxShadow)).toContain('rgba(255, 196, 0, 0.3)');
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\u00a0/g, ' '));
    expect(cells.slice(0, 8)).toEqual([String(stored.id), 'Sim', name, stored.email, planName, 'R$ 199,90', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), `${brDate(due)} (Trimestral)`]);

    await row.getByTestId('company-edit').click();
    await dialog.waitFor();
    expect([await page.locator('#company-number-attendants').inputValue(), await page.locator('#company-number-conections').inputValue()]).toEqual(['4', '3']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Advancing changes the customer's billing: asked first; cancelling changes nothing.
    const advanced = addCalendarMonths(due, 3);
    const question = page.getByRole('dialog').filter({ hasText: 'Avançar vencimento' });
    await row.getByTestId('company-advance').click();
    expect(await question.getByTestId('company-advance-question').innerText()).toBe(`Avançar o vencimento de ${name} de ${brDate(due)} para ${brDate(advanced)}? Isso muda a cobrança do cliente.`);
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    expect((await kernel.db('companies').where({ id: stored.id }).first('dueDate')).dueDate).toBe(due);
    await row.getByTestId('company-advance').click();
    await question.getByRole('button', { name: 'Avançar' }).click();
    await toast(page, `Vencimento avançado para ${brDate(advanced)}.`).waitFor();
    await expect.poll(() => row.getByTestId('company-due').innerText()).toBe(`${brDate(advanced)} (Trimestral)`);
    expect(await row.getAttribute('data-due')).toBe('ok');
    expect((await kernel.db('companies').where({ id: stored.id }).first('dueDate')).dueDate).toBe(advanced);
  });

  it('paints overdue companies red, pages by scrolling, and deletes with confirmation', async () => {
    const marker = `Rolagem${Date.now().toString(36)}`;
    const plan = await kernel.db('plans').where({ name: planName }).first('id');
    for (let i = 0; i < 24; i++) await kernel.db('companies').insert({ name: `${marker} ${String(i).padStart(2, '0')}`, email: `c${i}@${marker}.com`, planId: plan.id, dueDate: '2030-01-01' });
    const overdue = (await kernel.db('companies').insert({ name: `${marker} 24`, email: `late@${marker}.com`, planId: plan.id, dueDate: dayFromNow(-2) }).returning('id'))[0].id;

    const page = await superPage();
    await searchFor(page, marker);
    // The searched list replaces the whole one once the search settles.
    await expect.poll(() => page.getByTestId('company-row').filter({ hasText: marker }).count()).toBe(20);
    expect(await page.getByTestId('company-row').count()).toBe(20);
    await page.getByTestId('companies-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.getByTestId('company-row').count()).toBe(25);
    const late = page.locator(`[data-testid="company-row"][data-company-id="${overdue}"]`);
    expect(await late.getAttribute('data-due')).toBe('danger');
    expect(await late.evaluate((el) => (el as HTMLTableRowElement).matches('tbody tr:nth-child(odd)'))).toBe(true);
    expect(await late.locator('td').first().evaluate((el) => getComputedStyle(el).boxShadow)).toContain('rgba(205, 66, 70, 0.28)');

    // A row of the company held by another transaction keeps its deletion running, to be seen.
    const [tag] = await kernel.db('tags').insert({ companyId: overdue, name: 'Presa', color: '#A4CCCC' }).returning('id');
    const holder = await kernel.db.transaction();
    const progress = page.locator(`[data-testid="company-deletion"][data-company-id="${overdue}"]`);
    try {
      await holder('tags').where({ id: tag.id }).forUpdate().first();
      await late.getByTestId('company-delete').click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Deseja realmente excluir esse registro?' });
      await confirm.getByText('Exclusão de Registro').waitFor();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await toast(page, 'Operação realizada com sucesso!').waitFor();
      await late.waitFor({ state: 'detached' });
      expect(await page.getByTestId('company-row').count()).toBe(24);
      // Its files are gone; its rows wait for the held one. A reload still shows the deletion.
      await page.locator(`[data-testid="company-deletion"][data-company-id="${overdue}"][data-phase="rows"]`).waitFor();
      expect(await progress.textContent()).toBe(`Excluindo ${marker} 24: removendo os dados...`);
      const socketsBefore = await platformSockets();
      await page.reload();
      await progress.waitFor();
      expect(await progress.textContent()).toBe(`Excluindo ${marker} 24: removendo os dados...`);
      // The end is told live: release the row once the reloaded page's socket is in the room.
      await expect.poll(async () => (await platformSockets()).some((id) => !socketsBefore.includes(id))).toBe(true);
    } finally {
      await holder.rollback();
    }
    await toast(page, `${marker} 24 e todos os seus dados foram excluídos.`).waitFor();
    await progress.waitFor({ state: 'detached' });
    expect(await kernel.db('companies').where({ id: overdue }).first()).toBeUndefined();
  });

  it('shows a company admin the "Acesso restrito" state, never the list', async () => {
    const { admin } = await kernel.createCompany();
    const page = await newPage(browser, kernel);
    await logIn(page, admin);
    await page.getByTestId('tickets-page').waitFor();
    await page.goto('/companies');
    await page.getByTestId('access-restricted').getByText('Acesso restrito').waitFor();
    expect(await page.getByTestId('companies-page').count()).toBe(0);
  });
});
