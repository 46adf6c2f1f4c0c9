import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, storageFolder, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot, keepScreenshot } from './support/browser.js';
import { solidPng } from './support/png.js';

/**
 * The conversation panel and the contact drawer in Debian's chromium against a real kernel: a
 * webchat conversation seeded through the ingest service is read, answered (text and image),
 * edited, paged back in time keeping the position; a note, a tag and block/unblock go through the
 * drawer. Every step is checked in the database too.
 */

/** Screenshots for a human to look at, when asked for. */
const SHOTS = process.env.CONVERSATION_SHOTS;

let kernel: TestKernel;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'conversation-e2e-'));

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function openAs(user: TestUser): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
  await logIn(page, user);
  return page;
}

const shot = (page: Page, name: string) => keepScreenshot(SHOTS, page, name);

const visitor = { id: randomBytes(8).toString('hex'), name: 'Renata Visitante' };
let seq = 0;
function inbound(body: string, timestamp: Date, extra: Record<string, unknown> = {}) {
  return { wid: `cv-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp, peer: { id: visitor.id, name: visitor.name }, body, mediaType: 'chat' as const, ...extra };
}

describe('conversation panel and contact drawer', () => {
  let admin: TestUser;
  let connectionId: number;
  let ticket: { id: number; uuid: string; contactId: number };
  const OLDER = 45;

  beforeAll(async () => {
    const company = await kernel.createCompany();
    admin = company.admin;
    const conn = await kernel.api('POST', '/whatsapp', { token: admin.token, body: { name: 'Site', channel: 'webchat' } });
    expect(conn.status).toBeLessThan(300);
    connectionId = conn.body.id;

    // 45 texts over two days (three pages of 20), then an image and the latest text.
    const start = Date.now() - 2 * 24 * 3600_000;
    let result = { ticketId: 0, contactId: 0 };
    for (let i = 1; i <= OLDER; i++) {
      result = await kernel.kernel.core.ingest.ingest(connectionId, inbound(`mensagem antiga ${i}`, new Date(start + i * 60_000 * (i > 30 ? 60 : 1))));
    }
    await kernel.kernel.core.ingest.ingest(connectionId, {
      ...inbound('foto do produto', new Date(Date.now() - 60_000)),
      mediaType: 'image',
      media: { data: solidPng(64, 48, [200, 40, 40]), mimetype: 'image/png', fileName: 'produto.png' },
    });
    result = await kernel.kernel.core.ingest.ingest(connectionId, inbound('Olá, preciso de ajuda com meu pedido', new Date()));
    const row = await kernel.db('tickets').where({ id: result.ticketId }).first('id', 'uuid', 'contactId');
    ticket = { id: row.id, uuid: row.uuid, contactId: row.contactId };
    // The agent accepts it (the accept button belongs to the tickets frame).
    const queue = await kernel.api('POST', '/queue', { token: admin.token, body: { name: 'Suporte', color: '#238551' } });
    expect(queue.status, JSON.stringify(queue.body)).toBeLessThan(300);
    const accepted = await kernel.api('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: admin.user.id, queueId: queue.body.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await kernel.api('POST', '/tags', { token: admin.token, body: { name: 'Cliente VIP', color: '#2D72D2' } });
  });

  it('shows the conversation, replies with text and an image, edits, and pages back keeping the position', async () => {
    const page = await openAs(admin);
    await page.goto(`/tickets/${ticket.uuid}`);
    const panel = page.getByTestId('conversation-panel');
    const messages = panel.getByTestId('message');
    await expect.poll(() => messages.filter({ hasText: 'Olá, preciso de ajuda com meu pedido' }).count()).toBe(1);
    // The inbound image is shown from the stored file.
    const image = panel.locator('img.cv-media__image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    expect(await panel.getByTestId('day-separator').count()).toBeGreaterThan(0);
    expect(await messages.count()).toBe(20);

    // Blank text is ignored; Enter sends.
    const input = page.getByTestId('message-text');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Claro! Qual o número do pedido?');
    await input.press('Enter');
    const mine = messages.filter({ hasText: 'Claro! Qual o número do pedido?' });
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => input.inputValue()).toBe('');
    const stored = await waitFor(async () => {
      const r = await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true, mediaType: 'chat' }).first();
      return r && r.sendStatus !== 'pending' ? r : undefined;
    });
    // The company's sendSignMessage (on by default) puts the agent's name first.
    expect(stored.body).toBe(`*${admin.user.name}*:\nClaro! Qual o número do pedido?`);
    expect(stored.userId).toBe(admin.user.id);
    // The blank text was never sent.
    expect(Number((await kernel.db('messages').where({ ticketId: ticket.id, fromMe: true }).count({ n: '*' }).first())!.n)).toBe(1);
    // The bubble follows the channels runtime's verdict: an ack icon when sent, the error mark when failed.
    if (stored.sendStatus === 'failed') await expect.poll(() => mine.getByTestId('message-failed').count()).toBe(1);
    else await expect.poll(() => mine.locator('[data-ack]').getAttribute('data-ack')).not.toBe('clock');

    // An image with a caption through the attachment dialog.
    const file = path.join(tmp, 'resposta.png');
    fs.writeFileSync(file, solidPng(40, 30, [30, 120, 200]));
    await page.getByTestId('attach-input').setInputFiles(file);
    await page.getByRole('dialog').getByRole('textbox').fill('Segue a imagem');
    await page.getByTestId('attachment-send').click();
    const sentImage = messages.filter({ hasText: 'Segue a imagem' });
    await expect.poll(() => sentImage.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    const imageRow = await waitFor(() => kernel.db('messages').where({ ticketId: ticket.id, fromMe: true, mediaType: 'image' }).first());
    expect(imageRow.body).toBe(`*${admin.user.name}*:\nSegue a imagem`);
    expect(fs.existsSync(path.join(storageFolder(kernel), imageRow.mediaUrl))).toBe(true);

    // Edit the own text message (within 15 minutes).
    await mine.hover();
    await mine.getByTestId('message-menu').click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.getByTestId('edit-body').fill('Claro! Qual é o número do pedido?');
    await page.getByTestId('edit-save').click();
    const edited = messages.filter({ hasText: 'Claro! Qual é o número do pedido?' });
    await expect.poll(() => edited.getByTestId('message-edited').count()).toBe(1);
    expect(await kernel.db('messages').where({ id: stored.id }).first('body', 'isEdited')).toMatchObject({ body: `*${admin.user.name}*:\nClaro! Qual é o número do pedido?`, isEdited: true });
    // The contact's messages offer no edit.
    const theirs = messages.filter({ hasText: 'Olá, preciso de ajuda' });
    // The menu used for the edit may still be leaving the DOM (Blueprint's transition timer).
    await expect.poll(() => page.getByRole('menu', { name: 'Opções da mensagem' }).count()).toBe(0);
    await theirs.hover();
    await theirs.getByTestId('message-menu').click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Responder' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Editar' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shot(page, 'conversation');
    await page.evaluate(() => document.body.classList.add('bp6-dark'));
    await shot(page, 'conversation-dark');
    await page.evaluate(() => document.body.classList.remove('bp6-dark'));

    // Older messages: scrolling to the top loads the previous page and keeps the message in view.
    const scroller = page.getByTestId('conversation-messages');
    const anchorText = await messages.first().innerText();
    const anchorId = await messages.first().getAttribute('data-message-id');
    const before = await messages.count();
    const offsetInView = () =>
      page.locator(`[data-message-id="${anchorId}"]`).evaluate((el) => el.getBoundingClientRect().top - el.closest('[data-testid="conversation-messages"]')!.getBoundingClientRect().top);
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    const offsetBefore = await offsetInView();
    await expect.poll(() => messages.count()).toBeGreaterThan(before);
    await expect.poll(() => scroller.getAttribute('aria-busy')).toBeNull();
    // 20 older messages went on top, yet the message the agent was looking at has not moved
    // (give or take the loading spinner and a day separator): the panel scrolled down for them.
    expect(Math.abs((await offsetInView()) - offsetBefore)).toBeLessThan(60);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(500);
    expect(await page.locator(`[data-message-id="${anchorId}"]`).innerText()).toBe(anchorText);
    // Down to the first message of the conversation.
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
        return panel.getByText('Início da conversa').count();
      })
      .toBe(1);
    expect(await panel.getByText('mensagem antiga 1', { exact: true }).count()).toBe(1);
    // 45 old texts, the image, the last text, the two replies.
    expect(await messages.count()).toBe(OLDER + 4);
  });

  it('adds a note and a tag and blocks/unblocks the contact in the drawer', async () => {
    const page = await openAs(admin);
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-header').getByRole('button', { name: /Renata Visitante|Dados|contato/i }).first().click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('drawer-contact-name').innerText()).toBe(visitor.name);
    expect(await page.locator('.cd-drawer--inline').evaluate((el) => el.getBoundingClientRect().width)).toBe(320);

    // A note needs 2 characters.
    await drawer.getByTestId('note-input').fill('a');
    await drawer.getByTestId('note-add').click();
    await expect.poll(() => drawer.getByText('A observação precisa de ao menos 2 caracteres.').count()).toBe(1);
    await drawer.getByTestId('note-input').fill('Cliente pediu retorno amanhã');
    await drawer.getByTestId('note-add').click();
    await expect.poll(() => page.getByText('Observação adicionada com sucesso!').count()).toBe(1);
    await expect.poll(() => drawer.getByTestId('note').filter({ hasText: 'Cliente pediu retorno amanhã' }).count()).toBe(1);
    expect(await kernel.db('ticketNotes').where({ ticketId: ticket.id, contactId: ticket.contactId }).pluck('note')).toEqual(['Cliente pediu retorno amanhã']);

    // A tag through the tag picker (POST /tags/sync).
    await drawer.locator('#cd-tags-input').click();
    await page.getByRole('option', { name: 'Cliente VIP' }).click();
    await expect
      .poll(async () => kernel.db('contactTags').join('tags', 'tags.id', 'contactTags.tagId').where('contactTags.contactId', ticket.contactId).pluck('tags.name'))
      .toEqual(['Cliente VIP']);
    await page.keyboard.press('Escape');
    // The contact's tag is not the ticket's: the row shows the tags the ticket's own picker sets (issue #32).
    const row = page.locator(`[data-testid="ticket-row"][data-ticket-id="${ticket.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('ticket-row-tag').count()).toBe(0);
    await drawer.locator('#cd-ticket-tags-input').click();
    // (The contact picker's list may still be closing: its option is the selected one.)
    await page.getByRole('option', { name: 'Cliente VIP', selected: false }).click();
    await expect.poll(() => row.getByTestId('ticket-row-tag').textContent()).toBe('Cliente VIP');
    expect(await kernel.db('ticketTags').join('tags', 'tags.id', 'ticketTags.tagId').where('ticketTags.ticketId', ticket.id).pluck('tags.name')).toEqual(['Cliente VIP']);
    await page.keyboard.press('Escape');

    // Block, confirmed, then unblock.
    await drawer.getByTestId('contact-block').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bloquear' }).click();
    await expect.poll(() => page.getByText('Contato bloqueado', { exact: true }).first().isVisible()).toBe(true);
    expect((await kernel.db('contacts').where({ id: ticket.contactId }).first('active')).active).toBe(false);
    await shot(page, 'contact-drawer');
    await drawer.getByTestId('contact-block').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desbloquear' }).click();
    await expect.poll(() => page.getByText('Contato desbloqueado').count()).toBeGreaterThan(0);
    expect((await kernel.db('contacts').where({ id: ticket.contactId }).first('active')).active).toBe(true);

    // The note is deleted after confirmation.
    await drawer.getByTestId('note-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(() => page.getByText('Observação excluída com sucesso!').count()).toBe(1);
    expect(Number((await kernel.db('ticketNotes').where({ ticketId: ticket.id }).count({ n: '*' }).first())!.n)).toBe(0);
  });
});
