import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { defineChannel, type NormalizedMessage } from '@guiche/core';
import { createTestKernel, storageFolder, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, type FakeSession } from '../core/test/channels-fake-channel.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, submitLogin, webRoot, keepScreenshot, QUIET_MOTION, watchSocket } from './support/browser.js';
import { solidPng } from './support/png.js';

/**
 * Every conversation feature of issue 4 driven in Debian's chromium against a real kernel whose
 * connections run the fake channel of core/test: what the contact sends arrives through the
 * session's io (ingest pipeline), and what the agent does (send, reply, react, edit, delete,
 * forward, record audio) must reach the fake outside world. Each visible result is checked against
 * the database and the channel too.
 */

/** Screenshots for a human to look at, when asked for. */
const SHOTS = process.env.CONVERSATION_SHOTS;

const world = new FakeWorld();
/** The same fake sessions under a Facebook-type channel (the 24-hour reply window). */
const facebook = { ...fakeChannel(world), id: 'fake-facebook', channel: 'facebook' as const };

let kernel: TestKernel;
let browser: Browser;
/** A host name chromium resolves to the kernel: http on it is not a secure context, so there is no navigator.mediaDevices. */
const INSECURE_HOST = 'guiche-insecure.test';

// ——— Files the contact sends ———

/** One second of a 440 Hz tone, 8 kHz mono 16-bit PCM WAV: a voice note the browser can play. */
function wav(seconds = 1): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const VCARD = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Lima;Carlos;;;', 'FN:Carlos Lima', 'TEL;type=CELL;waid=5511955554444:+55 11 95555-4444', 'END:VCARD'].join('\n');

// ——— Time ———

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};
/** A moment of today `minutesAgo` before now, never before midnight (the day separators count on it). */
const today = (minutesAgo: number) => new Date(Math.max(startOfToday() + 60_000, Date.now() - minutesAgo * 60_000));
const yesterdayAt = (hour: number) => new Date(startOfToday() - (24 - hour) * 3600_000);
const daysAgoAt = (days: number, hour: number) => new Date(startOfToday() - days * 24 * 3600_000 + hour * 3600_000);
const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

// ——— The kernel, the company and its people ———

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [defineChannel(fakeChannel(world)), defineChannel(facebook)], config: { WEB_ROOT: webRoot } });
  // A fake microphone (a beeping tone) and camera (a moving test pattern) that need no permission prompt;
  // INSECURE_HOST reaches the same kernel from an origin the browser does not trust (plain http, not localhost).
  browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`]);
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

let admin: TestUser;
let paula: TestUser;
let queueId: number;
let siteId: number;
let pageId: number;

async function openAs(user: TestUser, viewport = { width: 1400, height: 900 }): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport, permissions: ['microphone'] });
  await logIn(page, user);
  return page;
}

const shot = (page: Page, name: string) => keepScreenshot(SHOTS, page, name);

async function apiOk(method: string, url: string, body?: unknown, token = admin.token) {
  const res = await kernel.api(method, url, { token, body });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function connection(name: string, channel: 'webchat' | 'facebook'): Promise<number> {
  const { id } = await apiOk('POST', '/whatsapp', { name, channel });
  await waitFor(async () => world.session(id) && (await kernel.db('whatsapps').where({ id }).first('status')).status === 'CONNECTED');
  return id;
}

const session = (connectionId: number): FakeSession => {
  const s = world.session(connectionId);
  if (!s) throw new Error(`connection ${connectionId} has no live fake session`);
  return s;
};

interface Peer {
  id: string;
  /** The phone the channel gives beside the id (a website visitor who typed one). */
  number?: string;
  name: string;
  isGroup?: boolean;
}
let widSeq = 0;

/** The contact writes through the connection's running session; answers the stored row. */
async function receive(connectionId: number, peer: Peer, message: Partial<NormalizedMessage> & { body?: string }, participant?: Peer) {
  const wid = `in-${++widSeq}-${randomBytes(3).toString('hex')}`;
  await session(connectionId).io.inbound({
    wid,
    fromMe: false,
    timestamp: new Date(),
    peer,
    body: '',
    mediaType: 'chat',
    ...(participant ? { participant } : {}),
    ...message,
  });
  const row = await waitFor(() => kernel.db('messages').where({ whatsappId: connectionId, wid }).first());
  return { ...row, id: Number(row.id) } as { id: number; wid: string; ticketId: number; contactId: number };
}

/** The pending ticket of the contact, accepted into the company's queue (then transferred to `user`). */
async function accept(ticketId: number, user: TestUser = admin) {
  await apiOk('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.user.id, queueId });
  if (user !== admin) await apiOk('PUT', `/tickets/${ticketId}`, { userId: user.user.id, queueId });
  return kernel.db('tickets').where({ id: ticketId }).first('id', 'uuid', 'contactId', 'status');
}

async function openTicket(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`);
  const panel = page.getByTestId('conversation-panel');
  await panel.waitFor();
  await expect.poll(() => panel.getByTestId('conversation-messages').count()).toBe(1);
  return panel;
}

const bubble = (panel: Locator, text: string) => panel.getByTestId('message').filter({ hasText: text });

/** Opens a message's options menu. */
async function menuOf(page: Page, message: Locator) {
  await message.hover();
  await message.getByTestId('message-menu').click();
  await page.getByRole('menu', { name: 'Opções da mensagem' }).waitFor();
}

/** What reached the fake channel for a stored message. */
const deliveredOf = (messageId: number) => waitFor(() => world.outbound.all.find((d) => d.messageId === messageId));
const operation = (kind: string, wid: string) => waitFor(() => world.operations.all.find((o) => o.kind === kind && o.wid === wid));

/** The newest message the agent stored in the ticket (after the send the browser made). */
async function lastSent(ticketId: number, where: Record<string, unknown> = {}) {
  const row = await waitFor(() => kernel.db('messages').where({ ticketId, fromMe: true, ...where }).whereNot({ mediaType: 'reactionMessage' }).orderBy('id', 'desc').first());
  return { ...row, id: Number(row.id) };
}

beforeAll(async () => {
  const company = await kernel.createCompany();
  admin = company.admin;
  paula = await kernel.createUser(company.company.id, { name: 'Paula Atendente' });
  ({ id: queueId } = await apiOk('POST', '/queue', { name: 'Suporte', color: '#238551', userIds: [paula.user.id] }));
  siteId = await connection('Site', 'webchat');
  pageId = await connection('Página', 'facebook');
});

