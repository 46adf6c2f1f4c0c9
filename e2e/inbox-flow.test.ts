import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { createTestKernel, storageFolder, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, keepScreenshot } from './support/browser.js';
import { solidPng } from './support/png.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * The inbox from end to end (issue 4, quality bar), in Debian's chromium against a real kernel
 * with the webchat channel: a visitor writes through the real widget on a customer's page; agent
 * Ana (queue Vendas only) sees the pending ticket arrive live with the notification, accepts it
 * choosing the queue, answers with a text and an image that the visitor's widget shows, adds a
 * private note, an observation and a tag, and transfers it to Bruno, who sees it arrive and
 * resolves it; the visitor gets the farewell. Carla (queue Suporte only) is logged in the whole
 * time and never sees it — not in her lists, not on her socket, not through the API — while the
 * admin, with show-all on, sees it in every state. Every step is checked in the database too.
 * Then the contacts spreadsheet goes out and back in.
 */

const SHOTS = process.env.INBOX_FLOW_SHOTS;

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-flow-'));

interface Setup {
  companyId: number;
  admin: TestUser;
  ana: TestUser;
  bruno: TestUser;
  carla: TestUser;
  vendas: number;
  suporte: number;
  connection: { id: number; token: string };
}
let s: Setup;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();

  const company = await kernel.createCompany();
  const admin = company.admin;
  const ana = await kernel.createUser(company.company.id, { name: 'Ana Atendente' });
  const bruno = await kernel.createUser(company.company.id, { name: 'Bruno Vendas' });
  const carla = await kernel.createUser(company.company.id, { name: 'Carla Suporte' });
  const vendas = await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Vendas', color: '#2965CC', userIds: [ana.user.id, bruno.user.id] });
  const suporte = await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Suporte', color: '#29A634', greetingMessage: 'Olá!', userIds: [carla.user.id] });
  // A visitor's ticket starts without a queue: Ana takes such tickets (allTicket), Bruno and Carla do not.
  await apiOk(kernel, 'PUT', `/users/${ana.user.id}`, admin.token, { allTicket: 'enable' });
  await apiOk(kernel, 'PUT', '/settings/sendGreetingAccepted', admin.token, { value: 'enabled' });
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, {
    name: 'Site',
    channel: 'webchat',
    complationMessage: 'Obrigado pelo contato, {{firstName}}! Até logo.',
  });
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  await apiOk(kernel, 'POST', '/tags', admin.token, { name: 'Cliente VIP', color: '#2D72D2' });
  // A connection answer never carries its key (#29): the site route gives the widget's.
  const siteKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token as string;
  site = await serveWidgetSite(kernel.apiUrl, siteKey, { lang: 'pt' });
  s = { companyId: company.company.id, admin, ana, bruno, carla, vendas: vendas.id, suporte: suporte.id, connection: { id: conn.id, token: siteKey } };
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function openAs(user: TestUser, start = '/tickets'): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 }, acceptDownloads: true });
  await logIn(page, user);
  if (!page.url().endsWith(start)) await page.goto(start);
  return page;
}

const shot = (page: Page, name: string) => keepScreenshot(SHOTS, page, name);

const rows = (page: Page, list: string) => page.getByTestId(`ticket-list-${list}`).getByTestId('ticket-row');
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const ticketRow = async (ticketId: number) => kernel.db('tickets').where({ id: ticketId }).first();

/** Every event a socket receives, with its payload. */
function record(socket: Socket): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

/** Whether a socket payload is about the ticket (its record, its id or its uuid). */
function mentions(payload: unknown, ticket: { id: number; uuid: string }): boolean {
  if (JSON.stringify(payload ?? null).includes(ticket.uuid)) return true;
  const p = payload as { ticketId?: number; ticket?: { id?: number } | null; message?: { ticketId?: number } } | null;
  return p?.ticketId === ticket.id || p?.ticket?.id === ticket.id || p?.message?.ticketId === ticket.id;
}

