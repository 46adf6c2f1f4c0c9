import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { Contact, QuickMessage, Tag } from '@guiche/contracts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';

/**
 * The contacts, tags and quick-messages pages driven in Debian's chromium against a real kernel
 * (fresh database, the built shell): the contact form's messages, search, tag filter, edit,
 * block/unblock, delete (admins only), opening a ticket and the conflict modal, the spreadsheet
 * import read in the browser and posted row by row (progress, per-row errors, cancel), the export,
 * and an admin's export imported into another company (sheets built and read back with exceljs),
 * tags CRUD and quick messages CRUD with the general-flag rule.
 */

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

async function openAs(user: TestUser, start = '/contacts'): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  await logIn(page, user, start);
  return page;
}

function rows(page: Page): Locator {
  return page.getByTestId('contact-row');
}

function row(page: Page, name: string): Locator {
  return rows(page).filter({ has: page.getByTestId('contact-name').getByText(name, { exact: true }) });
}

async function names(page: Page): Promise<string[]> {
  return page.getByTestId('contact-name').allInnerTexts();
}

async function contactsOf(token: string, searchParam = ''): Promise<Contact[]> {
  const body = await apiOk(kernel, 'GET', `/contacts?searchParam=${encodeURIComponent(searchParam)}`, token);
  return body.contacts as Contact[];
}

async function sheetRows(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  const out: string[][] = [];
  sheet.eachRow((r) => out.push(Array.from({ length: sheet.columnCount }, (_, i) => r.getCell(i + 1).text ?? '')));
  return out;
}

/** A WhatsApp connection row, as the connections page would leave it (no channel session needed here). */
async function addConnection(companyId: number, name: string): Promise<number> {
  const [row] = await kernel.db('whatsapps')
    .insert({ companyId, name, channel: 'whatsapp', status: 'CONNECTED', isDefault: true, token: randomBytes(8).toString('hex') })
    .returning('id');
  return row.id as number;
}