describe('the conversation in chromium', () => {
  const renata: Peer = { id: '5511987654321', name: 'Renata Souza' };
  let media: { id: number; uuid: string; contactId: number };
  const seeded: Record<string, { id: number; wid: string }> = {};

  beforeAll(async () => {
    // Three days of conversation with every kind of message (inbox.md §3 Message mediaType).
    const first = await receive(siteId, renata, { body: 'Bom dia, tudo bem?', timestamp: daysAgoAt(3, 10) });
    seeded.first = first;
    seeded.editedByContact = await receive(siteId, renata, { body: 'Texto original do contato', timestamp: daysAgoAt(3, 11) });
    seeded.deletedByContact = await receive(siteId, renata, { body: 'Mensagem que o contato apagou', timestamp: daysAgoAt(3, 12) });
    seeded.location = await receive(siteId, renata, { mediaType: 'locationMessage', data: { latitude: -23.55052, longitude: -46.633308, name: 'Praça da Sé' }, timestamp: yesterdayAt(9) });
    seeded.card = await receive(siteId, renata, { mediaType: 'contactMessage', body: VCARD, timestamp: yesterdayAt(10) });
    seeded.missed = await receive(siteId, renata, { mediaType: 'call_log', data: { status: 'missed' }, timestamp: yesterdayAt(11) });
    seeded.call = await receive(siteId, renata, { mediaType: 'call_log', data: { duration: 75 }, timestamp: yesterdayAt(12) });
    seeded.image1 = await receive(siteId, renata, {
      mediaType: 'image',
      body: 'foto da caixa',
      media: { data: solidPng(60, 40, [200, 40, 40]), mimetype: 'image/png', fileName: 'caixa.png' },
      timestamp: today(50),
    });
    seeded.image2 = await receive(siteId, renata, {
      mediaType: 'image',
      body: 'foto da etiqueta',
      media: { data: solidPng(80, 50, [30, 120, 200]), mimetype: 'image/png', fileName: 'etiqueta.png' },
      timestamp: today(49),
    });
    seeded.audio = await receive(siteId, renata, { mediaType: 'audio', media: { data: wav(), mimetype: 'audio/wav', fileName: 'nota.wav' }, timestamp: today(48) });
    seeded.video = await receive(siteId, renata, { mediaType: 'video', body: 'vídeo do defeito', media: { data: randomBytes(2048), mimetype: 'video/mp4', fileName: 'defeito.mp4' }, timestamp: today(47) });
    seeded.document = await receive(siteId, renata, { mediaType: 'application', body: 'nota-fiscal.pdf', media: { data: PDF, mimetype: 'application/pdf', fileName: 'nota-fiscal.pdf' }, timestamp: today(46) });
    seeded.link = await receive(siteId, renata, { body: 'O pedido está em https://loja.example/pedidos/123 pode ver?', timestamp: today(45) });
    seeded.forwarded = await receive(siteId, renata, { body: 'Recebi isto do entregador', isForwarded: true, timestamp: today(44) });
    seeded.quote = await receive(siteId, renata, { body: 'É sobre esta foto', quotedWid: seeded.image1.wid, timestamp: today(43) });
    seeded.reaction = await receive(siteId, renata, { mediaType: 'reactionMessage', reaction: { targetWid: seeded.link.wid, emoji: '❤️' }, timestamp: today(42) });
    // Sent from the phone, not yet confirmed by the network: the clock until the channel acks it.
    seeded.fromPhone = await receive(siteId, renata, { fromMe: true, body: 'Enviada pelo celular', data: { ack: 0 }, timestamp: today(41) });
    const ticket = await accept(first.ticketId);
    media = { id: ticket.id, uuid: ticket.uuid, contactId: ticket.contactId };
  });

  it('renders every media type, day separators, quotes, reactions and the forwarded mark', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, media.uuid);
    await expect.poll(() => bubble(panel, 'Bom dia, tudo bem?').count()).toBe(1);

    // Day separators: three days ago, yesterday, today — in that order.
    expect(await panel.getByTestId('day-separator').allInnerTexts()).toEqual([ddmmyyyy(daysAgoAt(3, 10)), 'Ontem', 'Hoje']);

    // Images from the stored files.
    const box = bubble(panel, 'foto da caixa');
    await expect.poll(() => box.locator('img.cv-media__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
    // Audio: a player of the stored file, with the speed button.
    const audio = panel.locator(`[data-message-id="${seeded.audio.id}"]`);
    await expect.poll(() => audio.locator('audio').evaluate((a: HTMLAudioElement) => a.readyState >= 1 && Math.round(a.duration))).toBe(1);
    expect(await audio.getByTestId('audio-speed').innerText()).toBe('1x');
    // Video: a player pointing at the stored file.
    const video = bubble(panel, 'vídeo do defeito').locator('video');
    expect(await video.getAttribute('src')).toMatch(/^\/public\/company\d+\/messages\/.+\.mp4$/);
    // Document: its name and a download link to the file.
    const doc = panel.locator(`[data-message-id="${seeded.document.id}"]`).getByTestId('message-document');
    expect(await doc.innerText()).toContain('nota-fiscal.pdf');
    const download = await doc.getByRole('button', { name: 'Baixar' }).getAttribute('href');
    expect(download).toMatch(/\.pdf$/);
    expect((await fetch(`${kernel.url}${download}`)).status).toBe(200);
    // Location: the place and a map link.
    const location = panel.locator(`[data-message-id="${seeded.location.id}"]`).getByTestId('message-location');
    expect(await location.innerText()).toContain('Praça da Sé');
    expect(await location.getAttribute('href')).toBe('https://www.google.com/maps?q=-23.55052,-46.633308');
    // Contact card: name, number and the start-a-conversation button.
    const card = panel.locator(`[data-message-id="${seeded.card.id}"]`).getByTestId('message-contact-card');
    expect(await card.innerText()).toContain('Carlos Lima');
    expect(await card.innerText()).toContain('5511955554444');
    expect(await card.getByRole('button', { name: 'Iniciar conversa' }).count()).toBe(1);
    // Call logs: missed, and a received call with its duration.
    expect(await panel.locator(`[data-message-id="${seeded.missed.id}"]`).getByTestId('message-call').innerText()).toContain('Chamada perdida');
    const call = await panel.locator(`[data-message-id="${seeded.call.id}"]`).getByTestId('message-call').innerText();
    expect(call).toContain('Chamada recebida');
    expect(call).toContain('1:15');
    // The link is clickable; the contact's reaction sits on it (a reaction is not a row of its own).
    const link = bubble(panel, 'O pedido está em');
    expect(await link.getByRole('link', { name: 'https://loja.example/pedidos/123' }).getAttribute('href')).toBe('https://loja.example/pedidos/123');
    expect(await link.getByTestId('message-reactions').innerText()).toBe('❤️');
    expect(await panel.locator(`[data-message-id="${seeded.reaction.id}"]`).count()).toBe(0);
    // Forwarded mark, and a quote of the image with its author.
    expect(await bubble(panel, 'Recebi isto do entregador').getByTestId('message-forwarded').innerText()).toContain('Encaminhada');
    const quoted = bubble(panel, 'É sobre esta foto').getByTestId('message-quoted');
    expect(await quoted.innerText()).toContain('Renata Souza');
    expect(await quoted.innerText()).toContain('foto da caixa');
    await shot(page, 'media-types');

    // The contact edits and deletes on their side: the marks appear live.
    await session(siteId).io.edited(seeded.editedByContact.wid, 'Texto corrigido pelo contato');
    const edited = bubble(panel, 'Texto corrigido pelo contato');
    await expect.poll(() => edited.getByTestId('message-edited').count()).toBe(1);
    expect(await edited.getByTestId('message-edited').innerText()).toBe('Editada');
    await session(siteId).io.deleted(seeded.deletedByContact.wid);
    const deleted = panel.locator(`[data-message-id="${seeded.deletedByContact.id}"]`);
    await expect.poll(() => deleted.getByTestId('message-deleted').count()).toBe(1);
    expect(await deleted.getByTestId('message-deleted').innerText()).toContain('Esta mensagem foi apagada');
    expect(await kernel.db('messages').where({ id: seeded.deletedByContact.id }).first('isDeleted')).toEqual({ isDeleted: true });
  });

  it('changes the ack icon live: clock, sent, delivered, read', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, media.uuid);
    // The acks' live events go to the ticket's room: the page must be in it first.
    await watchSocket(page).inTicketRoom(kernel, media.uuid);
    const ack = panel.locator(`[data-message-id="${seeded.fromPhone.id}"] [data-ack]`);
    await expect.poll(() => ack.getAttribute('data-ack')).toBe('clock');
    expect(await ack.getAttribute('aria-label')).toBe('Aguardando envio');
    for (const [value, state, label] of [
      [1, 'sent', 'Enviada'],
      [2, 'delivered', 'Entregue'],
      [3, 'read', 'Lida'],
    ] as const) {
      await session(siteId).io.ack(seeded.fromPhone.wid, value);
      await expect.poll(() => ack.getAttribute('data-ack')).toBe(state);
      expect(await ack.getAttribute('aria-label')).toBe(label);
      expect((await kernel.db('messages').where({ id: seeded.fromPhone.id }).first('ack')).ack).toBe(value);
    }
  });

  it("shows the contact's presence ('digitando…', 'gravando áudio…') and drops it", async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, media.uuid);
    // The presence events go to the ticket's room: the page must be in it first.
    await watchSocket(page).inTicketRoom(kernel, media.uuid);
    const presence = panel.getByTestId('presence');
    expect(await presence.innerText()).toBe('');
    session(siteId).io.presence(renata.id, 'composing');
    await expect.poll(() => presence.innerText()).toBe('digitando…');
    session(siteId).io.presence(renata.id, 'paused');
    await expect.poll(() => presence.innerText()).toBe('');
    session(siteId).io.presence(renata.id, 'recording');
    await expect.poll(() => presence.innerText()).toBe('gravando áudio…');
    // The message they were recording arrives: the presence ends with it.
    await receive(siteId, renata, { body: 'Mandei o áudio', timestamp: new Date() });
    await expect.poll(() => bubble(panel, 'Mandei o áudio').count()).toBe(1);
    await expect.poll(() => presence.innerText()).toBe('');
  });

  it('plays audio at 0.5/1/1.5/2 and remembers the speed across reloads', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, media.uuid);
    const audio = panel.locator(`[data-message-id="${seeded.audio.id}"]`);
    const speed = audio.getByTestId('audio-speed');
    const rate = () => audio.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate);
    await expect.poll(() => speed.innerText()).toBe('1x');
    await speed.click();
    expect(await speed.innerText()).toBe('1.5x');
    expect(await rate()).toBe(1.5);
    await speed.click();
    expect(await speed.innerText()).toBe('2x');
    expect(await rate()).toBe(2);
    await page.reload();
    await expect.poll(() => speed.innerText()).toBe('2x');
    await expect.poll(() => audio.locator('audio').evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.playbackRate)).toBe(2);
    await speed.click();
    expect(await speed.innerText()).toBe('0.5x');
    expect(await rate()).toBe(0.5);
    expect(await page.evaluate(() => localStorage.getItem('guiche:audioPlaybackRate'))).toBe('0.5');
    await speed.click();
    expect(await speed.innerText()).toBe('1x');
    // Playing at the chosen speed.
    await speed.click();
    await audio.locator('audio').evaluate((a: HTMLAudioElement) => a.play());
    await expect.poll(() => audio.locator('audio').evaluate((a: HTMLAudioElement) => !a.paused && a.playbackRate)).toBe(1.5);
  });

  it('opens the image gallery: arrows, zoom step 0.2 between 100 % and 300 %, pinch zoom 1–3', async () => {
    const context = await browser.newContext({ ...QUIET_MOTION, baseURL: kernel.url, viewport: { width: 1400, height: 900 }, locale: 'pt-BR', hasTouch: true });
    try {
      const page = await context.newPage();
      await logIn(page, admin);
      const panel = await openTicket(page, media.uuid);
      await bubble(panel, 'foto da etiqueta').locator('img').click();
      const dialog = page.getByRole('dialog');
      const image = dialog.getByTestId('gallery-image');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(80);
      // The clicked image shows at once; its position once the ticket's images have arrived.
      await expect.poll(() => dialog.innerText()).toContain('2 de 2');
      await dialog.getByRole('button', { name: 'Imagem anterior' }).click();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
      expect(await dialog.innerText()).toContain('1 de 2');
      expect(await dialog.innerText()).toContain('foto da caixa');

      const zoom = dialog.getByTestId('gallery-zoom');
      const scale = () => image.evaluate((img) => img.style.transform);
      expect(await zoom.innerText()).toBe('100%');
      expect(await dialog.getByTestId('gallery-zoom-out').isDisabled()).toBe(true);
      await dialog.getByTestId('gallery-zoom-in').click();
      expect(await zoom.innerText()).toBe('120%');
      expect(await scale()).toBe('scale(1.2)');
      await dialog.getByTestId('gallery-zoom-in').click();
      expect(await zoom.innerText()).toBe('140%');
      await dialog.getByTestId('gallery-zoom-out').click();
      expect(await zoom.innerText()).toBe('120%');
      for (let i = 0; i < 12; i++) if (!(await dialog.getByTestId('gallery-zoom-in').isDisabled())) await dialog.getByTestId('gallery-zoom-in').click();
      expect(await zoom.innerText()).toBe('300%');
      expect(await scale()).toBe('scale(3)');
      await zoom.click();
      expect(await zoom.innerText()).toBe('100%');

      // Two fingers on the touch screen: apart 100 px → 250 px is 2.5×; further is capped at 3×.
      const stage = await dialog.locator('.cv-gallery__stage').boundingBox();
      const cx = stage!.x + stage!.width / 2;
      const cy = stage!.y + stage!.height / 2;
      const cdp = await context.newCDPSession(page);
      const fingers = (gap: number) => [
        { x: cx - gap / 2, y: cy, id: 1 },
        { x: cx + gap / 2, y: cy, id: 2 },
      ];
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', gap: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : fingers(gap) });
      await touch('touchStart', 100);
      await touch('touchMove', 250);
      await expect.poll(() => zoom.innerText()).toBe('250%');
      await touch('touchMove', 600);
      await expect.poll(() => zoom.innerText()).toBe('300%');
      await touch('touchEnd', 0);
      // Pinching in from 3× never goes under 1×.
      await touch('touchStart', 300);
      await touch('touchMove', 20);
      await expect.poll(() => zoom.innerText()).toBe('100%');
      await touch('touchEnd', 0);
      await shot(page, 'gallery');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('lists the ticket media, documents, links and calls in the drawer tabs', async () => {
    const page = await openAs(admin);
    await openTicket(page, media.uuid);
    await page.getByTestId('ticket-header').getByRole('button', { name: /Renata Souza|Dados|contato/i }).first().click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor();
    const tab = (name: string) => drawer.getByRole('tab', { name, exact: true });

    await expect.poll(() => drawer.getByTestId('drawer-tab-media').locator('img').count()).toBe(2);
    expect(await drawer.getByTestId('drawer-tab-media').locator('audio').count()).toBe(1);
    expect(await drawer.getByTestId('drawer-tab-media').locator('video').count()).toBe(1);
    await tab('Documentos').click();
    await expect.poll(() => drawer.getByTestId('drawer-tab-documents').innerText()).toContain('nota-fiscal.pdf');
    await tab('Links').click();
    await expect.poll(() => drawer.getByTestId('drawer-tab-links').getByRole('link').allInnerTexts()).toEqual(['https://loja.example/pedidos/123']);
    await tab('Ligações').click();
    await expect.poll(() => drawer.getByTestId('drawer-tab-calls').locator('li').count()).toBe(2);
  });
});

describe('what the agent does reaches the channel', () => {
  const joao: Peer = { id: '5511933332222', name: 'João Pereira' };
  const lia: Peer = { id: '5511944443333', name: 'Lia Martins' };
  let ticket: { id: number; uuid: string; contactId: number };
  let asked: { id: number; wid: string; ticketId: number };
  let defect: { id: number; wid: string };
  let liaTicketId: number;

  beforeAll(async () => {
    asked = await receive(siteId, joao, { body: 'Preciso trocar o produto', timestamp: today(30) });
    defect = await receive(siteId, joao, { body: 'Ele veio com defeito', timestamp: today(29) });
    ticket = await accept(asked.ticketId);
    // Another contact of the same connection, to forward to.
    liaTicketId = (await receive(siteId, lia, { body: 'Oi, aqui é a Lia', timestamp: today(28) })).ticketId;
  });

  /** Text typed in the input and sent with Enter; the row it stored once the channel took it. */
  async function send(page: Page, text: string) {
    const input = page.getByTestId('message-text');
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    return lastSent(ticket.id);
  }

  it("opens quick replies with '/', previews 35 characters and sends the chosen one", async () => {
    const long = 'Olá {{firstName}}, a troca pode ser feita em qualquer loja em até 30 dias.';
    await apiOk('POST', '/quick-messages', { shortcode: 'troca', message: long });
    await apiOk('POST', '/quick-messages', { shortcode: 'obrigado', message: 'Obrigado pelo contato!' });
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    const input = page.getByTestId('message-text');

    await input.fill('/');
    const list = page.getByTestId('quick-replies');
    const options = list.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    const troca = options.filter({ hasText: '/troca' });
    expect(await troca.innerText()).toContain(`${long.slice(0, 35)}...`);
    expect(await troca.innerText()).not.toContain(long.slice(0, 36));
    expect(await options.filter({ hasText: '/obrigado' }).innerText()).toContain('Obrigado pelo contato!');
    // Typing narrows the list; Escape closes it.
    await input.pressSequentially('tro');
    await expect.poll(() => options.count()).toBe(1);
    await input.press('Escape');
    expect(await list.count()).toBe(0);
    expect(await input.inputValue()).toBe('');
    // A quick message created meanwhile is offered at once (the list follows the company's event).
    await apiOk('POST', '/quick-messages', { shortcode: 'prazo', message: 'O prazo é de 5 dias úteis.' });
    await input.fill('/');
    await expect.poll(() => options.filter({ hasText: '/prazo' }).count()).toBe(1);
    await input.press('Escape');
    // Enter takes the highlighted reply into the input; Enter again sends it.
    await input.pressSequentially('/tro');
    await expect.poll(() => options.count()).toBe(1);
    await input.press('Enter');
    expect(await input.inputValue()).toBe(long);
    expect(await list.count()).toBe(0);
    await input.press('Enter');
    const row = await lastSent(ticket.id);
    // The server fills the variables in; the signature (sendSignMessage) comes first.
    const rendered = 'Olá João, a troca pode ser feita em qualquer loja em até 30 dias.';
    expect(row.body).toBe(`*${admin.user.name}*:\n${rendered}`);
    expect((await deliveredOf(row.id)).body).toBe(row.body);
    await expect.poll(() => bubble(panel, rendered).count()).toBe(1);
  });

  it('replies quoting a message: the quote is shown, stored and sent with its wid', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    await menuOf(page, bubble(panel, 'Ele veio com defeito'));
    await page.getByRole('menuitem', { name: 'Responder' }).click();
    const preview = page.getByTestId('reply-preview');
    expect(await preview.innerText()).toContain('João Pereira');
    expect(await preview.innerText()).toContain('Ele veio com defeito');
    const row = await send(page, 'Pode mandar uma foto do defeito?');
    expect(row.quotedMsgId).toBe(defect.id);
    expect(await preview.count()).toBe(0);
    const reply = bubble(panel, 'Pode mandar uma foto do defeito?');
    await expect.poll(() => reply.getByTestId('message-quoted').count()).toBe(1);
    expect(await reply.getByTestId('message-quoted').innerText()).toContain('Ele veio com defeito');
    const delivered = await deliveredOf(row.id);
    expect(delivered.toId).toBe(joao.id);
    await waitFor(async () => (await kernel.db('messages').where({ id: row.id }).first('sendStatus')).sendStatus === 'sent');
  });

  it('reacts to a message and removes the reaction: both reach the channel', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    // The contact's message itself (the reply quoting it holds the same words).
    const target = panel.locator(`[data-message-id="${defect.id}"]`);
    await menuOf(page, target);
    await page.getByRole('menuitem', { name: /^Reagir(?! com)/ }).hover();
    await page.getByRole('menuitem', { name: 'Reagir com 👍' }).click();
    await expect.poll(() => target.getByTestId('message-reactions').innerText().catch(() => '')).toBe('👍');
    const op = await operation('react', defect.wid);
    expect(op).toMatchObject({ kind: 'react', wid: defect.wid, emoji: '👍' });
    const stored = await kernel.db('messages').where({ ticketId: ticket.id, mediaType: 'reactionMessage', fromMe: true }).orderBy('id').pluck('body');
    expect(stored).toEqual(['👍']);

    // Choosing an emoji closed the message's options.
    await expect.poll(() => page.getByRole('menuitem', { name: 'Responder' }).count()).toBe(0);
    await menuOf(page, target);
    await page.getByRole('menuitem', { name: /^Reagir(?! com)/ }).hover();
    await page.getByRole('menuitem', { name: 'Remover reação' }).click();
    await expect.poll(() => target.getByTestId('message-reactions').count()).toBe(0);
    await waitFor(() => world.operations.all.find((o) => o.kind === 'react' && o.wid === defect.wid && o.emoji === ''));
  });

  it('edits and deletes its own message: the marks show and both reach the channel', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    const row = await send(page, 'Vou abrir a troca agora');
    const { wid } = await deliveredOf(row.id);
    await waitFor(async () => (await kernel.db('messages').where({ id: row.id }).first('sendStatus')).sendStatus === 'sent');

    const mine = bubble(panel, 'Vou abrir a troca agora');
    await menuOf(page, mine);
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    // The edit box holds the text without the signature.
    expect(await page.getByTestId('edit-body').inputValue()).toBe('Vou abrir a troca agora');
    await page.getByTestId('edit-body').fill('Vou abrir a troca hoje');
    await page.getByTestId('edit-save').click();
    const edited = bubble(panel, 'Vou abrir a troca hoje');
    await expect.poll(() => edited.getByTestId('message-edited').count()).toBe(1);
    expect(await operation('edit', wid)).toMatchObject({ body: `*${admin.user.name}*:\nVou abrir a troca hoje` });

    await menuOf(page, edited);
    await page.getByRole('menuitem', { name: 'Apagar' }).click();
    // By its name: the edit dialog may still be leaving the DOM (Blueprint unmounts after its transition timer).
    const confirm = page.getByRole('dialog', { name: 'Apagar mensagem' });
    expect(await confirm.innerText()).toContain('A mensagem será apagada para todos');
    await confirm.getByRole('button', { name: 'Apagar' }).click();
    const gone = panel.locator(`[data-message-id="${row.id}"]`);
    await expect.poll(() => gone.getByTestId('message-deleted').count()).toBe(1);
    expect(await gone.getByTestId('message-deleted').innerText()).toContain('Esta mensagem foi apagada');
    expect(await kernel.db('messages').where({ id: row.id }).first('isDeleted')).toEqual({ isDeleted: true });
    await operation('delete', wid);
    // A deleted message offers neither edit nor delete again.
    await menuOf(page, gone);
    expect(await page.getByRole('menuitem', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Apagar' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Past 15 minutes an own message can no longer be edited (it can still be deleted).
    const old = await send(page, 'Mensagem de antes');
    await kernel.db('messages').where({ id: old.id }).update({ createdAt: new Date(Date.now() - 16 * 60_000) });
    await page.reload();
    const oldBubble = panel.locator(`[data-message-id="${old.id}"]`);
    await menuOf(page, oldBubble);
    expect(await page.getByRole('menuitem', { name: 'Apagar' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Editar' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const refused = await kernel.api('POST', `/messages/edit/${old.id}`, { token: admin.token, body: { body: 'tarde demais' } });
    expect([refused.status, refused.body]).toEqual([400, { error: 'ERR_EDIT_WINDOW_EXPIRED' }]);
  });

  it('writes a private note: it looks different, is stored private and never reaches the channel', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    const input = page.getByTestId('message-text');
    const toggle = page.getByRole('switch', { name: 'Nota privada' });
    await toggle.check({ force: true });
    await expect.poll(() => page.getByTestId('conversation-input').getAttribute('class')).toContain('cv-input--private');
    expect(await input.getAttribute('placeholder')).toBe('Escreva uma nota privada (o contato não a vê)');
    await input.fill('Cliente já trocou um produto este ano');
    await input.press('Enter');
    const note = bubble(panel, 'Cliente já trocou um produto este ano');
    await expect.poll(() => note.getAttribute('data-private')).toBe('true');
    expect(await note.innerText()).toContain('Nota privada');
    const stored = await lastSent(ticket.id, { isPrivate: true });
    // Never signed (the agent's name is not put in front of a note) and never queued for the channel.
    expect(stored).toMatchObject({ body: 'Cliente já trocou um produto este ano', isPrivate: true, sendStatus: null });

    // A normal message sent after it reaches the channel; the note, queued before it on the same
    // ordered queue if it had been, never did.
    await toggle.uncheck({ force: true });
    const normal = await send(page, 'Já registrei aqui');
    await deliveredOf(normal.id);
    expect(world.outbound.all.filter((d) => d.messageId === stored.id || d.body.includes('trocou um produto'))).toEqual([]);

    // Visibly different from an ordinary own message.
    const style = (l: Locator) => l.locator('.cv-message__bubble').evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, border: getComputedStyle(el).borderTopStyle }));
    const noteStyle = await style(note);
    const normalStyle = await style(bubble(panel, 'Já registrei aqui'));
    expect(noteStyle.background).not.toBe(normalStyle.background);
    expect(noteStyle.border).toBe('dashed');
    expect(normalStyle.border).not.toBe('dashed');
    await shot(page, 'private-note');
  });

  it('forwards several selected messages to another contact, in order, marked forwarded', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    await menuOf(page, bubble(panel, 'Preciso trocar o produto'));
    await page.getByRole('menuitem', { name: 'Selecionar' }).click();
    const bar = page.getByTestId('selection-bar');
    await expect.poll(() => bar.innerText()).toContain('1 mensagem selecionada');
    const checkbox = (text: string) => bubble(panel, text).first().getByRole('checkbox', { name: 'Selecionar mensagem' });
    // With nothing selected, forwarding says so.
    await checkbox('Preciso trocar o produto').uncheck({ force: true });
    await expect.poll(() => bar.innerText()).toContain('Nenhuma mensagem selecionada');
    await bar.getByTestId('selection-forward').click();
    await expect.poll(() => page.locator('.bp6-toast').getByText('Nenhuma mensagem selecionada.').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await checkbox('Ele veio com defeito').check({ force: true });
    await checkbox('Preciso trocar o produto').check({ force: true });
    await expect.poll(() => bar.innerText()).toContain('2 mensagens selecionadas');
    await bar.getByTestId('selection-forward').click();

    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Encaminhar 2 mensagens');
    expect(await dialog.getByTestId('forward-send').isDisabled()).toBe(true);
    await dialog.getByTestId('forward-search').fill('Lia');
    await dialog.getByRole('menuitem', { name: /Lia Martins/ }).click();
    expect(await dialog.innerText()).toContain('Para: Lia Martins');
    await dialog.getByTestId('forward-send').click();
    await expect.poll(() => page.getByText('2 mensagens encaminhadas para Lia Martins.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('selection-bar').count()).toBe(0);

    // Lia's ticket gets both, in the conversation's order, marked forwarded, and the channel sends them to her.
    const rows = await waitFor(async () => {
      const found = await kernel.db('messages').where({ ticketId: liaTicketId, fromMe: true }).orderBy('id');
      return found.length === 2 ? found : undefined;
    });
    expect(rows.map((r: any) => [r.body, r.isForwarded])).toEqual([
      ['Preciso trocar o produto', true],
      ['Ele veio com defeito', true],
    ]);
    const delivered = await Promise.all(rows.map((r: any) => deliveredOf(Number(r.id))));
    expect(delivered.map((d) => d.toId)).toEqual([lia.id, lia.id]);

    const liaUuid = (await kernel.db('tickets').where({ id: liaTicketId }).first('uuid')).uuid;
    const liaPanel = await openTicket(page, liaUuid);
    await expect.poll(() => bubble(liaPanel, 'Ele veio com defeito').getByTestId('message-forwarded').count()).toBe(1);
    expect(await bubble(liaPanel, 'Preciso trocar o produto').getByTestId('message-forwarded').innerText()).toContain('Encaminhada');
  });

  it('records audio: a too-short recording is discarded, a real one is sent as audio', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 }, permissions: ['microphone'] });
    // Counts what the recorder produced, so the test stops once there is enough (no fixed wait).
    await page.context().addInitScript({
      content: `(() => {
        window.__recordedBytes = 0;
        const Original = window.MediaRecorder;
        window.MediaRecorder = class CountingRecorder extends Original {
          constructor(stream, options) {
            super(stream, options);
            this.addEventListener('dataavailable', (e) => { window.__recordedBytes += e.data.size; });
          }
        };
      })();`,
    });
    await logIn(page, admin);
    const panel = await openTicket(page, ticket.uuid);
    const audioRows = () => kernel.db('messages').where({ ticketId: ticket.id, fromMe: true, mediaType: 'audio' });

    // Stopped the moment it started: under 10000 bytes, discarded with a notice.
    await page.evaluate(() => {
      const stopAsSoonAsShown = new MutationObserver(() => {
        const stop = document.querySelector<HTMLButtonElement>('[data-testid="audio-stop"]');
        if (!stop) return;
        stopAsSoonAsShown.disconnect();
        stop.click();
      });
      stopAsSoonAsShown.observe(document.body, { childList: true, subtree: true });
      document.querySelector<HTMLButtonElement>('[data-testid="audio-record"]')!.click();
    });
    await expect.poll(() => page.getByText('Áudio muito curto: a gravação foi descartada e não foi enviada.').count()).toBe(1);
    expect(await page.getByTestId('recording').count()).toBe(0);

    // A longer one is sent.
    await page.evaluate(() => ((window as unknown as { __recordedBytes: number }).__recordedBytes = 0));
    await page.getByTestId('audio-record').click();
    const recording = page.getByTestId('recording');
    await recording.waitFor();
    expect(await recording.innerText()).toContain('Gravando…');
    expect(await recording.innerText()).toContain('este navegador não grava mp3: será enviado em webm');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __recordedBytes: number }).__recordedBytes), { timeout: 30000 }).toBeGreaterThan(15000);
    await page.getByTestId('audio-stop').click();
    const [row] = await waitFor(async () => {
      const found = await audioRows();
      return found.length ? found : undefined;
    });
    const file = path.join(storageFolder(kernel), row.mediaUrl);
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(10000);
    expect(row.mediaUrl).toMatch(/\.webm$/);
    const delivered = await deliveredOf(Number(row.id));
    expect(delivered.media?.mimetype).toBe('audio/webm');
    expect(delivered.mediaBytes).toBe(fs.statSync(file).size);
    // The agent's bubble plays it back; the short recording never became a message.
    const bubbleAudio = panel.locator(`[data-message-id="${row.id}"] audio`);
    await expect.poll(() => bubbleAudio.evaluate((a: HTMLAudioElement) => a.readyState >= 1)).toBe(true);
    expect(await audioRows()).toHaveLength(1);
  });
});