describe('the inbox from the website widget to resolution', () => {
  let ticket: { id: number; uuid: string; contactId: number };

  it('follows one conversation through every hand, live, for the right people only', async () => {
    const { admin, ana, bruno, carla } = s;
    const a = await openAs(ana);
    const b = await openAs(bruno);
    const c = await openAs(carla);
    const adm = await openAs(admin);
    for (const page of [a, c, adm]) await tab(page, 'Aguardando').click();
    await a.getByText('Nenhum ticket aqui').waitFor();
    await c.getByText('Nenhum ticket aqui').waitFor();
    // The admin turns show-all on and watches every state of the ticket.
    await adm.getByTestId('show-all').check({ force: true });
    // Carla's socket, as her browser's: everything it receives, from now to the end.
    const carlaSocket = await kernel.socket(carla.token);
    const carlaEvents = record(carlaSocket);

    // The visitor opens the customer's site and writes through the widget.
    const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
    await visitor.goto(site.url);
    await visitor.getByTestId('webchat-launcher').click();
    const form = visitor.getByTestId('webchat-form');
    await form.locator('input[name="name"]').fill('Marina Visitante');
    await form.locator('input[name="email"]').fill('marina@exemplo.com');
    await form.locator('button').click();
    await expect.poll(() => visitor.getByTestId('webchat-status').textContent()).toBe('Online');
    const question = 'Olá! Vocês têm a camiseta azul no tamanho M?';
    await visitor.getByTestId('webchat-input').fill(question);
    await visitor.getByTestId('webchat-input').press('Enter');
    const widgetMessages = visitor.getByTestId('webchat-message');
    await expect.poll(() => widgetMessages.filter({ hasText: question }).getAttribute('data-wid')).toMatch(/^in-v/);

    const inbound = await waitFor(() => kernel.db('messages').where({ whatsappId: s.connection.id, body: question }).first());
    const created = await ticketRow(inbound.ticketId);
    ticket = { id: created.id, uuid: created.uuid, contactId: created.contactId };
    expect(created).toMatchObject({ status: 'pending', queueId: null, userId: null, channel: 'webchat' });
    expect(await kernel.db('contacts').where({ id: ticket.contactId }).first('name', 'email', 'channel')).toEqual({ name: 'Marina Visitante', email: 'marina@exemplo.com', channel: 'webchat' });

    // Ana sees it arrive in the pending tab, with the notification.
    await expect.poll(() => rows(a, 'pending').count()).toBe(1);
    const pendingRow = rows(a, 'pending').first();
    expect(await pendingRow.innerText()).toContain('Marina Visitante');
    expect(await pendingRow.innerText()).toContain('Olá! Vocês têm a camiseta azul...');
    await expect.poll(() => a.getByTestId('notifications-count').textContent()).toBe('1');
    await a.getByTestId('notifications-button').click();
    await expect.poll(() => a.getByTestId('notification-item').filter({ hasText: 'Marina Visitante' }).count()).toBe(1);
    await a.keyboard.press('Escape');
    // So does the admin, pending and without an owner.
    await expect.poll(() => rows(adm, 'pending').count()).toBe(1);
    expect(await rows(adm, 'pending').first().getAttribute('data-status')).toBe('pending');
    await shot(a, 'flow-pending');

    // Ana accepts: two queues exist and the ticket has none, so the dialog asks for hers.
    await pendingRow.getByTestId('ticket-accept').click();
    const accept = a.getByRole('dialog', { name: 'Aceitar ticket' });
    await expect.poll(() => accept.locator('#accept-queue option').allInnerTexts()).toEqual(['Selecione uma fila', 'Vendas']);
    await accept.getByRole('button', { name: 'Aceitar' }).click();
    await accept.locator('.bp6-form-helper-text', { hasText: 'Selecione uma fila' }).waitFor();
    await accept.locator('#accept-queue').focus();
    await accept.locator('#accept-queue').selectOption({ label: 'Vendas' });
    await accept.getByRole('button', { name: 'Aceitar' }).click();
    await a.waitForURL(`**/tickets/${ticket.uuid}`);
    await expect.poll(() => a.getByTestId('ticket-header-status').textContent()).toBe('Aberto');
    expect(await a.getByTestId('ticket-header-queue').textContent()).toBe('Vendas');
    await expect.poll(() => rows(a, 'open').count()).toBe(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', userId: ana.user.id, queueId: s.vendas, unreadMessages: 0 });
    // The accept greeting (sendGreetingAccepted) reaches the visitor, naming Ana.
    await expect.poll(() => widgetMessages.filter({ hasText: 'meu nome é Ana Atendente' }).getAttribute('data-from')).toBe('agent');
    // The admin's open tab has it, owned by Ana.
    await tab(adm, 'Atendendo').click();
    await expect.poll(() => rows(adm, 'open').getByTestId('ticket-owner').allInnerTexts()).toEqual(['Ana Atendente']);

    // Ana answers with a text, then an image with a caption; the visitor's widget shows both.
    const conversation = a.getByTestId('conversation-panel').getByTestId('message');
    const answer = 'Temos sim! Segue a foto.';
    await a.getByTestId('message-text').fill(answer);
    await a.getByTestId('message-text').press('Enter');
    await expect.poll(() => conversation.filter({ hasText: answer }).count()).toBe(1);
    await expect.poll(() => widgetMessages.filter({ hasText: answer }).getAttribute('data-from')).toBe('agent');
    const text = await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true, mediaType: 'chat', userId: ana.user.id }).first();
    expect(text.body).toBe(`*Ana Atendente*:\n${answer}`);

    const photo = path.join(tmp, 'camiseta.png');
    fs.writeFileSync(photo, solidPng(48, 36, [30, 90, 200]));
    await a.getByTestId('attach-input').setInputFiles(photo);
    const attach = a.getByRole('dialog').filter({ has: a.getByTestId('attachment-send') });
    await attach.getByRole('textbox').fill('Camiseta azul, tamanho M');
    await a.getByTestId('attachment-send').click();
    const sentImage = conversation.filter({ hasText: 'Camiseta azul, tamanho M' });
    await expect.poll(() => sentImage.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    const widgetImage = widgetMessages.filter({ hasText: 'Camiseta azul, tamanho M' });
    await expect.poll(() => widgetImage.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    expect(await widgetImage.getAttribute('data-from')).toBe('agent');
    const image = await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true, mediaType: 'image' }).first();
    expect(image.body).toBe('*Ana Atendente*:\nCamiseta azul, tamanho M');
    expect(fs.readFileSync(path.join(storageFolder(kernel), image.mediaUrl))).toEqual(fs.readFileSync(photo));
    await shot(visitor, 'flow-widget');

    // A private note: on the agents' side only.
    const noteText = 'Cliente recorrente, oferecer frete grátis';
    await a.getByTestId('private-toggle').check({ force: true });
    await a.getByTestId('message-text').fill(noteText);
    await a.getByTestId('message-text').press('Enter');
    await expect.poll(() => conversation.filter({ hasText: noteText }).getAttribute('data-private')).toBe('true');
    expect(await kernel.db('messages').where({ ticketId: ticket.id, isPrivate: true }).pluck('body')).toEqual([noteText]);
    await a.getByTestId('private-toggle').uncheck({ force: true });

    // An observation and a tag through the contact drawer.
    await a.getByTestId('ticket-header').getByTitle('Dados do contato').first().click();
    const drawer = a.getByTestId('contact-drawer');
    await drawer.getByTestId('note-input').fill('Prefere contato à tarde');
    await drawer.getByTestId('note-add').click();
    await expect.poll(() => drawer.getByTestId('note').filter({ hasText: 'Prefere contato à tarde' }).count()).toBe(1);
    expect(await kernel.db('ticketNotes').where({ ticketId: ticket.id, contactId: ticket.contactId }).pluck('note')).toEqual(['Prefere contato à tarde']);
    await drawer.locator('#cd-tags-input').fill('VIP');
    await expect.poll(() => a.getByRole('option', { name: 'Cliente VIP' }).locator('.bp6-active').count()).toBe(1);
    await a.keyboard.press('Enter');
    await expect
      .poll(() => kernel.db('contactTags').join('tags', 'tags.id', 'contactTags.tagId').where('contactTags.contactId', ticket.contactId).pluck('tags.name'))
      .toEqual(['Cliente VIP']);
    await a.keyboard.press('Escape');
    await shot(a, 'flow-open');

    // Ana transfers the ticket to Bruno (users are searched from 3 characters).
    await b.getByText('Nenhum ticket aqui').waitFor();
    await a.getByTestId('action-transfer').click();
    const transfer = a.getByRole('dialog', { name: 'Transferir ticket' });
    expect(await transfer.locator('#transfer-queue').inputValue()).toBe(String(s.vendas));
    await transfer.locator('#transfer-user').fill('Br');
    await expect.poll(() => transfer.locator('#transfer-user').inputValue()).toBe('Br');
    await a.getByRole('option', { name: 'Digite ao menos 3 letras para buscar um usuário' }).waitFor();
    // The whole text again (the picker selects its text once focused, so a key typed now could replace it).
    await transfer.locator('#transfer-user').fill('Bru');
    await expect.poll(() => a.getByRole('option', { name: /Bruno Vendas/ }).locator('.bp6-active').count()).toBe(1);
    await a.keyboard.press('Enter');
    await expect.poll(() => transfer.locator('#transfer-user').inputValue()).toBe('Bruno Vendas');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await a.waitForURL((url) => url.pathname === '/tickets');
    // Bruno sees it arrive without reloading; it leaves Ana's list.
    await expect.poll(() => rows(b, 'open').count()).toBe(1);
    expect(await rows(b, 'open').first().innerText()).toContain('Marina Visitante');
    await expect.poll(() => rows(a, 'open').count()).toBe(0);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', userId: bruno.user.id, queueId: s.vendas });
    await expect.poll(() => rows(adm, 'open').getByTestId('ticket-owner').allInnerTexts()).toEqual(['Bruno Vendas']);

    // Bruno reads the conversation (notes included) and resolves it with the farewell.
    await rows(b, 'open').first().locator('a').click();
    await b.waitForURL(`**/tickets/${ticket.uuid}`);
    const brunoConversation = b.getByTestId('conversation-panel').getByTestId('message');
    await expect.poll(() => brunoConversation.filter({ hasText: noteText }).getAttribute('data-private')).toBe('true');
    await b.getByTestId('action-resolve').click();
    const resolve = b.getByRole('dialog', { name: 'Resolver ticket' });
    expect(await resolve.getByLabel('Finalizar com mensagem de despedida').isChecked()).toBe(true);
    await resolve.getByRole('button', { name: 'Resolver' }).click();
    await b.waitForURL((url) => url.pathname === '/tickets');
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed', userId: bruno.user.id });
    // The visitor gets the connection's farewell, rendered for her.
    await expect.poll(() => widgetMessages.filter({ hasText: 'Obrigado pelo contato, Marina! Até logo.' }).getAttribute('data-from')).toBe('agent');
    const farewell = await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true }).orderBy('id', 'desc').first('body', 'userId');
    expect(farewell).toEqual({ body: 'Obrigado pelo contato, Marina! Até logo.', userId: bruno.user.id });
    // The private note never reached the widget, before or after the later messages.
    expect(await widgetMessages.allInnerTexts()).not.toContainEqual(expect.stringContaining(noteText));
    await shot(visitor, 'flow-widget-closed');

    // The admin: gone from the open tab, there in the closed view.
    await expect.poll(() => rows(adm, 'open').count()).toBe(0);
    await adm.getByTestId('view-closed').click();
    await expect.poll(() => rows(adm, 'closed').count()).toBe(1);
    expect(await rows(adm, 'closed').getByTestId('ticket-owner').allInnerTexts()).toEqual(['Bruno Vendas']);

    // Carla, meanwhile, was told of nothing.
    expect(await c.getByTestId('notifications-count').count()).toBe(0);
    // Another visitor's ticket put in her queue reaches her list, her notifications and her socket...
    const other = await kernel.kernel.core.ingest.ingest(s.connection.id, {
      wid: 'flow-other-1',
      fromMe: false,
      timestamp: new Date(),
      peer: { id: 'vflowother000000000000000000000', name: 'Outro Visitante' },
      body: 'Preciso de suporte',
      mediaType: 'chat',
    });
    await apiOk(kernel, 'PUT', `/tickets/${other.ticketId}`, admin.token, { status: 'pending', userId: null, queueId: s.suporte });
    const otherTicket = await ticketRow(other.ticketId);
    await expect.poll(() => rows(c, 'pending').allInnerTexts()).toEqual([expect.stringContaining('Outro Visitante')]);
    await expect.poll(() => carlaEvents.some((e) => mentions(e.payload, otherTicket))).toBe(true);
    await expect.poll(() => c.getByTestId('notifications-count').textContent()).toBe('1');
    await c.getByTestId('notifications-button').click();
    await expect.poll(() => c.getByTestId('notification-item').allInnerTexts()).toEqual([expect.stringContaining('Outro Visitante')]);
    await c.keyboard.press('Escape');
    // ...but Marina's never did, in any state: not in her lists, not on her socket, not through the API.
    expect(carlaEvents.filter((e) => mentions(e.payload, ticket)).map((e) => e.event)).toEqual([]);
    await tab(c, 'Atendendo').click();
    await expect.poll(() => c.getByText('Nenhum ticket aqui').count()).toBe(1);
    await c.getByTestId('view-closed').click();
    await expect.poll(() => c.getByText('Nenhum ticket aqui').count()).toBe(1);
    expect(await carlaSocket.timeout(10000).emitWithAck('joinChatBox', ticket.uuid)).toBe(false);
    for (const [method, apiPath] of [
      ['GET', `/tickets/u/${ticket.uuid}`],
      ['GET', `/tickets/${ticket.id}`],
      ['GET', `/messages/${ticket.id}`],
      ['GET', `/tickets-log/${ticket.id}`],
      ['PUT', `/tickets/${ticket.id}`],
    ] as const) {
      const res = await kernel.api(method, apiPath, { token: carla.token, body: method === 'PUT' ? { status: 'open', userId: carla.user.id } : undefined });
      expect([403, 404], `${method} ${apiPath} → ${res.status}`).toContain(res.status);
    }
    const searched = await apiOk(kernel, 'GET', `/tickets?searchParam=${encodeURIComponent('Marina')}&showAll=true`, carla.token);
    expect(searched.tickets).toEqual([]);
    // Opening its address sends her back to the list.
    await c.goto(`/tickets/${ticket.uuid}`);
    await c.waitForURL((url) => url.pathname === '/tickets');
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed', userId: bruno.user.id });
  }, 240000);

  it('exports the contacts spreadsheet and imports it back into another company, round trip', async () => {
    const sheetRows = async (file: string): Promise<string[][]> => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0]!;
      const out: string[][] = [];
      sheet.eachRow((r) => out.push(Array.from({ length: sheet.columnCount }, (_, i) => r.getCell(i + 1).text ?? '')));
      return out;
    };
    const importSheet = async (page: Page, file: { name: string; buffer: Buffer } | string) => {
      await page.getByTestId('contacts-import-export').click();
      await page.getByTestId('contacts-import-sheet').click();
      const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
      await dialog.locator('#contacts-import-file').setInputFiles(
        typeof file === 'string' ? file : { name: file.name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file.buffer },
      );
      await dialog.getByTestId('import-start').click();
      await dialog.getByTestId('import-result').waitFor({ timeout: 30000 });
      const result = {
        created: await dialog.getByTestId('import-created').innerText(),
        updated: await dialog.getByTestId('import-updated').innerText(),
        failed: await dialog.getByTestId('import-failed').innerText(),
        errors: await dialog.getByTestId('import-error-row').allInnerTexts(),
      };
      await dialog.getByRole('button', { name: 'Fechar' }).last().click();
      return result;
    };
    const exportSheet = async (page: Page) => {
      await page.getByTestId('contacts-import-export').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
      expect(download.suggestedFilename()).toBe('backup_contatos.xlsx');
      const file = path.join(tmp, `${Date.now()}-${download.suggestedFilename()}`);
      await download.saveAs(file);
      return file;
    };

    // Company one: a spreadsheet of three customers goes in through the contacts page.
    const page = await openAs(s.admin, '/contacts');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Número', 'Email']);
    const people = [
      ['Paula Importada', '5511987650001', 'paula@exemplo.com'],
      ['Rui Importado', '5511987650002', ''],
      ['Sofia Importada', '5521987650003', 'sofia@exemplo.com'],
    ];
    for (const person of people) sheet.addRow(person);
    expect(await importSheet(page, { name: 'clientes.xlsx', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) })).toEqual({
      created: 'Criados: 3',
      updated: 'Atualizados: 0',
      failed: 'Com erro: 0',
      errors: [],
    });
    const stored = await kernel.db('contacts').where({ companyId: s.companyId, channel: 'whatsapp' }).orderBy('name').select('name', 'number', 'email');
    expect(stored).toEqual(people.map(([name, number, email]) => ({ name, number, email })));

    // Out again: backup_contatos.xlsx has them, and the webchat visitor with her tag.
    const exported = await exportSheet(page);
    const firstRows = await sheetRows(exported);
    expect(firstRows[0]).toEqual(['Nome', 'Número', 'Email', 'Tags']);
    expect(firstRows.slice(1)).toEqual(expect.arrayContaining(people.map((p) => [...p, ''])));
    const visitorIndex = firstRows.findIndex((r) => r[0] === 'Marina Visitante');
    expect(firstRows[visitorIndex]?.[3]).toBe('Cliente VIP');
    // A website visitor who typed no phone has no number (issue #32): never the widget's internal id.
    expect(firstRows[visitorIndex]?.[1]).toBe('');

    // Company two imports the backup through its own contacts page: the phone contacts land;
    // the website visitors' rows (Marina and the other visitor) are refused, having no number.
    const visitorRows = firstRows.flatMap((r, i) => (i > 0 && !r[1] ? [i + 1] : []));
    expect(visitorRows).toHaveLength(2);
    const second = await kernel.createCompany();
    const page2 = await openAs(second.admin, '/contacts');
    const result = await importSheet(page2, exported);
    expect(result).toMatchObject({ created: 'Criados: 3', updated: 'Atualizados: 0', failed: 'Com erro: 2' });
    expect(result.errors.map((e) => Number(e.trim().split(/\s/)[0]))).toEqual(visitorRows);
    for (const error of result.errors) expect(error).toMatch(/Número\s+Obrigatório/);
    expect(await kernel.db('contacts').where({ companyId: second.company.id }).orderBy('name').pluck('name')).toEqual(people.map((p) => p[0]).sort());
    // ...and its own backup lists the same phone contacts, row for row.
    const secondRows = await sheetRows(await exportSheet(page2));
    const phoneRows = (all: string[][]) =>
      all
        .slice(1)
        .filter((r) => /^\d+$/.test(r[1] ?? ''))
        .map((r) => r.slice(0, 3))
        .sort((x, y) => x[0]!.localeCompare(y[0]!));
    expect(phoneRows(secondRows)).toEqual(phoneRows(firstRows));
    expect(phoneRows(secondRows)).toEqual(people.map((p) => [...p]).sort((x, y) => x[0]!.localeCompare(y[0]!)));
  }, 180000);
});
