import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitFor, type TestUser } from '@guiche/core/testing';
import { createPromptsPlugin } from '@guiche/plugin-prompts';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { startBotWorld, type BotWorld } from '../core/test/bot-support.js';
import { startFakeOpenAi, type FakeOpenAi } from '../plugins/prompts/test/fakes.js';

/** Issue #33 in the browser: an agent transcribes a customer's audio; the text shows under it, and live for a colleague. */
let w: BotWorld;
let openai: FakeOpenAi;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  openai = await startFakeOpenAi();
  w = await startBotWorld({ serveWeb: true, config: { WEB_ROOT: webRoot }, plugins: [createPromptsPlugin({ openAiBase: `${openai.url}/v1` })] });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await w?.close();
  await openai?.close();
});

async function conversation(user: TestUser, uuid: string): Promise<Page> {
  const page = await newPage(browser, w.k, { viewport: { width: 1300, height: 900 } });
  await logIn(page, user, `/tickets/${uuid}`);
  await page.getByTestId('conversation-panel').waitFor();
  return page;
}

describe('audio transcription in the conversation', () => {
  it('transcribes an audio on click and shows the text to both agents', async () => {
    const admin = w.company.admin;
    const queue = await w.queue({ name: 'Áudios' });
    const prompt = await w.k.api('POST', '/prompt', { token: admin.token, body: { name: 'Chave', prompt: 'x', apiKey: 'sk-test-navegador-1234', queueId: queue.id } });
    expect(prompt.status).toBe(201);
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const customer = await w.customer('webchat');
    await customer.sendAudio();
    const ticket = await customer.ticket();
    const audio = await waitFor(() => w.k.db('messages').where({ ticketId: ticket.id, mediaType: 'audio' }).whereNotNull('mediaUrl').first('id'));
    const colleague = await w.k.createUser(w.company.company.id, { profile: 'admin', name: 'Carla Colega' });

    const [mine, theirs] = await Promise.all([conversation(admin, ticket.uuid), conversation(colleague, ticket.uuid)]);
    const bubble = (page: Page) => page.locator(`[data-message-id="${audio.id}"]`);
    await bubble(theirs).getByTestId('transcribe-audio').waitFor();
    await bubble(mine).getByTestId('transcribe-audio').click();
    await expect.poll(() => bubble(mine).getByTestId('audio-transcript').textContent()).toBe('quanto custa o frete');
    await expect.poll(() => bubble(theirs).getByTestId('audio-transcript').textContent()).toBe('quanto custa o frete');
    expect(await bubble(theirs).getByTestId('transcribe-audio').count()).toBe(0);
  });
});
