import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import { createPromptsPlugin } from '../src/plugin.js';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes.js';

/** The embedded default (PGlite, in-process bus and jobs): the assistant answers, records usage and transfers. */
let w: BotWorld;
let oa: FakeOpenAi;

beforeAll(async () => {
  oa = await startFakeOpenAi();
  w = await startBotWorld({ embedded: true, plugins: [createPromptsPlugin({ openAiBase: `${oa.url}/v1`, limits: { timeoutMs: 2000, retries: 1, backoffMs: 50 } })] });
});
afterAll(async () => {
  await w?.close();
  await oa?.close();
});

describe('prompts on the embedded default', () => {
  it('answers with the model and hands over on the tool call', async () => {
    const queue = await w.queue({ name: 'IA', greetingMessage: 'IA.' });
    const prompt = await w.k.api('POST', '/prompt', { token: w.company.admin.token, body: { name: 'P', prompt: 'Seja breve.', apiKey: 'sk-embedded-000011112222', queueId: queue.id } });
    expect(prompt.status).toBe(201);
    await w.k.api('PUT', `/queue/${queue.id}`, { token: w.company.admin.token, body: { name: 'IA', color: queue.color, greetingMessage: 'IA.', promptId: prompt.body.id } });
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const c = await w.customer('webchat');
    await c.send('oi');
    expect((await receive(c, 2))[1].body).toMatch(/^IA \(\d msgs\): oi$/);
    expect(Number((await w.k.db('promptUsage').where({ companyId: w.company.company.id }).count({ n: '*' }).first())!.n)).toBe(1);
    await c.send('uma reclamação');
    await receive(c);
    await waitFor(async () => (await c.ticket()).useIntegration === false);
  });
});
