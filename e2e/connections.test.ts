import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DisconnectReason, proto } from '@whiskeysockets/baileys';
import { createTestKernel, startFakeTelegram, waitFor, type FakeTelegram, type TestKernel, type TestUser } from '@guiche/core/testing';
import { createWhatsappChannel } from '@guiche/plugin-channel-whatsapp';
import { createTelegramChannel } from '@guiche/plugin-channel-telegram';
import { FakeWhatsapp, type FakeSocket } from '../plugins/channel-whatsapp/test/fake-socket.js';
import { PHONE, PHONE_JID, text } from '../plugins/channel-whatsapp/test/messages.js';
import { IMPORT_DONE_STATUS } from '@guiche/contracts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, keepScreenshot, watchSocket } from './support/browser.js';

/**
 * The connections page in Debian's chromium against a real kernel whose WhatsApp channel runs on a
 * fake Baileys socket (Baileys' own event shapes): a connection is created in the page, its QR code
 * shows and is replaced live, the phone 'scans' it (creds saved, 515 restart, open), the row turns
 * CONNECTED live and the QR dialog closes itself; a customer's message becomes a ticket and the
 * agent's reply reaches the socket. The menu badge follows the connection's state; a plan without
 * WhatsApp cannot pick it. Pairing also works by a code typed on the phone, and a history import
 * shows 'preparing', its progress, then the button that closes the imported tickets. A voice-call
 * token set in the dialog puts a call button on the ticket header that opens the voice-call service.
 */

/** Screenshots for a human to look at, when asked for. */
const SHOTS = process.env.CONNECTIONS_SHOTS;
const OWN = '5511900000000:7@s.whatsapp.net';
const QR_ONE = '2@qr-one-Yq5cVb0sR7bN9m1Zr6aHk3lQw4eTx5fJ0o2Ud7iM8gKc1hLs9jVp3nBq4==,Xk2sPq8wZr5TnMv1bC7dLf3gHj9KaQe0RuYo6iNx4lS=,aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3aB4c=,1';
const QR_TWO = '2@qr-two-Pq8wZr5TnMv1bC7dLf3gHj9KaQe0RuYo6iNx4lSXk2s=,aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3aB4c=,Tm9BbW9yZVN0cmluZ0Zvclc=,2';

const wa = new FakeWhatsapp();
let telegram: FakeTelegram;
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  telegram = await startFakeTelegram();
  process.env.TELEGRAM_API_URL = telegram.url;
  kernel = await createTestKernel({
    serveWeb: true,
    plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download }), createTelegramChannel()],
    config: { WEB_ROOT: webRoot },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await telegram?.close();
});

async function openAs(user: TestUser): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
  await logIn(page, user);
  return page;
}

const shot = (page: Page, name: string) => keepScreenshot(SHOTS, page, name);

/**
 * Opens the connections page and waits until its socket is connected: a status the fake socket
 * changes before then would reach no listener, and the row would keep the status the page first read.
 */
async function gotoLive(page: Page, path: string): Promise<void> {
  const live = watchSocket(page);
  await page.goto(path);
  await live.connected();
}

const row = (page: Page, name: string) => page.getByTestId('connection-row').filter({ hasText: name });
const badge = (page: Page) => page.locator('nav.side-menu').getByTestId('connections-badge');

