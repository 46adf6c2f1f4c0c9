import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import kanbanPlugin from '@guiche/plugin-kanban';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * Day-one defects of the inbox (issue 18), as a support team meets them: a conversation on screen
 * reads what arrives (no badge climbs, the widget shows ✓✓), the resolve dialog defaults to what
 * will happen when there is no farewell, the widget says a resolved conversation is closed until
 * the visitor writes again, and only a deletion says 'Ticket encerrado com sucesso.' — once.
 */

let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let companyId: number;
let admin: TestUser;
let ana: TestUser;
let bruno: TestUser;
let queueId: number;
let connectionId: number;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin, kanbanPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  companyId = company.company.id;
  admin = company.admin;
  ana = await kernel.createUser(companyId, { name: 'Ana Atendente' });
  bruno = await kernel.createUser(companyId, { name: 'Bruno Vendas' });
  queueId = (await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Vendas', color: '#2965CC', userIds: [ana.user.id, bruno.user.id] })).id;
  // A visitor's ticket starts without a queue: Ana takes such tickets.
  await apiOk(kernel, 'PUT', `/users/${ana.user.id}`, admin.token, { allTicket: 'enable' });
  // No complationMessage on purpose: resolving cannot send a farewell.
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
  connectionId = conn.id;
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  // A connection answer never carries its key (#29): the site route gives the widget's.
  const siteKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token as string;
  site = await serveWidgetSite(kernel.apiUrl, siteKey, { lang: 'pt' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
});

async function openAs(user: TestUser, path = '/tickets'): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
  await logIn(page, user);
  // An agent lands on /tickets after login (a client-side redirect): go elsewhere only once it has.
  await page.getByTestId('tickets-page').waitFor();
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  return page;
}

/** A visitor who started the widget and wrote `first`; answers the ticket it created. */
async function visitorWrites(name: string, first: string, phone?: string) {
  const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
  await visitor.goto(site.url);
  // Before starting there is no connection to lose: the widget does not say 'Reconectando…'.
  expect(await visitor.getByTestId('webchat-status').textContent()).toBe('Comece quando quiser');
  await visitor.getByTestId('webchat-launcher').click();
  await visitor.getByTestId('webchat-form').locator('input[name="name"]').fill(name);
  if (phone) await visitor.getByTestId('webchat-form').locator('input[name="phone"]').fill(phone);
  await visitor.getByTestId('webchat-form').locator('button').click();
  await expect.poll(() => visitor.getByTestId('webchat-status').textContent()).toBe('Online');
  const say = async (text: string) => {
    await visitor.getByTestId('webchat-input').fill(text);
    await visitor.getByTestId('webchat-input').press('Enter');
    await expect.poll(() => visitor.getByTestId('webchat-message').filter({ hasText: text }).getAttribute('data-wid')).toMatch(/^in-v/);
  };
  await say(first);
  const inbound = await waitFor(() => kernel.db('messages').where({ whatsappId: connectionId, body: first }).first());
  const ticket = await kernel.db('tickets').where({ id: inbound.ticketId }).first();
  return { visitor, say, ticket };
}

const toasts = (page: Page) => page.locator('.bp6-toast').allInnerTexts();