describe('the input, the reply window and the contact drawer', () => {
  const marta: Peer = { id: '5511966665555', name: 'Marta Dias' };

  it('grows up to 5 rows, sends with Enter, ignores blank text', async () => {
    const first = await receive(siteId, marta, { body: 'Olá, alguém aí?', timestamp: new Date() });
    const ticket = await accept(first.ticketId);
    const page = await openAs(admin);
    await openTicket(page, ticket.uuid);
    const input = page.getByTestId('message-text');
    await input.click();
    await input.pressSequentially('linha 1');
    for (let i = 2; i <= 8; i++) {
      await input.press('Shift+Enter');
      await input.pressSequentially(`linha ${i}`);
      expect(await input.getAttribute('rows')).toBe(String(Math.min(i, 5)));
    }
    // Past 5 rows the text scrolls inside the input.
    expect(await input.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await input.press('Enter');
    const row = await waitFor(() => kernel.db('messages').where({ ticketId: ticket.id, fromMe: true }).first());
    expect(row.body).toBe(`*${admin.user.name}*:\n${Array.from({ length: 8 }, (_, i) => `linha ${i + 1}`).join('\n')}`);
    await expect.poll(() => input.getAttribute('rows')).toBe('1');
    // Blank text: nothing sent (the next real message is the only other one).
    await input.fill(' \n  ');
    await input.press('Enter');
    await input.fill('ok');
    await input.press('Enter');
    await waitFor(async () => (await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true }).pluck('body')).length === 2);
    expect(await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true }).orderBy('id').pluck('body')).toEqual([row.body, `*${admin.user.name}*:\nok`]);
  });

  it('is disabled unless the ticket is open or a group', async () => {
    const page = await openAs(admin);
    const input = page.getByTestId('message-text');

    // Pending.
    const pending = await receive(siteId, { id: '5511977776666', name: 'Pedro Alves' }, { body: 'Bom dia' });
    const pendingUuid = (await kernel.db('tickets').where({ id: pending.ticketId }).first('uuid')).uuid;
    await openTicket(page, pendingUuid);
    await expect.poll(() => input.isDisabled()).toBe(true);
    expect(await page.getByTestId('input-disabled-notice').innerText()).toBe('Aceite o ticket para responder.');
    expect(await page.getByTestId('audio-record').isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Nota privada' }).isDisabled()).toBe(true);

    // Open, then closed while on screen: the input locks live.
    await accept(pending.ticketId);
    await openTicket(page, pendingUuid);
    await expect.poll(() => input.isDisabled()).toBe(false);
    // The closing's live event goes to the ticket's room: the page must be in it first.
    await watchSocket(page).inTicketRoom(kernel, pendingUuid);
    await apiOk('PUT', `/tickets/${pending.ticketId}`, { status: 'closed' });
    await expect.poll(() => input.isDisabled()).toBe(true);
    expect(await page.getByTestId('input-disabled-notice').innerText()).toBe('Este ticket está fechado. Reabra-o para responder.');

    // A group conversation is writable without being accepted.
    await apiOk('PUT', `/whatsapp/${siteId}`, { allowGroup: true });
    const group = await receive(siteId, { id: '120363000000001@g.us', name: 'Grupo Loja Centro', isGroup: true }, { body: 'Pessoal, chegou o estoque' }, { id: '5511922221111', name: 'Marcos Lima' });
    const groupTicket = await kernel.db('tickets').where({ id: group.ticketId }).first('uuid', 'status');
    expect(groupTicket.status).toBe('group');
    const panel = await openTicket(page, groupTicket.uuid);
    await expect.poll(() => input.isDisabled()).toBe(false);
    expect(await page.getByTestId('input-disabled-notice').count()).toBe(0);
    // Who wrote inside the group is named on the message.
    expect(await bubble(panel, 'Pessoal, chegou o estoque').getByTestId('message-author').innerText()).toBe('Marcos Lima');
    await input.fill('Obrigado, Marcos!');
    await input.press('Enter');
    const sent = await lastSent(group.ticketId);
    expect((await deliveredOf(sent.id)).toId).toBe('120363000000001@g.us');
  });

  it('shows the 24-hour reply notice on Facebook-type channels only', async () => {
    const fb = await receive(pageId, { id: '7391002233', name: 'Fabiana Page' }, { body: 'Vi o anúncio de vocês' });
    const fbTicket = await accept(fb.ticketId);
    const page = await openAs(admin);
    await openTicket(page, fbTicket.uuid);
    await expect.poll(() => page.getByTestId('reply-window-notice').count()).toBe(1);
    expect(await page.getByTestId('reply-window-notice').innerText()).toBe('Neste canal você tem 24 horas para responder após a última mensagem do contato.');
    await page.getByTestId('message-text').fill('Olá Fabiana!');
    await page.getByTestId('message-text').press('Enter');
    expect((await deliveredOf((await lastSent(fb.ticketId)).id)).toId).toBe('7391002233');

    const site = await kernel.db('tickets').where({ contactId: (await kernel.db('contacts').where({ channel: 'webchat', remoteJid: marta.id }).first('id')).id }).first('uuid');
    await openTicket(page, site.uuid);
    await expect.poll(() => page.getByTestId('conversation-messages').count()).toBe(1);
    expect(await page.getByTestId('reply-window-notice').count()).toBe(0);
  });

  it('drawer: bot switch, extra info and e-mail through the edit dialog, masked number for users under LGPD', async () => {
    // A website visitor who typed their phone in the widget: the channel gives it as the number (#32).
    const first = await receive(siteId, { id: 'v5b0f1a2c3d4e5f60718293a4b5c6d7e', number: '5511911112299', name: 'Sofia Ramos' }, { body: 'Queria informações' });
    const ticket = await accept(first.ticketId, paula);
    const contactId = ticket.contactId;
    const page = await openAs(admin);
    await openTicket(page, ticket.uuid);
    await page.getByTestId('ticket-header').getByRole('button', { name: /Sofia Ramos|Dados|contato/i }).first().click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('drawer-contact-number').innerText()).toBe('5511911112299');

    // Bot switch: on, then off again.
    const bot = drawer.getByRole('switch', { name: 'Desabilitar chatbot para este contato' });
    expect(await bot.isChecked()).toBe(false);
    // The switch follows the server's answer (PUT /contacts/toggleDisableBot), so it is clicked, not checked.
    await bot.click({ force: true });
    await expect.poll(async () => (await kernel.db('contacts').where({ id: contactId }).first('disableBot')).disableBot).toBe(true);
    await expect.poll(() => bot.isChecked()).toBe(true);
    await bot.click({ force: true });
    await expect.poll(async () => (await kernel.db('contacts').where({ id: contactId }).first('disableBot')).disableBot).toBe(false);

    // E-mail and an extra info field through the edit dialog.
    expect(await drawer.getByTestId('extra-info').count()).toBe(0);
    await drawer.getByTestId('contact-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('sofia@example.com');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByLabel('Nome do campo').fill('CPF');
    await dialog.getByLabel('Valor').fill('123.456.789-00');
    await dialog.getByTestId('contact-save').click();
    await expect.poll(() => page.getByText('Contato salvo com sucesso.').count()).toBeGreaterThan(0);
    await expect.poll(() => drawer.getByTestId('extra-info').innerText().catch(() => '')).toContain('CPF');
    expect(await drawer.getByTestId('extra-info').innerText()).toContain('123.456.789-00');
    expect(await drawer.getByRole('link', { name: 'sofia@example.com' }).getAttribute('href')).toBe('mailto:sofia@example.com');
    const stored = await kernel.db('contacts').where({ id: contactId }).first('email');
    expect(stored.email).toBe('sofia@example.com');
    expect(await kernel.db('contactCustomFields').where({ contactId }).select('name', 'value')).toEqual([{ name: 'CPF', value: '123.456.789-00' }]);

    // With LGPD hide-number, a plain user sees the number masked (the admin still sees it whole).
    await apiOk('PUT', '/settings/lgpdHideNumber', { value: 'enabled' });
    try {
      const agentPage = await openAs(paula);
      await openTicket(agentPage, ticket.uuid);
      await agentPage.getByTestId('ticket-header').getByRole('button', { name: /Sofia Ramos|Dados|contato/i }).first().click();
      const agentDrawer = agentPage.getByTestId('contact-drawer');
      await expect.poll(() => agentDrawer.getByTestId('drawer-contact-number').innerText()).toBe('***********99');
      await page.reload();
      await page.getByTestId('ticket-header').getByRole('button', { name: /Sofia Ramos|Dados|contato/i }).first().click();
      await expect.poll(() => drawer.getByTestId('drawer-contact-number').innerText()).toBe('5511911112299');
      await shot(agentPage, 'drawer-masked');
    } finally {
      await apiOk('PUT', '/settings/lgpdHideNumber', { value: 'disabled' });
    }
  });
});