describe('connections page with the WhatsApp channel on a fake socket', () => {
  let admin: TestUser;

  beforeAll(async () => {
    const company = await kernel.createCompany();
    admin = company.admin;
  });

  it('creates a connection, pairs it by QR, takes a customer message and delivers the reply', async () => {
    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    await expect.poll(() => page.getByText('Nenhuma conexão ainda').isVisible()).toBe(true);

    // New connection → WhatsApp → the general tab; a one-letter name is refused before any request.
    await page.getByTestId('connections-new').click();
    await page.getByTestId('new-connection-whatsapp').click();
    const dialog = page.getByTestId('connection-dialog');
    await dialog.locator('#cn-name').fill('A');
    await page.getByTestId('connection-save').click();
    await expect.poll(() => dialog.getByText('Muito curto!').isVisible()).toBe(true);
    expect(await kernel.db('whatsapps').count({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(0);
    await dialog.locator('#cn-name').fill('Atendimento');
    const before = wa.sockets.length;
    await page.getByTestId('connection-save').click();

    // The QR dialog opens for the new connection and waits for the session's first code.
    const qrDialog = page.getByTestId('qr-dialog');
    await expect.poll(() => qrDialog.isVisible()).toBe(true);
    const first: FakeSocket = await waitFor(() => (wa.sockets.length > before ? wa.sockets.at(-1)! : null));
    const stored = await kernel.db('whatsapps').where({ name: 'Atendimento' }).first();
    expect(stored).toMatchObject({ channel: 'whatsapp', isDefault: true });
    expect(await row(page, 'Atendimento').count()).toBe(1);

    first.showQr(QR_ONE);
    const canvas = qrDialog.getByTestId('qr-canvas');
    await expect.poll(() => canvas.getAttribute('data-qr')).toBe(QR_ONE);
    // Drawn: the canvas holds dark and light pixels.
    const shades = await canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
      return { dark, total: data.length / 4 };
    });
    expect(shades.dark).toBeGreaterThan(shades.total * 0.2);
    expect(shades.dark).toBeLessThan(shades.total * 0.8);
    expect(await qrDialog.getByText('Abra o WhatsApp no seu celular.').isVisible()).toBe(true);
    await expect.poll(() => row(page, 'Atendimento').getAttribute('data-status')).toBe('qrcode');
    // While waiting for the scan, the menu warns.
    await expect.poll(() => badge(page).count()).toBe(1);
    await shot(page, 'qr');

    // A new code replaces the shown one live.
    first.showQr(QR_TWO);
    await expect.poll(() => canvas.getAttribute('data-qr')).toBe(QR_TWO);

    // The phone scans: Baileys saves the account, closes with 515, and the stored creds open the next socket.
    first.emit('creds.update', { me: { id: OWN, name: 'Company' }, registered: true });
    wa.autoOpen = true;
    const count = wa.sockets.length;
    first.close(DisconnectReason.restartRequired);
    const sock: FakeSocket = await waitFor(() => (wa.sockets.length > count ? wa.sockets.at(-1)! : null));
    await expect.poll(() => row(page, 'Atendimento').getAttribute('data-status'), { timeout: 15000 }).toBe('CONNECTED');
    await expect.poll(() => qrDialog.count()).toBe(0);
    expect(await row(page, 'Atendimento').getByText('Conectado').isVisible()).toBe(true);
    expect(await row(page, 'Atendimento').getByText('5511900000000').isVisible()).toBe(true);
    expect(await row(page, 'Atendimento').getByTestId('connection-default').count()).toBe(1);
    await expect.poll(() => badge(page).count()).toBe(0);
    await shot(page, 'connected');

    // A customer writes: the message becomes a pending ticket on this connection.
    wa.registered.set(PHONE, PHONE_JID);
    sock.receive(text('Olá, preciso de ajuda com meu pedido'));
    const ticket = await waitFor(() => kernel.db('tickets').where({ whatsappId: stored.id }).first());
    expect(ticket.status).toBe('pending');
    const contact = await kernel.db('contacts').where({ id: ticket.contactId }).first();
    expect(contact).toMatchObject({ number: PHONE, name: 'Maria Souza', channel: 'whatsapp' });
    // The tickets page lists it among the waiting ones.
    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    const pending = page.getByTestId('ticket-list-pending').getByTestId('ticket-row');
    await expect.poll(() => pending.count()).toBe(1);
    expect(await pending.first().innerText()).toContain('Maria Souza');
    await shot(page, 'ticket');

    // The agent accepts it with a queue and replies: the reply reaches the socket.
    const queue = await kernel.api('POST', '/queue', { token: admin.token, body: { name: 'Suporte', color: '#238551' } });
    expect(queue.status, JSON.stringify(queue.body)).toBeLessThan(300);
    const accepted = await kernel.api('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: admin.user.id, queueId: queue.body.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const sent = await kernel.api('POST', `/messages/${ticket.id}`, { token: admin.token, body: { body: 'Claro! Qual o número do pedido?' } });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const outbound = await wa.outbox.take();
    expect(outbound.jid).toBe(PHONE_JID);
    expect((outbound.content as { text: string }).text).toContain('Claro! Qual o número do pedido?');
  });

  it("keeps a voice-call token from the dialog; the ticket header then calls the contact through the voice-call service", async () => {
    const stored = await kernel.db('whatsapps').where({ name: 'Atendimento' }).first();
    // The server refuses a token over 255 characters: its code and the field's message key (the dialog shows it as 'Muito longo!').
    const refused = await kernel.api('PUT', `/whatsapp/${stored.id}`, { token: admin.token, body: { wavoip: 'x'.repeat(256) } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toEqual({ error: 'ERR_VALIDATION', issues: [{ path: ['wavoip'], message: 'validation.tooLong' }] });

    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    await row(page, 'Atendimento').getByTestId('connection-edit').click();
    const dialog = page.getByTestId('connection-dialog');
    await expect.poll(() => dialog.locator('#cn-name').inputValue()).toBe('Atendimento');
    // Masked like a secret, shown on demand; too long is refused in the dialog before any request.
    const field = dialog.locator('#cn-wavoip');
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill('x'.repeat(256));
    await page.getByTestId('connection-save').click();
    await expect.poll(() => dialog.getByText('Muito longo!', { exact: true }).isVisible()).toBe(true);
    await field.fill('wv-token/123');
    await dialog.getByTestId('cn-wavoip-toggle').click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByTestId('connection-save').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await kernel.db('whatsapps').where({ id: stored.id }).first()).wavoip).toBe('wv-token/123');

    // The contact's ticket: a call button (named for screen readers), used from the keyboard, opens the service in a new tab.
    await page.context().route('https://app.wavoip.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>voice call</title>' }));
    const ticket = await kernel.db('tickets').where({ whatsappId: stored.id }).first();
    await page.goto(`/tickets/${ticket.uuid}`);
    const call = page.getByTestId('ticket-header').getByRole('button', { name: 'Ligar para o contato' });
    await expect.poll(() => call.isVisible()).toBe(true);
    await call.focus();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://app.wavoip.com/call');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'wv-token/123', phone: PHONE });
    await shot(page, 'voice-call');
  });

  it('shows the menu badge while the connection is DISCONNECTED, with try again and new QR', async () => {
    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    await expect.poll(() => row(page, 'Atendimento').getAttribute('data-status')).toBe('CONNECTED');
    expect(await badge(page).count()).toBe(0);

    // Another device took over the account (440): the session stops and reports DISCONNECTED.
    wa.socket.close(DisconnectReason.connectionReplaced);
    await expect.poll(() => row(page, 'Atendimento').getAttribute('data-status'), { timeout: 15000 }).toBe('DISCONNECTED');
    await expect.poll(() => badge(page).count()).toBe(1);
    const target = row(page, 'Atendimento');
    expect(await target.getByText('Desconectado').isVisible()).toBe(true);
    expect(await target.getByRole('button', { name: 'Tentar novamente' }).isVisible()).toBe(true);
    expect(await target.getByRole('button', { name: 'Novo QR CODE' }).isVisible()).toBe(true);
    await shot(page, 'disconnected');

    // Try again: the stored session opens by itself, the row and the badge follow live.
    const count = wa.sockets.length;
    await target.getByRole('button', { name: 'Tentar novamente' }).click();
    await waitFor(() => (wa.sockets.length > count ? true : null));
    await expect.poll(() => target.getAttribute('data-status'), { timeout: 15000 }).toBe('CONNECTED');
    await expect.poll(() => badge(page).count()).toBe(0);
  });

  it('editing a CONNECTED connection to import old messages checks the window, resets the session and shows a new QR', async () => {
    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    const target = row(page, 'Atendimento');
    await expect.poll(() => target.getAttribute('data-status')).toBe('CONNECTED');
    await target.getByTestId('connection-edit').click();
    const dialog = page.getByTestId('connection-dialog');
    await expect.poll(() => dialog.locator('#cn-name').inputValue()).toBe('Atendimento');
    await dialog.locator('#cn-greetingMessage').fill('Olá! Bem-vindo ao atendimento.');
    await dialog.getByText('Importar mensagens antigas ao conectar').click();

    // account-admin.md §5: the old date within two years, the recent one between it and now.
    const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    const day = 24 * 3600_000;
    await dialog.locator('#cn-importOldMessages').fill(local(new Date(Date.now() - 3 * 365 * day)));
    await dialog.locator('#cn-importRecentMessages').fill(local(new Date(Date.now() - 3 * 365 * day - 10 * day)));
    await page.getByTestId('connection-save').click();
    await expect.poll(() => dialog.getByText('A data das mensagens antigas deve estar entre dois anos atrás e agora.').isVisible()).toBe(true);
    expect(await dialog.getByText('A data das mensagens recentes deve estar entre a data antiga e agora.').isVisible()).toBe(true);
    expect(await dialog.getByText('Ao salvar, a sessão atual será desconectada').isVisible()).toBe(true);

    const count = wa.sockets.length;
    wa.autoOpen = false;
    await dialog.locator('#cn-importOldMessages').fill(local(new Date(Date.now() - 30 * day)));
    await dialog.locator('#cn-importRecentMessages').fill(local(new Date(Date.now() - day)));
    await page.getByTestId('connection-save').click();

    // The session is logged out and started afresh, now asking WhatsApp for the history.
    const fresh: FakeSocket = await waitFor(() => (wa.sockets.length > count ? wa.sockets.at(-1)! : null));
    expect(fresh.config.syncFullHistory).toBe(true);
    expect(fresh.config.auth.creds.me).toBeFalsy();
    const qrDialog = page.getByTestId('qr-dialog');
    await expect.poll(() => qrDialog.isVisible()).toBe(true);
    fresh.showQr(QR_ONE);
    await expect.poll(() => qrDialog.getByTestId('qr-canvas').getAttribute('data-qr')).toBe(QR_ONE);
    await expect.poll(() => target.getAttribute('data-status')).toBe('qrcode');
    const stored = await kernel.db('whatsapps').where({ name: 'Atendimento' }).first();
    expect(stored.greetingMessage).toBe('Olá! Bem-vindo ao atendimento.');
    expect(stored.importOldMessages).toBeTruthy();
    expect(stored.importRecentMessages).toBeTruthy();
  });

  it('pairs by phone-number code instead of the QR: the number typed, the code shown, the phone links', async () => {
    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    const target = row(page, 'Atendimento');
    await expect.poll(() => target.getAttribute('data-status')).toBe('qrcode');
    const sock = wa.socket;
    await target.getByTestId('session-qrcode').click();
    const qrDialog = page.getByTestId('qr-dialog');
    await expect.poll(() => qrDialog.getByTestId('qr-canvas').isVisible()).toBe(true);

    // The other tab: a number that is not a phone number is refused before anything is asked.
    await qrDialog.getByRole('tab', { name: 'Número de telefone' }).click();
    const number = qrDialog.locator('#cn-pair-number');
    await expect.poll(() => number.isVisible()).toBe(true);
    await number.fill('123');
    await number.press('Enter');
    await expect.poll(() => qrDialog.getByText('Informe o número do celular com DDI e DDD').isVisible()).toBe(true);
    expect(sock.pairingRequests).toEqual([]);

    // WhatsApp refusing once: the translated error shows, Enter tries again.
    const real = sock.requestPairingCode.bind(sock);
    sock.requestPairingCode = async () => {
      sock.requestPairingCode = real;
      throw new Error('Connection Closed');
    };
    await number.fill('+55 11 90000-0000');
    await number.press('Enter');
    await expect.poll(() => qrDialog.getByTestId('pairing-error').innerText()).toContain('O WhatsApp não gerou o código de pareamento.');
    await number.press('Enter');

    // The code WhatsApp gave, as XXXX-XXXX, with the steps to type it on that phone.
    const code = qrDialog.getByTestId('pairing-code');
    await expect.poll(() => code.isVisible()).toBe(true);
    expect(sock.pairingRequests).toEqual(['5511900000000']);
    const given = sock.pairingCode!;
    expect(await code.innerText()).toBe(`${given.slice(0, 4)}-${given.slice(4)}`);
    expect(await qrDialog.getByText('Abra o WhatsApp no celular do número +5511900000000.').isVisible()).toBe(true);
    expect(await qrDialog.getByText('Toque em Conectar dispositivo e depois em Conectar com número de telefone.').isVisible()).toBe(true);
    // PAIRING live in the row; the dialog stays open although the QR is gone.
    await expect.poll(() => target.getAttribute('data-status')).toBe('PAIRING');
    expect(await target.getByText('Pareando').isVisible()).toBe(true);
    expect((await kernel.db('whatsapps').where({ name: 'Atendimento' }).first()).status).toBe('PAIRING');
    expect(await code.isVisible()).toBe(true);
    await shot(page, 'pairing-code');

    // The phone types the shown code: pair-success, 515 restart, the stored creds open: CONNECTED, the dialog closes.
    wa.autoOpen = true;
    const count = wa.sockets.length;
    sock.typePairingCode(await code.innerText());
    await waitFor(() => (wa.sockets.length > count ? true : null));
    await expect.poll(() => target.getAttribute('data-status'), { timeout: 15000 }).toBe('CONNECTED');
    await expect.poll(() => qrDialog.count()).toBe(0);
  });

  it('imports the phone’s history: preparing, progress, then the button that closes the imported tickets', async () => {
    const page = await openAs(admin);
    await gotoLive(page, '/connections');
    const target = row(page, 'Atendimento');
    await expect.poll(() => target.getAttribute('data-status')).toBe('CONNECTED');
    const connection = await kernel.db('whatsapps').where({ name: 'Atendimento' }).first();
    expect(connection.closedTicketsPostImported).toBe(false);
    const sock = wa.socket;
    expect(sock.config.syncFullHistory).toBe(true);

    // Two old conversations inside the import window (30 days ago … yesterday).
    const daysAgo = (days: number) => Math.floor((Date.now() - days * 24 * 3600_000) / 1000);
    const old = (jid: string, name: string, body: string, days: number) => text(body, { remoteJid: jid }, { messageTimestamp: daysAgo(days), pushName: name });
    const ANA = '5511933330001@s.whatsapp.net';
    const BRUNO = '5511933330002@s.whatsapp.net';
    sock.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [old(ANA, 'Ana Antiga', 'pedido de março', 10), old(BRUNO, 'Bruno Antigo', 'orçamento', 8)],
      isLatest: false,
      progress: 50,
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    });
    await expect.poll(() => target.getByTestId('import-preparing').isVisible()).toBe(true);
    expect(await target.getByTestId('import-preparing').isDisabled()).toBe(true);
    expect(await target.getByText('Preparando a importação...').isVisible()).toBe(true);
    const progress = page.getByTestId('import-progress');
    await expect.poll(() => progress.innerText()).toContain('2 de 2 mensagens importadas');
    await shot(page, 'import-preparing');

    sock.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [old(BRUNO, 'Bruno Antigo', 'ainda tem?', 7)],
      isLatest: true,
      progress: 100,
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    });
    // Done: the progress card goes, the close-imported-tickets button comes.
    const closeButton = target.getByTestId('import-close-tickets');
    await expect.poll(() => closeButton.isVisible()).toBe(true);
    await expect.poll(() => progress.count()).toBe(0);
    expect(await target.getByTestId('import-preparing').count()).toBe(0);
    expect((await kernel.db('whatsapps').where({ id: connection.id }).first()).statusImportMessages).toBe(IMPORT_DONE_STATUS);
    const imported = () => kernel.db('tickets').where({ whatsappId: connection.id, imported: true }).orderBy('id');
    expect((await imported()).map((t) => t.status)).toEqual(['pending', 'pending']);
    await shot(page, 'import-done');

    await closeButton.click();
    await expect.poll(() => page.getByText('Atendimentos importados encerrados: 2').isVisible()).toBe(true);
    await expect.poll(async () => (await imported()).map((t) => t.status)).toEqual(['closed', 'closed']);
    await expect.poll(() => closeButton.count()).toBe(0);
    expect((await kernel.db('whatsapps').where({ id: connection.id }).first()).statusImportMessages).toBeNull();
    // Only the imported tickets: the customer's live ticket is still open.
    expect((await kernel.db('tickets').where({ whatsappId: connection.id, imported: false }).first()).status).toBe('open');
  });

  it('a plan without WhatsApp cannot pick it in the new-connection menu', async () => {
    const company = await kernel.createCompany({ planFlags: { useWhatsapp: false, useFacebook: false } });
    const page = await openAs(company.admin);
    await gotoLive(page, '/connections');
    await expect.poll(() => page.getByText('Nenhuma conexão ainda').isVisible()).toBe(true);
    await page.getByTestId('connections-new').click();
    const item = (channel: string) => page.getByTestId(`new-connection-${channel}`);
    await expect.poll(() => item('whatsapp').isVisible()).toBe(true);
    expect(await item('whatsapp').getAttribute('aria-disabled')).toBe('true');
    expect(await item('facebook').getAttribute('aria-disabled')).toBe('true');
    expect(await item('instagram').getAttribute('aria-disabled')).not.toBe('true');
    expect(await item('webchat').getAttribute('aria-disabled')).not.toBe('true');
    // Clicking the disabled entry opens nothing.
    await item('whatsapp').click({ force: true });
    expect(await page.getByTestId('connection-dialog').count()).toBe(0);
    await shot(page, 'plan-menu');
  });
});