describe('contacts page', () => {
  let admin: TestUser;
  let agent: TestUser;
  let vip: Tag;

  beforeAll(async () => {
    const company = await kernel.createCompany();
    admin = company.admin;
    agent = await kernel.createUser(company.company.id, { name: 'Agente Paula' });
    vip = await apiOk(kernel, 'POST', '/tags', admin.token, { name: 'VIP', color: '#D13913' });
    const tagged = await apiOk(kernel, 'POST', '/contacts', admin.token, { name: 'Marta Vip', number: '5511911110001' });
    await apiOk(kernel, 'POST', '/contacts', admin.token, { name: 'Otávio Comum', number: '5511911110002', email: 'otavio@exemplo.com' });
    await apiOk(kernel, 'POST', '/contacts', admin.token, { name: 'Número Curto', number: '123456789' });
    await apiOk(kernel, 'POST', '/tags/sync', admin.token, { contactId: tagged.id, tags: [vip.id] });
  });

  it('creates a contact with the form messages, searches, filters by tag, edits, blocks and unblocks', async () => {
    const page = await openAs(admin);
    await expect.poll(() => rows(page).count()).toBe(3);
    // inbox.md §5: under 10 digits reads 'Número inválido'.
    expect(await row(page, 'Número Curto').getByTestId('contact-number').innerText()).toContain('Número inválido');

    // The contact form's messages (inbox.md §5).
    await page.getByTestId('contacts-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByTestId('contact-save').click();
    await expect.poll(() => dialog.getByText('Obrigatório', { exact: true }).count()).toBe(2);
    await dialog.locator('#contact-name').fill('Z');
    await dialog.locator('#contact-number').fill('1234');
    await dialog.locator('#contact-email').fill('zelia@');
    await dialog.locator('#contact-email').blur();
    await expect.poll(() => dialog.getByText('Muito curto!', { exact: true }).count()).toBe(2);
    expect(await dialog.getByText('E-mail inválido', { exact: true }).isVisible()).toBe(true);
    await dialog.locator('#contact-name').fill('Z'.repeat(51));
    await expect.poll(() => dialog.getByText('Muito longo!', { exact: true }).isVisible()).toBe(true);
    await dialog.locator('#contact-name').fill('Zélia Prado');
    await dialog.locator('#contact-number').fill('5521977776666');
    await dialog.locator('#contact-email').fill('zelia@exemplo.com');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByLabel('Nome do campo 1').fill('CPF');
    await dialog.getByLabel('Valor 1').fill('123.456.789-00');
    await dialog.getByTestId('contact-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => row(page, 'Zélia Prado').count()).toBe(1);
    const [created] = await contactsOf(admin.token, 'Zélia');
    expect(created).toMatchObject({ name: 'Zélia Prado', number: '5521977776666', email: 'zelia@exemplo.com' });
    const detail = await apiOk(kernel, 'GET', `/contacts/${created.id}`, admin.token);
    expect(detail.extraInfo).toEqual([expect.objectContaining({ name: 'CPF', value: '123.456.789-00' })]);

    // A duplicate number is the server's error, shown as a toast.
    await page.getByTestId('contacts-add').click();
    await dialog.locator('#contact-name').fill('Outra Zélia');
    await dialog.locator('#contact-number').fill('5521977776666');
    await dialog.getByTestId('contact-save').click();
    await expect.poll(() => page.getByText('Já existe um contato com este número.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Search (debounced) by name and by number.
    const search = page.getByTestId('contacts-search');
    await search.fill('zélia');
    await expect.poll(() => names(page)).toEqual(['Zélia Prado']);
    await search.fill('11110002');
    await expect.poll(() => names(page)).toEqual(['Otávio Comum']);
    await search.fill('ninguém com este nome');
    await expect.poll(() => page.getByText('Nenhum contato corresponde à pesquisa').isVisible()).toBe(true);
    await search.fill('');
    await expect.poll(() => rows(page).count()).toBe(4);

    // Tag filter: only the contacts carrying the chosen tag.
    await page.getByLabel('Filtrar por tags').click();
    await page.getByRole('option', { name: 'VIP' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => names(page)).toEqual(['Marta Vip']);
    await page.getByRole('button', { name: 'Limpar filtro de tags' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);

    // Edit: the dialog loads the contact with its extra info.
    await row(page, 'Zélia Prado').getByTestId('contact-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar contato' });
    await expect.poll(() => edit.locator('#contact-name').inputValue()).toBe('Zélia Prado');
    expect(await edit.getByLabel('Valor 1').inputValue()).toBe('123.456.789-00');
    await edit.locator('#contact-name').fill('Zélia Prado Lima');
    await edit.getByTestId('contact-save').click();
    await expect.poll(() => row(page, 'Zélia Prado Lima').count()).toBe(1);
    expect((await apiOk(kernel, 'GET', `/contacts/${created.id}`, admin.token)).name).toBe('Zélia Prado Lima');

    // Block then unblock, each after a confirmation.
    await row(page, 'Zélia Prado Lima').getByTestId('contact-block').click();
    const confirmBlock = page.getByRole('dialog', { name: 'Bloquear Zélia Prado Lima?' });
    await confirmBlock.getByRole('button', { name: 'Bloquear' }).click();
    await expect.poll(() => page.getByText('Contato bloqueado').isVisible()).toBe(true);
    await expect.poll(() => row(page, 'Zélia Prado Lima').getByTestId('contact-status').innerText()).toContain('Bloqueado');
    expect((await apiOk(kernel, 'GET', `/contacts/${created.id}`, admin.token)).active).toBe(false);
    await row(page, 'Zélia Prado Lima').getByTestId('contact-unblock').click();
    await page.getByRole('dialog', { name: 'Desbloquear Zélia Prado Lima?' }).getByRole('button', { name: 'Desbloquear' }).click();
    await expect.poll(() => page.getByText('Contato desbloqueado').isVisible()).toBe(true);
    await expect.poll(() => row(page, 'Zélia Prado Lima').getByTestId('contact-status').innerText()).toContain('Ativo');
    expect((await apiOk(kernel, 'GET', `/contacts/${created.id}`, admin.token)).active).toBe(true);

    // Live: a contact created elsewhere appears; one deleted elsewhere leaves.
    const other = await apiOk(kernel, 'POST', '/contacts', admin.token, { name: 'Chegou Agora', number: '5511933334444' });
    await expect.poll(() => row(page, 'Chegou Agora').count()).toBe(1);
    await apiOk(kernel, 'DELETE', `/contacts/${other.id}`, admin.token);
    await expect.poll(() => row(page, 'Chegou Agora').count()).toBe(0);

    // Delete (admin), after the confirmation.
    await row(page, 'Zélia Prado Lima').getByTestId('contact-delete').click();
    const confirmDelete = page.getByRole('dialog', { name: 'Excluir Zélia Prado Lima?' });
    expect(await confirmDelete.getByText('Todos os atendimentos relacionados serão perdidos.', { exact: false }).isVisible()).toBe(true);
    await confirmDelete.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => row(page, 'Zélia Prado Lima').count()).toBe(0);
    expect((await kernel.api('GET', `/contacts/${created.id}`, { token: admin.token })).status).toBe(404);
  });

  it('shows a plain user no delete button, and masks numbers for them under LGPD (list and export)', async () => {
    const page = await openAs(agent);
    await expect.poll(() => row(page, 'Marta Vip').count()).toBe(1);
    expect(await page.getByTestId('contact-edit').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('contact-delete').count()).toBe(0);

    await apiOk(kernel, 'PUT', '/settings/lgpdHideNumber', admin.token, { value: 'enabled' });
    try {
      await page.reload();
      await expect.poll(() => row(page, 'Marta Vip').getByTestId('contact-number').innerText()).toBe('***********01');
      await page.getByTestId('contacts-import-export').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
      expect(download.suggestedFilename()).toBe('backup_contatos.xlsx');
      const sheet = await sheetRows(await download.path());
      expect(sheet.find((r) => r[0] === 'Marta Vip')?.[1]).toBe('***********01');
    } finally {
      await apiOk(kernel, 'PUT', '/settings/lgpdHideNumber', admin.token, { value: 'disabled' });
    }
  });

  it('opens a ticket for a contact, goes to it, and shows the info modal when another user holds it', async () => {
    const companyId = admin.user.companyId;
    await addConnection(companyId, 'Comercial');
    const queue = await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Vendas', color: '#2D72D2', greetingMessage: 'Olá!' });
    await kernel.db('userQueues').insert({ userId: agent.user.id, queueId: queue.id, companyId });

    const page = await openAs(admin);
    await row(page, 'Otávio Comum').getByTestId('contact-open-ticket').click();
    const dialog = page.getByRole('dialog', { name: 'Abrir ticket' });
    await expect.poll(() => dialog.locator('#open-ticket-connection').inputValue()).not.toBe('');
    await dialog.locator('#open-ticket-queue').selectOption({ label: 'Vendas' });
    await dialog.getByTestId('open-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop();

    // The same contact again: the caller's own open ticket, so the page goes to it.
    await page.goto('/contacts');
    await row(page, 'Otávio Comum').getByTestId('contact-open-ticket').click();
    await dialog.getByTestId('open-ticket-submit').click();
    await page.waitForURL(`**/tickets/${uuid}`);

    // Another agent: the queue is required, then the info modal names the owner and the queue.
    const agentPage = await openAs(agent);
    await row(agentPage, 'Otávio Comum').getByTestId('contact-open-ticket').click();
    const agentDialog = agentPage.getByRole('dialog', { name: 'Abrir ticket' });
    await agentDialog.locator('#open-ticket-queue').selectOption({ value: '' });
    await agentDialog.getByTestId('open-ticket-submit').click();
    await expect.poll(() => agentDialog.getByText('Selecione uma fila').last().isVisible()).toBe(true);
    await agentDialog.locator('#open-ticket-queue').selectOption({ label: 'Vendas' });
    await agentDialog.getByTestId('open-ticket-submit').click();
    const info = agentPage.getByTestId('ticket-info-message');
    await expect.poll(() => info.isVisible()).toBe(true);
    expect(await info.innerText()).toBe(`Este contato já está em atendimento com ${admin.user.name} na fila Vendas.`);
    expect(new URL(agentPage.url()).pathname).toBe('/contacts');
  });

  it('imports a spreadsheet row by row: row count, progress every 5 rows, per-row errors, one call per row', async () => {
    const page = await openAs(admin);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);

    // The sample sheet is a sheet the import reads.
    await page.getByTestId('contacts-import-export').click();
    const [sample] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-sample').click()]);
    expect(sample.suggestedFilename()).toBe('modelo_contatos.xlsx');
    expect((await sheetRows(await sample.path()))[0]).toEqual(['Nome', 'Número', 'Email']);

    // 12 rows: 9 new contacts, one update of an existing contact, two bad rows.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Número', 'Email']);
    sheet.addRow(['Importada Um', '5531900000001', 'um@exemplo.com']);
    sheet.addRow(['Importada Dois', 5531900000002, '']); // a numeric cell, as spreadsheets store typed numbers
    sheet.addRow(['X', '5531900000003', '']); // row 4: name too short
    sheet.addRow(['Importada Quatro', '5531900000004', 'não é email']); // row 5: bad e-mail
    sheet.addRow(['Otávio Renomeado', '5511911110002', '']); // updates the existing contact
    for (let i = 5; i <= 11; i++) sheet.addRow([`Importada ${i}`, `55319000000${String(i).padStart(2, '0')}`, '']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contactsImport') posted.push(request.postData() ?? '');
    });

    await page.getByTestId('contacts-import-export').click();
    await page.getByTestId('contacts-import-sheet').click();
    const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
    expect(await dialog.getByTestId('import-start').isDisabled()).toBe(true);
    await dialog.locator('#contacts-import-file').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
    await expect.poll(() => dialog.getByTestId('import-row-count').innerText()).toBe('12 linhas para importar.');
    expect(posted).toEqual([]);

    // Every state the progress element goes through, recorded in the page (no timing involved).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { importProgressSeen: string[] }).importProgressSeen = seen;
      const record = () => {
        const el = document.querySelector('[data-testid="import-progress"]');
        const value = el ? `${el.getAttribute('data-done')}/${el.getAttribute('data-total')}` : null;
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-done'] });
    });
    // A double click starts one import only.
    await dialog.getByTestId('import-start').dblclick();
    const progress = dialog.getByTestId('import-progress');
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Fechar' }).count()).toBe(0);
    await expect.poll(() => dialog.getByTestId('import-result').isVisible(), { timeout: 30000 }).toBe(true);

    // The bar moved at rows 5 and 10; the 12th row's state may be replaced by the result in the same render.
    const seen = await page.evaluate(() => (window as unknown as { importProgressSeen: string[] }).importProgressSeen);
    expect(seen.filter((v) => v !== '12/12')).toEqual(['0/12', '5/12', '10/12']);
    expect(posted).toHaveLength(12);
    expect(JSON.parse(posted[1])).toEqual({ name: 'Importada Dois', number: '5531900000002' });
    expect(JSON.parse(posted[0])).toEqual({ name: 'Importada Um', number: '5531900000001', email: 'um@exemplo.com' });
    expect(await dialog.getByTestId('import-created').innerText()).toBe('Criados: 9');
    expect(await dialog.getByTestId('import-updated').innerText()).toBe('Atualizados: 1');
    expect(await dialog.getByTestId('import-failed').innerText()).toBe('Com erro: 2');
    const errorRows = await dialog.getByTestId('import-error-row').allInnerTexts();
    expect(errorRows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
      ['4', 'Nome', 'Muito curto!'],
      ['5', 'E-mail', 'E-mail inválido'],
    ]);

    // The contacts are in the database, and the list shows them without a reload.
    const stored = await kernel.db('contacts').where({ companyId: admin.user.companyId }).whereLike('number', '553190000%').orderBy('number').select('name', 'number', 'email');
    expect(stored).toHaveLength(9);
    expect(stored[0]).toEqual({ name: 'Importada Um', number: '5531900000001', email: 'um@exemplo.com' });
    expect(stored[1]).toEqual({ name: 'Importada Dois', number: '5531900000002', email: '' });
    expect(stored.some((c) => c.name === 'X' || c.name === 'Importada Quatro')).toBe(false);
    expect((await contactsOf(admin.token, '5511911110002'))[0]).toMatchObject({ name: 'Otávio Renomeado', email: 'otavio@exemplo.com' });
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => row(page, 'Importada Um').count()).toBe(1);
    await expect.poll(() => row(page, 'Otávio Renomeado').count()).toBe(1);
  }, 90000);

  it('refuses a file it cannot read with a clear message, and cancels an import after the row in flight', async () => {
    const page = await openAs(admin);
    await page.getByTestId('contacts-import-export').click();
    await page.getByTestId('contacts-import-sheet').click();
    const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
    const input = dialog.locator('#contacts-import-file');

    await input.setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('isto não é uma planilha') });
    await expect.poll(() => dialog.getByTestId('import-unreadable').innerText()).toContain('O arquivo não é uma planilha .xlsx válida.');
    expect(await dialog.getByTestId('import-start').isDisabled()).toBe(true);
    // A legacy .xls (an OLE2 compound file) gets its own advice.
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    await input.setInputFiles({ name: 'contatos.xls', mimeType: 'application/vnd.ms-excel', buffer: ole2 });
    await expect.poll(() => dialog.getByTestId('import-unreadable').innerText()).toContain('salve-o como .xlsx');
    const headerOnly = new ExcelJS.Workbook();
    headerOnly.addWorksheet('Contatos').addRow(['Nome', 'Número', 'Email']);
    await input.setInputFiles({ name: 'vazia.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(await headerOnly.xlsx.writeBuffer()) });
    await expect.poll(() => dialog.getByTestId('import-unreadable').innerText()).toContain('A planilha não tem nenhuma linha de contato.');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Número']);
    for (let i = 1; i <= 60; i++) sheet.addRow([`Cancelada ${i}`, `55419000000${String(i).padStart(2, '0')}`]);
    await input.setInputFiles({ name: 'grande.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
    await expect.poll(() => dialog.getByTestId('import-row-count').innerText()).toBe('60 linhas para importar.');
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contactsImport') posted++;
    });
    await dialog.getByTestId('import-start').click();
    const progress = dialog.getByTestId('import-progress');
    await expect.poll(async () => Number((await progress.getAttribute('data-done')) ?? 0)).toBeGreaterThanOrEqual(5);
    // Escape does not close the dialog while rows are being sent.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByTestId('import-cancel').click();
    const result = dialog.getByTestId('import-result');
    await expect.poll(() => result.isVisible()).toBe(true);
    const title = await result.locator('.bp6-heading').innerText();
    const match = /^Importação cancelada depois de (\d+) de 60 linhas$/.exec(title);
    expect(match, title).not.toBeNull();
    const done = Number(match![1]);
    expect(done).toBeGreaterThanOrEqual(5);
    expect(done).toBeLessThan(60);
    expect(await dialog.getByTestId('import-created').innerText()).toBe(`Criados: ${done}`);
    // The import has ended: exactly the rows reported were sent, and they landed.
    expect(posted).toBe(done);
    const stored = await kernel.db('contacts').where({ companyId: admin.user.companyId }).whereLike('name', 'Cancelada %').select('number');
    expect(stored).toHaveLength(done);
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  }, 90000);

  it('exports backup_contatos.xlsx, all contacts or those of the filtered tags', async () => {
    const page = await openAs(admin);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);

    await page.getByTestId('contacts-import-export').click();
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
    expect(all.suggestedFilename()).toBe('backup_contatos.xlsx');
    const exported = await sheetRows(await all.path());
    expect(exported[0]).toEqual(['Nome', 'Número', 'Email', 'Tags']);
    expect(exported).toEqual(
      expect.arrayContaining([
        ['Importada Um', '5531900000001', 'um@exemplo.com', ''],
        ['Importada Dois', '5531900000002', '', ''],
        ['Otávio Renomeado', '5511911110002', 'otavio@exemplo.com', ''],
        ['Marta Vip', '5511911110001', '', 'VIP'],
      ]),
    );

    // With the tag filter, picked by keyboard right after the export (the menu closing then used
    // to take the focus back to its button while the tag was typed): only the tagged contacts.
    await page.getByLabel('Filtrar por tags').fill('VIP');
    // Enter picks the highlighted option: wait until the narrowed list shows it highlighted.
    const vipOption = page.getByRole('option', { name: 'VIP' });
    await expect.poll(() => vipOption.evaluate((el) => el.matches('.bp6-active') || !!el.querySelector('.bp6-active'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Limpar filtro de tags' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => names(page)).toEqual(['Marta Vip']);
    await page.getByTestId('contacts-import-export').click();
    const [byTag] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
    expect((await sheetRows(await byTag.path())).slice(1)).toEqual([['Marta Vip', '5511911110001', '', 'VIP']]);
  });

  it('round-trips: an admin’s export (unmasked even under LGPD) imported into another company gives the same contacts', async () => {
    // Admins get full numbers in exports while lgpdHideNumber masks them for plain users (the test
    // above), so the round trip is an admin's: with LGPD on, to show the admin's file is unmasked.
    const companyId = admin.user.companyId;
    await apiOk(kernel, 'PUT', '/settings/lgpdHideNumber', admin.token, { value: 'enabled' });
    let file: string;
    const page = await openAs(admin);
    try {
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
      await page.getByTestId('contacts-import-export').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
      file = await download.path();
    } finally {
      await apiOk(kernel, 'PUT', '/settings/lgpdHideNumber', admin.token, { value: 'disabled' });
    }
    const source = await kernel.db('contacts').where({ companyId }).orderBy('number').select('name', 'number', 'email');
    expect(source.length).toBeGreaterThan(10);
    expect((await sheetRows(file)).slice(1).some((r) => r[1].includes('*'))).toBe(false);

    const other = await kernel.createCompany();
    const target = await openAs(other.admin);
    await expect.poll(() => target.getByText('Nenhum contato ainda').isVisible()).toBe(true);
    await target.getByTestId('contacts-import-export').click();
    await target.getByTestId('contacts-import-sheet').click();
    const dialog = target.getByRole('dialog', { name: 'Importar planilha' });
    await dialog.locator('#contacts-import-file').setInputFiles(file);
    await expect.poll(() => dialog.getByTestId('import-row-count').innerText()).toBe(`${source.length} linhas para importar.`);
    await dialog.getByTestId('import-start').click();
    await expect.poll(() => dialog.getByTestId('import-result').isVisible(), { timeout: 60000 }).toBe(true);
    expect(await dialog.getByTestId('import-created').innerText()).toBe(`Criados: ${source.length}`);
    expect(await dialog.getByTestId('import-failed').innerText()).toBe('Com erro: 0');

    const copied = await kernel.db('contacts').where({ companyId: other.company.id }).orderBy('number').select('name', 'number', 'email');
    expect(copied).toEqual(source);
  }, 120000);
});

describe('tags page', () => {
  it('creates, edits and deletes tags with the dialog rules, live', async () => {
    const company = await kernel.createCompany();
    const admin = company.admin;
    const page = await openAs(admin, '/tags');
    await expect.poll(() => page.getByText('Nenhuma tag ainda').isVisible()).toBe(true);

    await page.getByTestId('tags-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar tag' });
    await dialog.getByTestId('tag-save').click();
    await expect.poll(() => dialog.getByText('Obrigatório', { exact: true }).isVisible()).toBe(true);
    await dialog.locator('#tag-name').fill('ab');
    await expect.poll(() => dialog.getByText('Mensagem muito curta', { exact: true }).isVisible()).toBe(true);
    await dialog.locator('#tag-name').fill('Prioridade');
    await dialog.getByRole('radio', { name: '#2D72D2' }).click();
    expect(await dialog.locator('#tag-color').inputValue()).toBe('#2D72D2');
    await dialog.locator('#tag-color').fill('zzz');
    await dialog.locator('#tag-color').blur();
    await expect.poll(() => dialog.getByText('Informe uma cor no formato #RRGGBB.').isVisible()).toBe(true);
    await dialog.locator('#tag-color').fill('#1c6e42');
    await dialog.getByText('Usar como coluna do Kanban').click();
    await dialog.getByTestId('tag-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const tagRow = page.getByTestId('tag-row').filter({ hasText: 'Prioridade' });
    await expect.poll(() => tagRow.count()).toBe(1);
    const [saved] = (await apiOk(kernel, 'GET', '/tags/list', admin.token)) as Tag[];
    expect(saved).toMatchObject({ name: 'Prioridade', color: '#1C6E42', kanban: true });
    expect(await tagRow.getByTestId('tag-chip').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(28, 110, 66)');

    // The contacts count follows the contacts carrying the tag.
    const contact = await apiOk(kernel, 'POST', '/contacts', admin.token, { name: 'Com Tag', number: '5511955554444' });
    await apiOk(kernel, 'POST', '/tags/sync', admin.token, { contactId: contact.id, tags: [saved.id] });
    await page.reload();
    await expect.poll(() => tagRow.getByTestId('tag-count').innerText()).toBe('1');

    // A duplicate name is the server's error.
    await page.getByTestId('tags-add').click();
    await dialog.locator('#tag-name').fill('prioridade');
    await dialog.getByTestId('tag-save').click();
    await expect.poll(() => page.getByText('Já existe uma tag com este nome.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Edit.
    await tagRow.getByTestId('tag-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar tag' });
    await edit.locator('#tag-name').fill('Prioridade Alta');
    await edit.getByTestId('tag-save').click();
    await expect.poll(() => page.getByTestId('tag-row').filter({ hasText: 'Prioridade Alta' }).count()).toBe(1);

    // Live from elsewhere, and search.
    await apiOk(kernel, 'POST', '/tags', admin.token, { name: 'Retorno', color: '#F0B726' });
    await expect.poll(() => page.getByTestId('tag-row').count()).toBe(2);
    await page.getByTestId('tags-search').fill('retor');
    await expect.poll(() => page.getByTestId('tag-row').allInnerTexts()).toEqual([expect.stringContaining('Retorno')]);
    await page.getByTestId('tags-search').fill('');

    // Delete after the confirmation.
    const alta = page.getByTestId('tag-row').filter({ hasText: 'Prioridade Alta' });
    await alta.getByTestId('tag-delete').click();
    await page.getByRole('dialog', { name: 'Excluir a tag Prioridade Alta?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => alta.count()).toBe(0);
    expect(((await apiOk(kernel, 'GET', '/tags/list', admin.token)) as Tag[]).map((t) => t.name)).toEqual(['Retorno']);
  });
});

describe('quick messages page', () => {
  it('lets admins manage every message and the general flag, and a user only their own non-general ones', async () => {
    const company = await kernel.createCompany();
    const admin = company.admin;
    const user = await kernel.createUser(company.company.id, { name: 'Agente Rui' });
    await apiOk(kernel, 'POST', '/quick-messages', admin.token, { shortcode: 'privado-admin', message: 'Só do admin' });

    const page = await openAs(admin, '/quick-messages');
    await expect.poll(() => page.getByTestId('qm-row').count()).toBe(1);
    await page.getByTestId('qm-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    await dialog.getByTestId('qm-save').click();
    await expect.poll(() => dialog.getByText('Obrigatório', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.locator('#qm-message').getAttribute('rows')).toBe('7');
    await dialog.locator('#qm-shortcode').fill('boasvindas');
    await dialog.locator('#qm-message').fill('Olá {{firstName}}, seja bem-vindo!');
    await dialog.getByText('Geral (visível para todos os usuários)').click();
    await dialog.locator('#qm-media').setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tabela') });
    await dialog.getByTestId('qm-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const welcome = page.getByTestId('qm-row').filter({ hasText: '/boasvindas' });
    await expect.poll(() => welcome.getByTestId('qm-media-name').innerText()).toBe('tabela.pdf');
    expect(await welcome.innerText()).toContain('Mídia');
    expect(await welcome.getByTestId('qm-geral-badge').isVisible()).toBe(true);
    const stored = ((await apiOk(kernel, 'GET', '/quick-messages', admin.token)).records as QuickMessage[]).find((r) => r.shortcode === 'boasvindas');
    expect(stored).toMatchObject({ geral: true, isMedia: true, mediaName: 'tabela.pdf', message: 'Olá {{firstName}}, seja bem-vindo!' });

    // Removing the attachment makes it a text message again.
    await welcome.getByTestId('qm-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar resposta rápida' });
    await edit.getByTestId('qm-remove-media').click();
    await edit.getByTestId('qm-save').click();
    await expect.poll(() => welcome.getByTestId('qm-media-name').innerText()).toBe('');
    expect(await welcome.innerText()).toContain('Texto');

    // The plain user: sees the general message without actions, never the admin's private one, no general flag.
    const userPage = await openAs(user, '/quick-messages');
    const userWelcome = userPage.getByTestId('qm-row').filter({ hasText: '/boasvindas' });
    await expect.poll(() => userWelcome.count()).toBe(1);
    expect(await userPage.getByTestId('qm-row').filter({ hasText: '/privado-admin' }).count()).toBe(0);
    expect(await userWelcome.getByTestId('qm-edit').count()).toBe(0);
    expect(await userWelcome.getByTestId('qm-delete').count()).toBe(0);
    await userPage.getByTestId('qm-add').click();
    const userDialog = userPage.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    expect(await userDialog.getByTestId('qm-geral').count()).toBe(0);
    await userDialog.locator('#qm-shortcode').fill('meu-atalho');
    await userDialog.locator('#qm-message').fill('Mensagem minha');
    await userDialog.getByTestId('qm-save').click();
    const mine = userPage.getByTestId('qm-row').filter({ hasText: '/meu-atalho' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByTestId('qm-edit').count()).toBe(1);

    // The admin's list gets the user's message live; the admin may change it.
    const adminMine = page.getByTestId('qm-row').filter({ hasText: '/meu-atalho' });
    await expect.poll(() => adminMine.count()).toBe(1);
    expect(await adminMine.getByTestId('qm-edit').count()).toBe(1);

    // The user deletes their own after the confirmation.
    await mine.getByTestId('qm-delete').click();
    await userPage.getByRole('dialog', { name: 'Excluir o atalho /meu-atalho?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => mine.count()).toBe(0);
    await expect.poll(() => adminMine.count()).toBe(0);
  });
});