describe('the send-contact and camera dialogs', () => {
  const carla: Peer = { id: '5511921212121', name: 'Carla Nunes' };
  let ticket: { id: number; uuid: string; contactId: number };
  /** Reads of an element that may not be there yet: answered at once, so a poll asks again instead of waiting forever. */
  const NOW = { timeout: 1000 };

  /** Keeps every camera stream the page opens (the real one, passed through), to look at its tracks afterwards. */
  const RECORD_STREAMS = `(() => {
    window.__cameraStreams = [];
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      window.__cameraStreams.push(stream);
      return stream;
    };
  })();`;
  const trackStates = (page: Page) => page.evaluate(() => (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams.flatMap((s) => s.getTracks().map((t) => `${t.kind}:${t.readyState}`)));

  async function openCameraPage() {
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 }, permissions: ['camera'] });
    await page.context().addInitScript({ content: RECORD_STREAMS });
    await logIn(page, admin);
    return page;
  }

  async function openAttachment(page: Page, item: 'Contato' | 'Câmera') {
    await page.getByTestId('attach-menu').click();
    await page.getByRole('menu', { name: 'Anexar' }).getByRole('menuitem', { name: item, exact: true }).click();
    return page.getByRole('dialog');
  }

  beforeAll(async () => {
    const first = await receive(siteId, carla, { body: 'Pode me passar o contato do técnico?', timestamp: today(20) });
    ticket = await accept(first.ticketId);
    await apiOk('POST', '/contacts', { name: 'Bruno Técnico', number: '5511912345678' });
    // A website visitor who typed no phone: their address is their peer id (remoteJid), their number is empty (#32).
    await receive(siteId, { id: 'visitante-7f3a9c', name: 'Bruno Visitante' }, { body: 'Olá' });
  });

  it('sends a contact card: searched from 3 characters, stored as a .vcf, delivered and shown as a card', async () => {
    const page = await openAs(admin);
    const panel = await openTicket(page, ticket.uuid);
    const dialog = await openAttachment(page, 'Contato');
    await expect.poll(() => dialog.innerText()).toContain('Enviar contato');
    const send = dialog.getByTestId('send-contact-send');
    expect(await send.isDisabled()).toBe(true);

    // Under 3 characters nothing is searched: the list only says how to search.
    const search = dialog.getByLabel('Contato');
    await search.fill('Br');
    await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual(['Buscar contato (mínimo 3 caracteres)']);
    await search.fill('Bruno');
    await expect.poll(() => page.getByRole('option', { name: /Bruno/ }).count()).toBe(2);

    // The visitor has no phone number: said so, and nothing can be sent.
    await page.getByRole('option', { name: /Bruno Visitante/ }).click();
    await expect.poll(() => dialog.getByTestId('send-contact-problem').innerText(NOW).catch(() => '')).toBe('Este contato não tem um número de telefone para enviar.');
    expect(await send.isDisabled()).toBe(true);

    // By keyboard: a narrower search, the highlighted option taken with Enter, sent with Enter.
    // Focused again, the field shows the contact picked (not the search typed before the pick).
    await search.focus();
    await expect.poll(() => search.getAttribute('aria-expanded')).toBe('true');
    expect(await search.inputValue()).toBe('Bruno Visitante');
    await search.fill('Bruno Téc');
    await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('Bruno Técnico')]);
    await search.press('ArrowDown');
    await search.press('Enter');
    const preview = dialog.getByTestId('send-contact-preview');
    await expect.poll(() => preview.innerText(NOW).catch(() => '')).toContain('5511912345678');
    expect(await preview.innerText()).toContain('Bruno Técnico');
    expect(await dialog.getByTestId('send-contact-problem').count()).toBe(0);
    await expect.poll(() => send.isDisabled()).toBe(false);
    await shot(page, 'send-contact');
    await send.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Stored as a vCard file (text/vcard) with the contact's name and number…
    const row = await lastSent(ticket.id);
    expect(row).toMatchObject({ mediaType: 'application', mediaName: 'Bruno Técnico.vcf', body: '' });
    expect(row.data).toMatchObject({ mimetype: 'text/vcard' });
    const file = path.join(storageFolder(kernel), row.mediaUrl);
    const vcf = fs.readFileSync(file, 'utf8');
    expect(vcf.split('\r\n')).toEqual(expect.arrayContaining(['BEGIN:VCARD', 'FN:Bruno Técnico', 'TEL;type=CELL;waid=5511912345678:+5511912345678', 'END:VCARD']));
    // …that file is what reached Carla through the channel…
    const delivered = await deliveredOf(row.id);
    expect(delivered).toMatchObject({ toId: carla.id, media: { mimetype: 'text/vcard', fileName: 'Bruno Técnico.vcf' }, mediaBytes: fs.statSync(file).size });
    // …and the conversation shows it as a contact card, not as a download.
    const card = panel.locator(`[data-message-id="${row.id}"]`).getByTestId('message-contact-card');
    await expect.poll(() => card.innerText(NOW).catch(() => '')).toContain('5511912345678');
    expect(await card.innerText()).toContain('Bruno Técnico');
    expect(await card.getByRole('button', { name: 'Iniciar conversa' }).count()).toBe(1);
    expect(await panel.locator(`[data-message-id="${row.id}"]`).getByTestId('message-document').count()).toBe(0);
  });

  it('takes a picture: live preview, retake, caption, sent as a JPEG image; the camera is released', async () => {
    const page = await openCameraPage();
    const panel = await openTicket(page, ticket.uuid);
    const dialog = await openAttachment(page, 'Câmera');
    await expect.poll(() => dialog.innerText()).toContain('Tirar foto');
    const video = dialog.getByTestId('camera-video');
    const liveWidth = () => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 && !v.paused ? v.videoWidth : 0), undefined, NOW).catch(() => 0);
    await expect.poll(liveWidth).toBeGreaterThan(0);
    const width = await liveWidth();
    expect(await trackStates(page)).toEqual(['video:live']);

    // A still, then another one.
    await dialog.getByTestId('camera-capture').click();
    const still = dialog.getByTestId('camera-still');
    await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth, undefined, NOW).catch(() => 0)).toBe(width);
    expect(await video.isHidden()).toBe(true);
    await dialog.getByTestId('camera-retake').click();
    await expect.poll(() => still.count()).toBe(0);
    await expect.poll(liveWidth).toBe(width);
    // The camera stayed on for the retake: still the one stream.
    expect(await trackStates(page)).toEqual(['video:live']);
    await dialog.getByTestId('camera-capture').click();
    await still.waitFor();

    // A caption, sent with Enter.
    const caption = dialog.getByTestId('camera-caption');
    await caption.fill('Foto da etiqueta nova');
    await shot(page, 'camera');
    await caption.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Closing the dialog released the camera.
    await expect.poll(() => trackStates(page)).toEqual(['video:ended']);

    // Stored as a JPEG image with the caption as its body (signed, like any text the agent sends).
    const row = await lastSent(ticket.id, { mediaType: 'image' });
    expect(row.body).toBe(`*${admin.user.name}*:\nFoto da etiqueta nova`);
    expect(row.mediaName).toMatch(/^camera-\d{8}-\d{6}\.jpg$/);
    expect(row.mediaUrl).toMatch(/\.jpg$/);
    const file = fs.readFileSync(path.join(storageFolder(kernel), row.mediaUrl));
    expect(file.length).toBeGreaterThan(0);
    expect([file[0], file[1]]).toEqual([0xff, 0xd8]);
    expect([file[file.length - 2], file[file.length - 1]]).toEqual([0xff, 0xd9]);
    // The channel got that file and the caption.
    const delivered = await deliveredOf(row.id);
    expect(delivered).toMatchObject({ toId: carla.id, body: row.body, media: { mimetype: 'image/jpeg' }, mediaBytes: file.length });
    // The conversation shows the picture, at the camera's resolution.
    const image = panel.locator(`[data-message-id="${row.id}"] img.cv-media__image`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth, undefined, NOW).catch(() => 0)).toBe(width);
    expect(await bubble(panel, 'Foto da etiqueta nova').count()).toBe(1);
  });

  it('releases the camera when the dialog is cancelled, and sends nothing', async () => {
    const page = await openCameraPage();
    await openTicket(page, ticket.uuid);
    const before = await kernel.db('messages').where({ ticketId: ticket.id }).count({ n: '*' }).first();
    const dialog = await openAttachment(page, 'Câmera');
    await expect.poll(() => dialog.getByTestId('camera-capture').isEnabled(NOW).catch(() => false)).toBe(true);
    // The shutter has the focus once the picture is live; Escape closes the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('camera-capture');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => trackStates(page)).toEqual(['video:ended']);
    // Opened again: a new stream, and Cancel releases it too.
    const again = await openAttachment(page, 'Câmera');
    await expect.poll(() => trackStates(page)).toEqual(['video:ended', 'video:live']);
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => trackStates(page)).toEqual(['video:ended', 'video:ended']);
    expect(await kernel.db('messages').where({ ticketId: ticket.id }).count({ n: '*' }).first()).toEqual(before);
  });

  it('says so when the camera is denied, and opens no stream', async () => {
    // A browser that asks before opening the camera (the shared one answers yes to every prompt).
    const asking = await launchChromium(['--use-fake-device-for-media-stream']);
    try {
      const context = await asking.newContext({ ...QUIET_MOTION, baseURL: kernel.url, viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
      await context.addInitScript({ content: RECORD_STREAMS });
      const page = await context.newPage();
      // The person said no to the camera for this site (the browser's own permission setting for the origin).
      const cdp = await context.newCDPSession(page);
      const { targetInfo } = await cdp.send('Target.getTargetInfo');
      await cdp.send('Browser.setPermission', { permission: { name: 'camera' }, setting: 'denied', origin: new URL(kernel.url).origin, browserContextId: targetInfo.browserContextId });
      await logIn(page, admin);
      await openTicket(page, ticket.uuid);
      const dialog = await openAttachment(page, 'Câmera');
      await expect.poll(() => dialog.getByTestId('camera').getAttribute('data-state')).toBe('error');
      const problem = dialog.getByTestId('camera-problem');
      expect(await problem.innerText()).toContain('Câmera indisponível');
      expect(await problem.innerText()).toContain('O acesso à câmera foi negado. Permita o uso da câmera nas configurações do navegador e tente novamente.');
      expect(await dialog.getByTestId('camera-capture').isDisabled()).toBe(true);
      expect(await trackStates(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await asking.close();
    }
  });

  it('offers no camera where the browser has none (plain http is not a secure context)', async () => {
    const insecure = kernel.url.replace('127.0.0.1', INSECURE_HOST);
    const context = await browser.newContext({ ...QUIET_MOTION, baseURL: insecure, viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    try {
      const plain = await context.newPage();
      // Through the form: only the browser resolves INSECURE_HOST (logIn's API call runs outside it).
      await submitLogin(plain, admin);
      await plain.waitForURL((url) => !url.pathname.startsWith('/login'));
      expect(await plain.evaluate(() => [window.isSecureContext, 'mediaDevices' in navigator])).toEqual([false, false]);
      await openTicket(plain, ticket.uuid);
      await plain.getByTestId('attach-menu').click();
      const menu = plain.getByRole('menu', { name: 'Anexar' });
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Arquivos', 'Contato']);
    } finally {
      await context.close();
    }
  });
});