describe('a Telegram connection from the dialog', () => {
  it('is created, then takes its bot token (a refused one shows why) and connects', async () => {
    const company = await kernel.createCompany();
    const bot = telegram.createBot();
    const page = await openAs(company.admin);
    await gotoLive(page, '/connections');
    await page.getByTestId('connections-new').click();
    await page.getByTestId('new-connection-telegram').click();
    const dialog = page.getByTestId('connection-dialog');
    await expect.poll(() => dialog.getByTestId('telegram-save-first').isVisible()).toBe(true);
    await dialog.locator('#cn-name').fill('Telegram');
    await page.getByTestId('connection-save').click();
    await expect.poll(() => row(page, 'Telegram').count()).toBe(1);
    const stored = await waitFor(() => kernel.db('whatsapps').where({ companyId: company.company.id, name: 'Telegram' }).first());
    expect(stored.channel).toBe('telegram');

    await row(page, 'Telegram').getByTestId('connection-edit').click();
    const panel = page.getByTestId('telegram-panel');
    await panel.getByTestId('telegram-token').fill('123456:AAnotAtokenTelegramKnowsAboutAtAll00');
    await panel.getByTestId('telegram-save').click();
    await expect.poll(() => panel.getByText('O Telegram recusou este token: confira-o no @BotFather.').isVisible()).toBe(true);
    await panel.getByTestId('telegram-token').fill(bot.token);
    await panel.getByTestId('telegram-save').click();
    await expect.poll(() => panel.getByTestId('telegram-bot').textContent()).toContain(`@${bot.user.username}`);
    await expect.poll(() => row(page, 'Telegram').getAttribute('data-status')).toBe('CONNECTED');
  });
});