describe('inbox day one', () => {
  it('reads what arrives in the open conversation: counters stay at 0 everywhere and the widget shows ✓✓', async () => {
    const { visitor, say, ticket } = await visitorWrites('Rita Leitora', 'Oi, tudo bem?');
    await apiOk(kernel, 'PUT', `/tickets/${ticket.id}`, ana.token, { status: 'open', queueId });
    // Ana has the conversation open; a second tab of hers (same browser session) shows only the list.
    const a = await openAs(ana, `/tickets/${ticket.uuid}`);
    const list = await a.context().newPage();
    await list.goto('/tickets');
    await a.getByTestId('conversation-panel').getByTestId('message').filter({ hasText: 'Oi, tudo bem?' }).waitFor();

    for (const text of ['Primeira dúvida', 'Segunda dúvida', 'Terceira dúvida']) await say(text);
    await a.getByTestId('conversation-panel').getByTestId('message').filter({ hasText: 'Terceira dúvida' }).waitFor();

    // The server read them, the channel got the receipts (the widget shows ✓✓ on every message)...
    await expect.poll(async () => (await kernel.db('tickets').where({ id: ticket.id }).first('unreadMessages')).unreadMessages).toBe(0);
    await expect.poll(() => visitor.locator('[data-testid="webchat-message"][data-from="visitor"]:not([data-read="true"])').count()).toBe(0);
    expect(await visitor.locator('[data-testid="webchat-message"][data-from="visitor"][data-read="true"]').count()).toBe(4);
    // ...and no badge is left in either of Ana's tabs: row, tab and bell.
    for (const page of [a, list]) {
      await expect.poll(() => page.getByTestId('ticket-unread').count()).toBe(0);
      expect(await page.getByTestId('tab-badge-open').count()).toBe(0);
      expect(await page.getByTestId('notifications-count').count()).toBe(0);
    }
    await Promise.all([a.close(), list.close(), visitor.close()]);
  }, 180_000);

  it('resolves without a farewell by default when none is configured, and the widget says the conversation is closed', async () => {
    const { visitor, say, ticket } = await visitorWrites('Caio Fechado', 'Preciso de ajuda');
    await apiOk(kernel, 'PUT', `/tickets/${ticket.id}`, ana.token, { status: 'open', queueId });
    const a = await openAs(ana, `/tickets/${ticket.uuid}`);
    await a.getByTestId('action-resolve').click();
    const resolve = a.getByRole('dialog', { name: 'Resolver ticket' });
    await resolve.getByTestId('resolve-no-farewell').waitFor();
    expect(await resolve.getByRole('radio', { name: 'Finalizar sem mensagem de despedida' }).isChecked()).toBe(true);
    expect(await resolve.getByRole('radio', { name: 'Finalizar com mensagem de despedida' }).isDisabled()).toBe(true);
    await resolve.getByRole('button', { name: 'Resolver' }).click();
    await expect.poll(async () => (await kernel.db('tickets').where({ id: ticket.id }).first('status')).status).toBe('closed');

    // Live, then again after a reload of the customer's page; writing again clears it.
    await visitor.getByTestId('webchat-closed').waitFor({ state: 'visible' });
    expect(await visitor.getByTestId('webchat-closed').textContent()).toBe('Atendimento encerrado. Escreva para iniciar um novo.');
    await visitor.reload();
    await visitor.getByTestId('webchat-launcher').click();
    await visitor.getByTestId('webchat-closed').waitFor({ state: 'visible' });
    await say('Voltei com outra pergunta');
    await visitor.getByTestId('webchat-closed').waitFor({ state: 'hidden' });
    await Promise.all([a.close(), visitor.close()]);
  }, 180_000);

  it('says "Ticket encerrado com sucesso." only for a deletion, once, and never after a transfer', async () => {
    const first = await visitorWrites('Tina Transferida', 'Quero falar com vendas');
    await apiOk(kernel, 'PUT', `/tickets/${first.ticket.id}`, ana.token, { status: 'open', queueId });
    const a = await openAs(ana, `/tickets/${first.ticket.uuid}`);
    const b = await openAs(bruno);
    await a.getByTestId('action-transfer').click();
    const transfer = a.getByRole('dialog', { name: 'Transferir ticket' });
    await transfer.locator('#transfer-user').fill('Bru');
    await a.getByRole('option', { name: /Bruno Vendas/ }).click();
    await expect.poll(() => transfer.locator('#transfer-user').inputValue()).toBe('Bruno Vendas');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await a.waitForURL((url) => url.pathname === '/tickets');
    // Bruno has it; by then Ana's socket got the same change (the ticket left her lists).
    await expect.poll(() => b.getByTestId('ticket-row').filter({ hasText: 'Tina Transferida' }).count()).toBe(1);
    await expect.poll(() => a.getByTestId('ticket-row').filter({ hasText: 'Tina Transferida' }).count()).toBe(0);
    // The false toast came with that very event, so it would be on screen now.
    expect((await toasts(a)).filter((text) => text.includes('encerrado'))).toHaveLength(0);

    // An admin deletes the ticket Bruno has open: one toast, and Bruno is back on the list.
    await b.goto(`/tickets/${first.ticket.uuid}`);
    await b.getByTestId('conversation-panel').getByTestId('message').filter({ hasText: 'Quero falar com vendas' }).waitFor();
    await apiOk(kernel, 'DELETE', `/tickets/${first.ticket.id}`, admin.token);
    await b.waitForURL((url) => url.pathname === '/tickets');
    await expect.poll(async () => (await toasts(b)).filter((text) => text.includes('Ticket encerrado com sucesso.')).length).toBe(1);
    await Promise.all([a.close(), b.close(), first.visitor.close()]);
  }, 180_000);

  it('creates a tag from the ticket\'s tag picker, and every open tag picker offers it at once', async () => {
    const first = await visitorWrites('Carla Etiqueta', 'Preciso de retorno');
    await apiOk(kernel, 'PUT', `/tickets/${first.ticket.id}`, ana.token, { status: 'open', queueId });
    const a = await openAs(ana, `/tickets/${first.ticket.uuid}`);
    // Bruno has the contacts page's tag filter open before the tag exists.
    const b = await openAs(bruno, '/contacts');
    await b.getByLabel('Filtrar por tags').click();
    await expect.poll(() => b.getByRole('option', { name: 'Retorno urgente' }).count()).toBe(0);

    await a.getByTestId('ticket-header').getByTitle('Dados do contato').first().click();
    const drawer = a.getByTestId('contact-drawer');
    await drawer.locator('#cd-tags-input').fill('Re');
    // Too short for a tag name (3+): nothing to create yet.
    await a.getByRole('option', { name: 'Nenhuma tag encontrada.' }).waitFor();
    expect(await a.getByTestId('tag-create-option').count()).toBe(0);
    await drawer.locator('#cd-tags-input').fill('Retorno urgente');
    await a.getByTestId('tag-create-option').filter({ hasText: 'Criar tag "Retorno urgente"' }).click();
    await expect
      .poll(() => kernel.db('contactTags').join('tags', 'tags.id', 'contactTags.tagId').where('contactTags.contactId', first.ticket.contactId).pluck('tags.name'))
      .toEqual(['Retorno urgente']);
    expect(await kernel.db('tags').where({ companyId, name: 'Retorno urgente' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    await expect.poll(() => drawer.locator('.bp6-tag').filter({ hasText: 'Retorno urgente' }).count()).toBe(1);
    // A name that exists is picked, not created again.
    await drawer.locator('#cd-tags-input').fill('retorno urgente');
    await a.getByRole('option', { name: 'Retorno urgente' }).waitFor();
    expect(await a.getByTestId('tag-create-option').count()).toBe(0);
    await a.keyboard.press('Escape');

    // Bruno's open filter got the company-{id}-tag event: the new tag is offered without a reload.
    await expect.poll(() => b.getByRole('option', { name: 'Retorno urgente' }).count()).toBe(1);
    await Promise.all([a.close(), b.close(), first.visitor.close()]);
  }, 180_000);

  it('shows a returning customer\'s earlier conversation above the new ticket, named, and the notes of it in the drawer', async () => {
    const first = await visitorWrites('Rita Retorno', 'Meu pedido atrasou');
    await apiOk(kernel, 'PUT', `/tickets/${first.ticket.id}`, ana.token, { status: 'open', queueId });
    await apiOk(kernel, 'POST', `/messages/${first.ticket.id}`, ana.token, { body: 'Vou verificar com a transportadora' });
    await apiOk(kernel, 'POST', '/ticket-notes', ana.token, { note: 'Pedido 4471, transportadora Rápida', ticketId: first.ticket.id, contactId: first.ticket.contactId });
    await apiOk(kernel, 'PUT', `/tickets/${first.ticket.id}`, ana.token, { status: 'closed' });
    await first.say('Voltei, ainda não chegou');
    const again = await waitFor(() => kernel.db('messages').where({ body: 'Voltei, ainda não chegou' }).first());
    expect(again.ticketId).not.toBe(first.ticket.id);
    const second = await kernel.db('tickets').where({ id: again.ticketId }).first();
    await apiOk(kernel, 'PUT', `/tickets/${second.id}`, ana.token, { status: 'open', queueId });

    const a = await openAs(ana, `/tickets/${second.uuid}`);
    const panel = a.getByTestId('conversation-panel');
    await panel.getByTestId('message').filter({ hasText: 'Voltei, ainda não chegou' }).waitFor();
    expect(await panel.getByText('Meu pedido atrasou').count()).toBe(0);
    // Above this ticket's first message: the earlier conversation, under a separator naming it.
    await panel.getByTestId('load-earlier').click();
    await panel.getByTestId('message').filter({ hasText: 'Vou verificar com a transportadora' }).waitFor();
    const separator = panel.locator(`[data-testid="ticket-separator"][data-ticket-id="${first.ticket.id}"]`);
    expect(await separator.innerText()).toContain(`Atendimento #${first.ticket.id} · Fila Vendas · com Ana Atendente`);
    expect(await panel.locator(`[data-testid="ticket-separator"][data-ticket-id="${second.id}"]`).innerText()).toContain(`Este atendimento (#${second.id})`);
    // The earlier conversation is context: no actions on its messages.
    expect(await panel.getByTestId('message').filter({ hasText: 'Meu pedido atrasou' }).getByTestId('message-menu').count()).toBe(0);
    expect(await panel.getByTestId('message').filter({ hasText: 'Voltei, ainda não chegou' }).getByTestId('message-menu').count()).toBe(1);
    // Nothing earlier than that: the start of the conversation.
    await expect.poll(() => panel.getByText('Início da conversa').count()).toBe(1);

    await a.getByTestId('ticket-header').getByTitle('Dados do contato').first().click();
    const note = a.getByTestId('contact-drawer').getByTestId('note').filter({ hasText: 'Pedido 4471' });
    await note.waitFor();
    expect(await note.getByTestId('note-earlier-ticket').innerText()).toBe(`Atendimento #${first.ticket.id}`);
    // The drawer lists the earlier tickets too, each a link.
    const listed = a.getByTestId('contact-drawer').getByTestId('earlier-tickets').locator(`li[data-ticket-id="${first.ticket.id}"]`);
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Vendas');
    expect(await listed.getByRole('link').getAttribute('href')).toBe(`/tickets/${first.ticket.uuid}`);
    // The separator's link opens the earlier ticket.
    await separator.getByRole('link', { name: 'Abrir' }).click();
    await a.waitForURL((url) => url.pathname === `/tickets/${first.ticket.uuid}`);
    await Promise.all([a.close(), first.visitor.close()]);
  }, 180_000);

  it('gives the admin the site snippet, the widget\'s look and the allowed sites; another site gets no widget', async () => {
    const page = await openAs(admin, '/connections');
    await page.getByTestId('connection-row').filter({ hasText: 'Site' }).getByTestId('connection-edit').click();
    const panel = page.getByTestId('webchat-site-panel');
    await panel.waitFor();
    const token = (await kernel.db('whatsapps').where({ id: connectionId }).first('token')).token;
    expect(await panel.getByTestId('webchat-snippet').inputValue()).toBe(`<script src="${kernel.url}/api/webchat/widget.js" data-token="${token}" async></script>`);
    expect(await panel.getByTestId('webchat-preview').getAttribute('href')).toBe(`${kernel.url}/api/webchat/${token}/preview`);

    // A path is not an origin: the field says so and nothing is stored.
    await panel.getByTestId('webchat-origins').fill('https://outra-loja.example.com/contato');
    await panel.getByTestId('webchat-site-save').click();
    await panel.getByText('Informe uma origem como https://www.exemplo.com.br (sem caminho).').waitFor();
    expect(await kernel.db('webchatSites').where({ connectionId }).first()).toBeUndefined();

    await page.locator('#webchat-title').fill('Loja Exemplo');
    await panel.getByTestId('webchat-origins').fill('https://outra-loja.example.com');
    await panel.getByTestId('webchat-site-save').click();
    await page.locator('.bp6-toast', { hasText: 'Configurações do site salvas.' }).waitFor();
    expect(await kernel.db('webchatSites').where({ connectionId }).first('title', 'allowedOrigins')).toEqual({ title: 'Loja Exemplo', allowedOrigins: ['https://outra-loja.example.com'] });

    // The demo site is not in the list: its page gets no widget (the look call answers 403).
    const refused = await newPage(browser, kernel);
    const look = refused.waitForResponse((res) => res.url().endsWith('/site'));
    await refused.goto(site.url);
    expect((await look).status()).toBe(403);
    expect(await refused.locator('[data-guiche-webchat]').count()).toBe(0);

    // Listed, it gets the widget with the configured title.
    await panel.getByTestId('webchat-origins').fill(`https://outra-loja.example.com\n${new URL(site.url).origin}`);
    await panel.getByTestId('webchat-site-save').click();
    await expect.poll(async () => (await kernel.db('webchatSites').where({ connectionId }).first('allowedOrigins')).allowedOrigins).toHaveLength(2);
    await refused.reload();
    await refused.getByTestId('webchat-launcher').click();
    await expect.poll(() => refused.getByTestId('webchat-panel').locator('.head b').textContent()).toBe('Loja Exemplo');

    // Any site again for the other tests of this file.
    await apiOk(kernel, 'PUT', `/webchat/sites/${connectionId}`, admin.token, { allowedOrigins: [] });
    await Promise.all([page.close(), refused.close()]);
  }, 180_000);
});

describe('people, not ids (#32)', () => {
  it('a visitor reads as the name and phone typed in the widget — in contacts and on a Kanban card — and one without a phone as no number, never the v… id', async () => {
    const withPhone = await visitorWrites('Paula Telefone', 'Quero um orçamento', '+55 (11) 98888-1001');
    const without = await visitorWrites('Caio Sem Telefone', 'Só uma dúvida');
    const visitorId = /v[0-9a-f]{8,}/;
    const page = await openAs(admin, '/contacts');

    const row = (name: string) => page.getByTestId('contact-row').filter({ hasText: name });
    await row('Paula Telefone').waitFor();
    expect(await row('Paula Telefone').innerText()).toContain('5511988881001');
    await row('Caio Sem Telefone').waitFor();
    expect(await row('Caio Sem Telefone').innerText()).toContain('Número não disponível');
    expect(await page.getByTestId('contacts-table').innerText()).not.toMatch(visitorId);

    await page.goto('/kanban');
    const card = (ticketId: number) => page.locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"]`);
    await card(withPhone.ticket.id).waitFor();
    expect(await card(withPhone.ticket.id).locator('.kb-card-name').innerText()).toBe('Paula Telefone');
    expect(await card(withPhone.ticket.id).locator('.kb-card-number').innerText()).toBe('5511988881001');
    await card(without.ticket.id).waitFor();
    expect(await card(without.ticket.id).locator('.kb-card-name').innerText()).toBe('Caio Sem Telefone');
    expect(await card(without.ticket.id).locator('.kb-card-number').innerText()).toBe('');
    expect(await page.locator('[data-testid="kanban-card"]').allInnerTexts()).not.toContainEqual(expect.stringMatching(visitorId));
    await Promise.all([page.close(), withPhone.visitor.close(), without.visitor.close()]);
  }, 120_000);
});
