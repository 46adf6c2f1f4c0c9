import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import kanbanPlugin from '@guiche/plugin-kanban';
import { closeBrowser, keepScreenshot, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The kanban web module in Debian's chromium against a real kernel: a card dragged with the mouse
 * or the keyboard in one browser moves live in another; a move the server refuses leaves the card
 * where it was; the kanban tags manager validates and lists lanes; a plan without useKanban never
 * fetches the remote and is sent to / with the denial message.
 */

const MODULE_PREFIX = '/modules/kanban/';
const SHOTS = process.env.KANBAN_SHOTS;
let kernel: TestKernel;
let browser: Browser;
let seq = 0;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/kanban/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [kanbanPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function open(user: TestUser, path: string): Promise<{ page: Page; requests: string[] }> {
  const page = await newPage(browser, kernel);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await logIn(page, user, path);
  return { page, requests };
}

const lane = (page: Page, id: number) => page.locator(`[data-testid="kanban-lane"][data-lane-id="${id}"]`);
const card = (page: Page, laneId: number, ticketId: number) => lane(page, laneId).locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"]`);

/**
 * The card is lifted (Space) and the keyboard now moves it. dnd-kit listens for the arrows only from
 * a timer it sets when the drag starts, and Chromium handles input before timers: an arrow sent
 * right after the lift could arrive first and be lost. A timer of the page's own, set after the lift
 * shows, runs after dnd-kit's.
 */
async function startedKeyboardDrag(page: Page, ticketId: number): Promise<void> {
  await page.locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"].kb-dragging`).waitFor();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function laneTagsOf(ticketId: number): Promise<number[]> {
  const rows: { tagId: number }[] = await kernel.db('ticketTags').join('tags', 'tags.id', 'ticketTags.tagId').where({ ticketId, 'tags.kanban': true }).select('ticketTags.tagId');
  return rows.map((r) => r.tagId);
}

/** Drags with real pointer events, in steps, as a person would. */
async function dragWithMouse(page: Page, from: ReturnType<typeof card>, to: ReturnType<typeof lane>) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('card or lane not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + 20, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 12 });
  await page.mouse.up();
}

describe('kanban board in the browser', () => {
  let admin: TestUser;
  let agent: TestUser;
  let laneA: number;
  let laneB: number;
  let tickets: { id: number; uuid: string; name: string }[];

  beforeAll(async () => {
    const company = await kernel.createCompany({ planFlags: { useKanban: true } });
    admin = company.admin;
    const companyId = company.company.id;
    const [q] = await kernel.db('queues').insert({ companyId, name: 'Vendas', color: '#2965CC' }).returning('id');
    agent = await kernel.createUser(companyId, { name: 'Ana Agente' });
    await kernel.db('userQueues').insert({ companyId, userId: agent.user.id, queueId: q.id });
    const [conn] = await kernel.db('whatsapps').insert({ companyId, name: 'Linha', channel: 'whatsapp', token: randomBytes(10).toString('hex') }).returning('id');
    [laneA, laneB] = (await kernel.db('tags').insert([{ companyId, name: 'Negociação', color: '#29A634', kanban: true }, { companyId, name: 'Fechado', color: '#D13913', kanban: true }]).returning('id')).map((r: { id: number }) => r.id);
    tickets = [];
    for (const name of ['Carla Cliente', 'Davi Dono', 'Eva Estrela']) {
      const [c] = await kernel.db('contacts').insert({ companyId, name, number: `5511988${String(++seq).padStart(6, '0')}`, channel: 'whatsapp' }).returning('id');
      const [t] = await kernel.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: c.id, queueId: q.id, status: 'pending', lastMessage: `Olá de ${name}` }).returning(['id', 'uuid']);
      tickets.push({ ...t, name });
    }
  });

  it('a card dragged with the mouse in one browser moves live in another; "Ver Ticket" opens the ticket', async () => {
    const one = await open(admin, '/Kanban');
    const two = await open(agent, '/kanban');
    const [carla] = tickets;
    for (const { page } of [one, two]) {
      await card(page, 0, carla.id).waitFor();
      await expect.poll(() => lane(page, laneA).getByTestId('kanban-card').count()).toBe(0);
    }
    await expect.poll(() => card(one.page, 0, carla.id).textContent()).toContain('Olá de Carla Cliente');
    await dragWithMouse(one.page, card(one.page, 0, carla.id), lane(one.page, laneA));
    await card(one.page, laneA, carla.id).waitFor();
    await card(two.page, laneA, carla.id).waitFor();
    await expect.poll(() => card(two.page, 0, carla.id).count()).toBe(0);
    expect(await laneTagsOf(carla.id)).toEqual([laneA]);
    await keepScreenshot(SHOTS, two.page, 'kanban-live');

    await card(two.page, laneA, carla.id).getByTestId('kanban-view-ticket').click();
    await two.page.waitForURL(`**/tickets/${carla.uuid}`);
  });

  it('a card moves with the keyboard (space, arrow, space) and the other browser follows', async () => {
    const one = await open(admin, '/kanban');
    const two = await open(agent, '/kanban');
    const davi = tickets[1];
    await card(two.page, 0, davi.id).waitFor();
    await card(one.page, 0, davi.id).focus();
    await one.page.keyboard.press('Space');
    await startedKeyboardDrag(one.page, davi.id);
    // Lanes are in name order: Em aberto, Fechado (laneB), Negociação (laneA). Each arrow jumps one
    // lane; the lane under the card is highlighted before the next key.
    await one.page.keyboard.press('ArrowRight');
    await lane(one.page, laneB).and(one.page.locator('.kb-over')).waitFor();
    await one.page.keyboard.press('ArrowRight');
    await lane(one.page, laneA).and(one.page.locator('.kb-over')).waitFor();
    await one.page.keyboard.press('ArrowLeft');
    await lane(one.page, laneB).and(one.page.locator('.kb-over')).waitFor();
    await one.page.keyboard.press('Space');
    await card(one.page, laneB, davi.id).waitFor();
    await card(two.page, laneB, davi.id).waitFor();
    expect(await laneTagsOf(davi.id)).toEqual([laneB]);
  });

  it('a move the server refuses leaves the card where it was', async () => {
    const one = await open(admin, '/kanban');
    const eva = tickets[2];
    await card(one.page, 0, eva.id).waitFor();
    await lane(one.page, laneB).waitFor();
    // The lane's tag stops being a kanban tag behind the board's back: the server refuses the move.
    await kernel.db('tags').where({ id: laneB }).update({ kanban: false });
    try {
      const answered = one.page.waitForResponse((r) => r.url().endsWith('/api/ticket/kanban/move'));
      await dragWithMouse(one.page, card(one.page, 0, eva.id), lane(one.page, laneB));
      expect((await answered).status()).toBe(404);
      await card(one.page, 0, eva.id).waitFor();
      await expect.poll(() => card(one.page, laneB, eva.id).count()).toBe(0);
      expect(await laneTagsOf(eva.id)).toEqual([]);
    } finally {
      await kernel.db('tags').where({ id: laneB }).update({ kanban: true });
    }
  });

  it('a ticket opened or closed elsewhere joins or leaves the board live', async () => {
    const { page } = await open(admin, '/kanban');
    await lane(page, 0).waitFor();
    const companyId = admin.user.companyId;
    const [c] = await kernel.db('contacts').insert({ companyId, name: 'Nina Nova', number: `5511988${String(++seq).padStart(6, '0')}`, channel: 'whatsapp' }).returning('id');
    const conn = await kernel.db('whatsapps').where({ companyId }).first('id');
    const created = await kernel.api('POST', '/tickets', { token: admin.token, body: { contactId: c.id, whatsappId: conn.id, status: 'open' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await card(page, 0, created.body.id).waitFor();
    const closed = await kernel.api('PUT', `/tickets/${created.body.id}`, { token: admin.token, body: { status: 'closed', sendFarewellMessage: false } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await expect.poll(() => card(page, 0, created.body.id).count()).toBe(0);
  });

  it('the kanban tags manager checks the name, adds a lane with its tickets count, and the board shows it', async () => {
    const { page } = await open(admin, '/TagsKanban');
    await page.getByTestId('kanban-tag-row').filter({ hasText: 'Negociação' }).waitFor();
    await expect.poll(() => page.getByTestId('kanban-tag-row').filter({ hasText: 'Negociação' }).getByTestId('kanban-tag-count').textContent()).toBe('1');
    await page.getByTestId('kanban-tags-add').click();
    await page.locator('#kanban-tag-name').fill('ab');
    await page.getByTestId('kanban-tag-save').click();
    await page.getByText('Mensagem muito curta').waitFor();
    await page.locator('#kanban-tag-name').fill('Pós-venda');
    await page.getByTestId('kanban-tag-save').click();
    await page.getByTestId('kanban-tag-row').filter({ hasText: 'Pós-venda' }).waitFor();
    const created = await kernel.db('tags').where({ name: 'Pós-venda' }).first('id', 'kanban');
    expect(created.kanban).toBe(true);
    await page.goto('/kanban');
    await lane(page, created.id).waitFor();
  });
});

it('without useKanban the remote is never fetched, the API answers 403 and /kanban goes to / with the denial message', async () => {
  const company = await kernel.createCompany({ planFlags: { useKanban: false } });
  expect(await kernel.api('GET', '/ticket/kanban', { token: company.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
  const { page, requests } = await open(company.admin, '/kanban');
  await page.locator('.bp6-toast', { hasText: 'O plano desta empresa não inclui Kanban' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/TagsKanban');
  await page.waitForURL((url) => url.pathname === '/');
  expect(requests.filter((p) => p.startsWith(MODULE_PREFIX))).toEqual([]);
});
