import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestKernel, expectNoEvent, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { Chat, ChatMessage } from '@guiche/contracts';
import chatPlugin from '@guiche/plugin-internal-chat';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The internal-chat web module driven in Debian's chromium against a real kernel (fresh
 * database, the chat plugin, the built shell and remote): two users talk live; the module is
 * never downloaded when the plan disables it; another company never sees the chat.
 */

/** A synthetic microphone, granted without a prompt, for the audio recorder. */
const FAKE_MICROPHONE_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const MODULE_PREFIX = '/modules/internal-chat/';

let kernel: TestKernel;
let browser: Browser;

interface Session {
  page: Page;
  /** Paths of every request the page made, in order. */
  requests: string[];
}

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/internal-chat/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [chatPlugin], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium(FAKE_MICROPHONE_ARGS);
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function openAs(user: TestUser, viewport = { width: 1280, height: 800 }): Promise<Session> {
  const page = await newPage(browser, kernel, { viewport, permissions: ['microphone'] });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await logIn(page, user);
  return { page, requests };
}

function chatItem(page: Page, title: string) {
  return page.getByTestId('chat-item').filter({ hasText: title });
}

function messages(page: Page) {
  return page.getByTestId('chat-messages').getByTestId('chat-message');
}

async function chatsOf(user: TestUser): Promise<Chat[]> {
  const res = await kernel.api('GET', '/chats', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.records as Chat[];
}

/** The user's own unread count of one chat, as the API reports it. */
async function unreadsOf(user: TestUser, uuid: string): Promise<number | undefined> {
  const chat = (await chatsOf(user)).find((c) => c.uuid === uuid);
  return chat?.users.find((u) => u.userId === user.user.id)?.unreads;
}

/** Creates a chat with one member through the "new chat" dialog, as a user does; resolves once it is open. */
async function createInDialog(page: Page, title: string, member: string): Promise<string> {
  await page.getByTestId('chat-new').click();
  await page.locator('#ic-chat-title').fill(title);
  await page.locator('#ic-chat-users').fill(member);
  await page.getByRole('option', { name: member }).click();
  await page.locator('#ic-chat-title').click(); // closes the user list
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The new chat on screen, as the user sees it: the address changes first, and the chat open
  // before (with its message box) stays a moment longer while the page renders the new one.
  await page.getByTestId('chat-conversation').getByRole('heading', { name: title, exact: true }).waitFor();
  return page.url().split('/').pop()!;
}

/**
 * Holds the page's next load of a chat's messages: the server answers it at once (`read` resolves
 * then, before anything else is sent), and the page gets that answer only when `release` is called —
 * the order a loaded machine may give a first load and a send that follows it.
 */
async function holdNextMessagesLoad(page: Page): Promise<{ read: Promise<void>; release(): void }> {
  let markRead!: () => void;
  let release!: () => void;
  const read = new Promise<void>((resolve) => (markRead = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken = false;
  await page.route(/\/api\/chats\/\d+\/messages\?/, async (route) => {
    if (route.request().method() !== 'GET' || taken) return route.fallback();
    taken = true;
    const response = await route.fetch();
    markRead();
    await released;
    await route.fulfill({ response });
  });
  return { read, release };
}

/** The page's answer to its next message send. */
function nextSendAnswer(page: Page) {
  return page.waitForResponse((res) => res.request().method() === 'POST' && /^\/api\/chats\/\d+\/messages$/.test(new URL(res.url()).pathname));
}

/**
 * The first send after creating a chat failed once in a soak and once in a clean-clone CI, never in
 * 19 loaded runs of this test alone (issue #19): the failure says what the page held — the box's
 * text, the focus, the chat calls — so the next one tells a lost keystroke from a lost message.
 */
async function withComposerState(err: Error, session: Session, input: Locator): Promise<Error> {
  const text = await input.inputValue().catch(() => '(no box)');
  const focused = await session.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'none');
  const calls = session.requests.filter((p) => p.startsWith('/api/chats'));
  err.message += `\ncomposer text: ${JSON.stringify(text)}\nfocused: ${focused}\nchat calls: ${calls.join(' ')}`;
  return err;
}

describe('internal chat in the browser', () => {
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    const company = await kernel.createCompany({ planFlags: { useInternalChat: true } });
    alice = company.admin;
    bob = await kernel.createUser(company.company.id, { name: 'Bob Barbosa' });
    const other = await kernel.createCompany({ planFlags: { useInternalChat: true } });
    stranger = other.admin;
  });

  it('two users of one company create a chat and exchange messages live', async () => {
    const a = await openAs(alice);
    const b = await openAs(bob);
    await b.page.goto('/chats');
    await expect.poll(() => b.page.getByText('Nenhuma conversa ainda').isVisible()).toBe(true);
    expect(b.requests).toContain(`${MODULE_PREFIX}mf-manifest.json`);

    // Alice creates the chat: save stays disabled until a title and a user are given.
    await a.page.goto('/chats');
    await a.page.getByTestId('chat-new').click();
    const save = a.page.getByRole('button', { name: 'Salvar' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await a.page.locator('#ic-chat-title').fill('Plantão de sábado');
    expect(await save.isDisabled()).toBe(true);
    await a.page.locator('#ic-chat-users').click();
    await a.page.locator('#ic-chat-users').fill('Bob');
    await a.page.getByRole('option', { name: 'Bob Barbosa' }).click();
    await a.page.locator('#ic-chat-title').click(); // closes the user list
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await a.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatUuid = a.page.url().split('/').pop()!;

    // Bob's list receives the new chat live, without a reload.
    await expect.poll(() => chatItem(b.page, 'Plantão de sábado').count()).toBe(1);

    // Alice writes; blank input is ignored; Enter sends.
    const input = a.page.getByRole('textbox', { name: 'Mensagem' });
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Olá Bob, tudo certo para sábado?');
    await input.press('Enter');
    await expect.poll(() => messages(a.page).count()).toBe(1).catch(async (err: Error) => {
      throw await withComposerState(err, a, input);
    });
    expect(await messages(a.page).first().getAttribute('data-mine')).toBe('true');
    expect(await input.inputValue()).toBe('');

    // Bob sees his unread badge on the chat and in the top-bar popover.
    const bobItem = chatItem(b.page, 'Plantão de sábado');
    await expect.poll(() => bobItem.getByTestId('chat-unread').textContent()).toBe('1');
    await expect.poll(() => b.page.getByTestId('chat-popover-count').textContent()).toBe('1');
    expect(await unreadsOf(bob, chatUuid)).toBe(1);

    // Opening it marks it read first, then loads the messages.
    const before = b.requests.length;
    await bobItem.getByRole('button', { name: /Plantão de sábado/ }).click();
    await expect.poll(() => messages(b.page).count()).toBe(1);
    const opened = b.requests.slice(before).filter((p) => p.startsWith('/api/chats/'));
    const readAt = opened.findIndex((p) => p.endsWith('/read'));
    const messagesAt = opened.findIndex((p) => p.endsWith('/messages'));
    expect(readAt).toBeGreaterThanOrEqual(0);
    expect(messagesAt).toBeGreaterThan(readAt);
    const received = messages(b.page).first();
    expect(await received.getAttribute('data-mine')).toBe('false');
    expect(await received.textContent()).toContain(alice.user.name);
    expect(await received.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect.poll(() => bobItem.getByTestId('chat-unread').count()).toBe(0);
    expect(await b.page.getByTestId('chat-popover-count').count()).toBe(0);
    expect(await unreadsOf(bob, chatUuid)).toBe(0);

    // Bob answers on two lines (Shift+Enter); Alice, with the chat open, sees it live and
    // her copy is marked read again.
    const bobInput = b.page.getByRole('textbox', { name: 'Mensagem' });
    await bobInput.fill('Tudo certo.');
    await bobInput.press('Shift+Enter');
    await bobInput.pressSequentially('Chego às 8h.');
    await bobInput.press('Enter');
    await expect.poll(() => messages(a.page).count()).toBe(2);
    const reply = messages(a.page).nth(1);
    expect(await reply.getAttribute('data-mine')).toBe('false');
    expect(await reply.locator('.ic-message__text').textContent()).toBe('Tudo certo.\nChego às 8h.');
    await waitFor(async () => (await unreadsOf(alice, chatUuid)) === 0);

    const stored = await kernel.api('GET', `/chats/${chatUuid}/messages`, { token: alice.token });
    expect((stored.body.records as ChatMessage[]).map((m) => m.message)).toEqual([
      'Olá Bob, tudo certo para sábado?',
      'Tudo certo.\nChego às 8h.',
    ]);
  });

  it('shows a message sent right after a chat is created or opened, even when the first load of its messages lands after it, every time', async () => {
    const a = await openAs(alice);
    const b = await openAs(bob);
    await a.page.goto('/chats');
    await b.page.goto('/chats');
    await expect.poll(() => a.page.getByTestId('chat-new').isVisible()).toBe(true);

    // Alice's first load of the new chat is read by the server (empty) but reaches her page only
    // after her first message was answered: the message stays in her list.
    const aliceLoad = await holdNextMessagesLoad(a.page);
    await createInDialog(a.page, 'Na hora', 'Bob Barbosa');
    await aliceLoad.read;
    const input = a.page.getByRole('textbox', { name: 'Mensagem' });
    await input.fill('Primeira, na hora');
    const firstAnswer = nextSendAnswer(a.page);
    await input.press('Enter');
    expect((await firstAnswer).status()).toBe(201);
    aliceLoad.release();
    await expect.poll(() => messages(a.page).allInnerTexts()).toEqual([expect.stringContaining('Primeira, na hora')]);

    // Bob opens it while his first load is held; Alice's next message reaches him live before that
    // load does (his chat list shows it): it is not lost when the load lands.
    const bobLoad = await holdNextMessagesLoad(b.page);
    await chatItem(b.page, 'Na hora').getByRole('button', { name: /Na hora/ }).click();
    await bobLoad.read;
    await input.fill('Segunda, ao vivo');
    await input.press('Enter');
    await expect.poll(() => chatItem(b.page, 'Na hora').innerText()).toContain('Segunda, ao vivo');
    bobLoad.release();
    await expect.poll(() => messages(b.page).count()).toBe(2);
    expect(await messages(b.page).nth(1).innerText()).toContain('Segunda, ao vivo');
    await expect.poll(() => messages(a.page).count()).toBe(2);

    // Without holding anything: a new chat and a message sent the moment it is on screen, again and
    // again. The new chat's message box has the focus, and keeps it once the dialog's closing
    // transition has ended (Blueprint would give it back to the "new chat" button then, and an
    // Enter typed in that moment pressed the button instead of sending): Alice just types.
    for (let round = 1; round <= 3; round++) {
      const uuid = await createInDialog(a.page, `Rodada ${round}`, 'Bob Barbosa');
      await expect.poll(() => a.page.getByRole('dialog').count()).toBe(0);
      expect(await input.evaluate((box) => box === document.activeElement)).toBe(true);
      await a.page.keyboard.type(`Mensagem da rodada ${round}`);
      await a.page.keyboard.press('Enter');
      await expect.poll(() => messages(a.page).allInnerTexts()).toEqual([expect.stringContaining(`Mensagem da rodada ${round}`)]);
      const stored = await kernel.api('GET', `/chats/${uuid}/messages`, { token: alice.token });
      expect((stored.body.records as ChatMessage[]).map((m) => m.message)).toEqual([`Mensagem da rodada ${round}`]);
    }
  }, 180000);

  it('sends files and audio, drops a too-short recording, and only the owner edits or deletes', async () => {
    const created = await kernel.api('POST', '/chats', {
      token: alice.token,
      body: { title: 'Arquivos', users: [{ id: bob.user.id }] },
    });
    expect(created.status).toBe(201);
    const chat = created.body as Chat;
    const a = await openAs(alice);
    const b = await openAs(bob);
    await a.page.goto(`/chats/${chat.uuid}`);
    await b.page.goto(`/chats/${chat.uuid}`);
    await expect.poll(() => a.page.getByText('Nenhuma mensagem ainda').isVisible()).toBe(true);

    await a.page.getByTestId('chat-file-input').setInputFiles({ name: 'escala.txt', mimeType: 'text/plain', buffer: Buffer.from('sábado: Bob') });
    await expect.poll(() => messages(b.page).count()).toBe(1);
    expect(await messages(b.page).first().getByRole('button', { name: 'Baixar escala.txt' }).count()).toBe(1);

    // Stopped at once, the recording is far below 10000 bytes: discarded with a notice.
    await a.page.getByRole('button', { name: 'Gravar áudio' }).click();
    await a.page.getByRole('button', { name: 'Parar e enviar o áudio' }).click();
    await expect.poll(() => a.page.getByTestId('chat-notice').textContent()).toBe('Áudio muito curto: a gravação foi descartada.');
    // Two seconds of the synthetic microphone at 128 kbps is well above it: sent as audio.
    await a.page.getByRole('button', { name: 'Gravar áudio' }).click();
    await a.page.getByText('Gravando áudio...').waitFor();
    await a.page.waitForTimeout(2000);
    await a.page.getByRole('button', { name: 'Parar e enviar o áudio' }).click();
    await expect.poll(() => b.page.locator('audio.ic-media--audio').count()).toBe(1);
    const stored = await kernel.api('GET', `/chats/${chat.id}/messages`, { token: bob.token });
    expect((stored.body.records as ChatMessage[]).map((m) => m.mediaType)).toEqual(['other', 'audio']);

    // Bob is a member, not the owner: no edit or delete for him.
    expect(await b.page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await b.page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);

    // Alice deletes after confirming; Bob's open chat closes live.
    await a.page.getByTestId('chat-conversation').getByRole('button', { name: 'Excluir' }).click();
    const confirm = a.page.getByRole('dialog');
    expect(await confirm.textContent()).toContain('não pode ser revertida');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await b.page.waitForURL((url) => url.pathname === '/chats');
    expect(await chatItem(b.page, 'Arquivos').count()).toBe(0);
    expect((await kernel.api('GET', `/chats/${chat.id}`, { token: bob.token })).status).toBe(404);
  });

  it('a user of another company never sees the chat, by API or by socket', async () => {
    const created = await kernel.api('POST', '/chats', {
      token: alice.token,
      body: { title: 'Só da empresa', users: [{ id: bob.user.id }] },
    });
    expect(created.status).toBe(201);
    const chat = created.body as Chat;
    const chatUuid = chat.uuid;
    expect(await chatsOf(stranger)).toEqual([]);
    const direct = await kernel.api('GET', `/chats/${chatUuid}`, { token: stranger.token });
    expect([403, 404]).toContain(direct.status);
    const peek = await kernel.api('GET', `/chats/${chat.id}/messages`, { token: stranger.token });
    expect([403, 404]).toContain(peek.status);

    const socket = await kernel.socket(stranger.token);
    const seen = await expectNoEvent(socket, /chat/, async () => {
      const sent = await kernel.api('POST', `/chats/${chat.id}/messages`, { token: alice.token, body: { message: 'só para nós' } });
      expect(sent.status).toBe(201);
      const renamed = await kernel.api('PUT', `/chats/${chat.id}`, {
        token: alice.token,
        body: { title: 'Ainda só da empresa', users: [{ id: bob.user.id }] },
      });
      expect(renamed.status).toBe(200);
    });
    expect(seen).toEqual([]);

    const s = await openAs(stranger);
    await s.page.goto(`/chats/${chatUuid}`);
    await expect.poll(() => s.page.getByText('Conversa não encontrada').isVisible()).toBe(true);
    expect(await s.page.getByTestId('chat-item').count()).toBe(0);
  });

  it('with useInternalChat off the module is never downloaded and the API answers 403', async () => {
    const company = await kernel.createCompany({ planFlags: { useInternalChat: false } });
    const user = company.admin;
    const denied = await kernel.api('GET', '/chats', { token: user.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'ERR_PLAN_DISABLED', feature: 'useInternalChat' });

    const session = await openAs(user);
    await session.page.goto('/chats');
    await session.page.waitForLoadState('networkidle');
    // The shell did ask which modules the plan enables, and got none.
    expect(session.requests).toContain('/api/web-modules');
    expect((await kernel.api('GET', '/web-modules', { token: user.token })).body).toEqual([]);
    expect(session.requests.filter((p) => p.startsWith(MODULE_PREFIX))).toEqual([]);
    expect(await session.page.getByTestId('chat-popover-button').count()).toBe(0);
  });
});
