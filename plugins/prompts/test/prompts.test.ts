import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, waitFor, type FakeServer } from '@guiche/core/testing';
import { createPromptsPlugin } from '../src/plugin.js';
import { logOf, receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeOpenAi, startFakeTts, type FakeOpenAi } from './fakes.js';

/** Prompts (outreach-config.md §3, §5, §7): the API and the assistant against fake OpenAI and TTS servers. */
let w: BotWorld;
let oa: FakeOpenAi;
let tts: FakeServer;
let admin: string;
const KEY = 'sk-test-1234567890abcd';
const SYSTEM = 'Você é o assistente da Padaria Pão Quente. Responda com gentileza e brevidade.';

beforeAll(async () => {
  [oa, tts] = await Promise.all([startFakeOpenAi(), startFakeTts()]);
  w = await startBotWorld({
    plugins: [createPromptsPlugin({ openAiBase: `${oa.url}/v1`, ttsUrl: `${tts.url}/cognitiveservices/v1?region={region}`, limits: { timeoutMs: 1500, retries: 1, backoffMs: 50, maxRetryAfterMs: 2000 } })],
  });
  admin = w.company.admin.token;
});
afterAll(async () => {
  await w?.close();
  await Promise.all([oa?.close(), tts?.close()]);
});

const post = (body: Record<string, unknown>, token = admin) => w.k.api('POST', '/prompt', { token, body });

/** A queue with a new prompt, the only queue of the website chat. */
async function promptQueue(name: string, fields: Record<string, unknown> = {}) {
  const queue = await w.queue({ name, greetingMessage: `${name}: olá!` });
  const prompt = await post({ name: `Prompt ${name}`, prompt: SYSTEM, apiKey: KEY, queueId: queue.id, ...fields });
  if (prompt.status !== 201) throw new Error(JSON.stringify(prompt.body));
  await w.k.api('PUT', `/queue/${queue.id}`, { token: admin, body: { name, color: queue.color, greetingMessage: `${name}: olá!`, promptId: prompt.body.id } });
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
  return { queue, prompt: prompt.body };
}

describe('prompts API', () => {
  it('needs a queue ("Informe o setor"), applies the defaults and never answers the key in full', async () => {
    const none = await post({ name: 'Sem setor', prompt: SYSTEM, apiKey: KEY });
    expect(none.status).toBe(400);
    expect(none.body.issues).toContainEqual(expect.objectContaining({ path: ['queueId'], message: 'prompts:validation.queue' }));
    const queue = await w.queue({ name: 'Padaria', greetingMessage: 'oi' });
    const socket = await w.k.socket(admin);
    const event = nextEvent(socket, `company-${w.company.company.id}-prompt`);
    const created = await post({ name: 'Atendente IA', prompt: SYSTEM, apiKey: KEY, queueId: queue.id, voiceKey: 'voz-secreta-123456' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, queue: { id: queue.id, name: 'Padaria' }, apiKey: '••••••••abcd', voiceKey: '••••••••3456' });
    expect((await event).action).toBe('create');
    socket.disconnect();
    const stored = await w.k.db('prompts').where({ id: created.body.id }).first('apiKey', 'voiceKey');
    expect(stored.apiKey).not.toContain('sk-test');
    expect(stored.voiceKey).not.toContain('voz-secreta');
    // The masked key sent back keeps the stored one; a new key replaces it.
    const kept = await w.k.api('PUT', `/prompt/${created.body.id}`, { token: admin, body: { ...created.body, maxTokens: 200 } });
    expect(kept.body).toMatchObject({ apiKey: '••••••••abcd', maxTokens: 200 });
    const replaced = await w.k.api('PUT', `/prompt/${created.body.id}`, { token: admin, body: { ...created.body, apiKey: 'sk-other-key-99998888' } });
    expect(replaced.body.apiKey).toBe('••••••••8888');
    const list = await w.k.api('GET', '/prompt', { token: admin });
    expect(list.body.prompts.map((p: { id: number }) => p.id)).toContain(created.body.id);
    expect(JSON.stringify(list.body)).not.toContain('sk-');
    expect((await w.k.api('POST', '/prompt', { token: admin, body: { queueId: queue.id, voice: 'robô' } })).status).toBe(400);
  });

  it('keeps tenants apart and lets only admins change prompts', async () => {
    const queue = await w.queue({ name: 'Só minha', greetingMessage: 'oi' });
    const mine = await post({ name: 'Meu', queueId: queue.id });
    const other = await w.k.createCompany();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await w.k.api(method, `/prompt/${mine.body.id}`, { token: other.admin.token, body: method === 'PUT' ? { queueId: queue.id } : undefined })).status).toBe(method === 'PUT' ? 404 : 404);
    }
    expect((await post({ name: 'Fila alheia', queueId: queue.id }, other.admin.token)).body.error).toBe('ERR_NO_QUEUE_FOUND');
    const user = await w.k.createUser(w.company.company.id, { profile: 'user' });
    expect((await post({ name: 'x', queueId: queue.id }, user.token)).status).toBe(403);
    expect((await w.k.api('DELETE', `/prompt/${mine.body.id}`, { token: admin })).body).toEqual({ message: 'Prompt deleted' });
    const denied = await w.k.createCompany({ planFlags: { useOpenAi: false } });
    const res = await w.k.api('GET', '/prompt', { token: denied.admin.token });
    expect([res.status, res.body.error]).toEqual([403, 'ERR_PLAN_DISABLED']);
  });
});

describe('the assistant', () => {
  it('answers with the prompt as system text and the last maxMessages as context, and records token usage', async () => {
    const { prompt } = await promptQueue('Pães', { maxMessages: 3, maxTokens: 150, temperature: 0.5 });
    const c = await w.customer('webchat');
    await c.send('oi');
    const [greeting, first] = await receive(c, 2);
    expect(greeting.body).toBe('Pães: olá!');
    expect(first.body).toBe('IA (3 msgs): oi');
    await c.send('tem pão de queijo?');
    expect((await receive(c))[0].body).toBe('IA (4 msgs): tem pão de queijo?');
    const body = oa.completions().at(-1)!.json;
    expect(body).toMatchObject({ max_tokens: 150, temperature: 0.5, messages: [{ role: 'system', content: SYSTEM }, { role: 'assistant', content: 'Pães: olá!' }, { role: 'assistant', content: 'IA (3 msgs): oi' }, { role: 'user', content: 'tem pão de queijo?' }] });
    expect(body.tools[0].function.name).toBe('transfer_to_human');
    expect(oa.completions().at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    const usage = await w.k.db('promptUsage').where({ companyId: w.company.company.id, promptId: prompt.id }).sum({ total: 'totalTokens' }).first();
    expect(Number(usage!.total)).toBe(60 + 61);
  });

  it('transfers to the queue when the model calls transfer_to_human or the customer asks for a person', async () => {
    const { queue } = await promptQueue('Reclamações');
    const c = await w.customer('webchat');
    await c.send('tenho uma reclamação');
    expect((await receive(c, 2))[1].body).toBe('Vou chamar um atendente.');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: queue.id });
    expect((await logOf(w.k, ticket.id)).at(-1)).toMatchObject({ type: 'transfered', queueId: queue.id });

    const d = await w.customer('webchat');
    const calls = oa.completions().length;
    await d.send('quero falar com um atendente');
    await receive(d);
    await waitFor(async () => (await d.ticket()).useIntegration === false);
    expect(oa.completions().length).toBe(calls);
  });

  it('transcribes audio first and answers with a voice note when a voice is set', async () => {
    await promptQueue('Voz', { voice: 'pt-BR-FranciscaNeural', voiceKey: 'voz-123', voiceRegion: 'brazilsouth' });
    const c = await w.customer('webchat');
    await c.sendAudio();
    const [, answer] = await receive(c, 2);
    expect(answer.file?.mimetype).toBe('audio');
    expect(oa.requests.some((r) => r.path === '/v1/audio/transcriptions')).toBe(true);
    // The greeting was sent after the audio arrived, so it follows it in the context.
    expect(oa.completions().at(-1)!.json.messages.slice(1)).toEqual([{ role: 'user', content: 'quanto custa o frete' }, { role: 'assistant', content: 'Voz: olá!' }]);
    const speech = tts.requests.at(-1)!;
    expect(speech.query.get('region')).toBe('brazilsouth');
    expect(speech.raw.toString()).toContain("name='pt-BR-FranciscaNeural'>IA (");
    const sent = await w.k.db('messages').where({ ticketId: (await c.ticket()).id, fromMe: true }).orderBy('id', 'desc').first('mediaType');
    expect(sent.mediaType).toBe('audio');
  });

  it('retries a 429 after its Retry-After, and hands over on repeated 429, a long Retry-After or a timeout', async () => {
    await promptQueue('Limites');
    const ok = await w.customer('webchat');
    oa.failNext(1, { status: 429, headers: { 'retry-after': '0' }, json: { error: { message: 'Rate limit reached', type: 'requests' } } });
    await ok.send('oi');
    expect((await receive(ok, 2))[1].body).toMatch(/^IA \(/);

    for (const [reply, count, reason] of [
      [{ status: 429, headers: { 'retry-after': '0' }, json: { error: { message: 'Rate limit reached' } } }, 2, 'outside:status:429'],
      [{ status: 429, headers: { 'retry-after': '120' }, json: { error: { message: 'Rate limit reached' } } }, 1, 'outside:status:429'],
      ['hang', 2, 'handlerTimeout'],
    ] as const) {
      const c = await w.customer('webchat');
      const before = oa.requests.length;
      oa.failNext(count, reply);
      await c.send('oi');
      await receive(c);
      await waitFor(async () => (await c.ticket()).useIntegration === false);
      const ticket = await c.ticket();
      expect(ticket).toMatchObject({ status: 'pending' });
      expect((await logOf(w.k, ticket.id)).filter((l) => l.data?.handover).at(-1)!.data.handover).toBe(reason);
      expect(oa.requests.length - before).toBe(count);
    }
  });
});
