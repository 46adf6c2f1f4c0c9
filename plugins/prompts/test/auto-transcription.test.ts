import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildKernel, waitFor, type ChildKernel } from '@guiche/core/testing';
import { TicketEvents } from '@guiche/contracts';
import { createPromptsPlugin } from '../src/plugin.js';
import { AUTO_TRANSCRIBE_KIND } from '../src/auto-transcription.js';
import { startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes.js';

/**
 * Issue #33: automatic transcription of customers' audio per queue (fake OpenAI server). An audio in a
 * queue switched on is transcribed once, after the ingest, stored and announced like the button's; one
 * in another queue is not; no key → no call and a visible reason; two nodes and a timer firing again
 * still call OpenAI once; another company cannot switch this company's queues.
 */
let w: BotWorld;
let oa: FakeOpenAi;
let admin: string;
let child: ChildKernel | null = null;

beforeAll(async () => {
  oa = await startFakeOpenAi();
  w = await startBotWorld({ plugins: [createPromptsPlugin({ openAiBase: `${oa.url}/v1`, limits: { timeoutMs: 1500, retries: 0, backoffMs: 50, maxRetryAfterMs: 1000 } })], config: { TIMED_WORK_POLL_MS: 50 } });
  admin = w.company.admin.token;
}, 60_000);
afterAll(async () => {
  await child?.kill().catch(() => undefined);
  await w?.close();
  await oa?.close();
});

const calls = () => oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
const state = async (token = admin) => w.k.api('GET', '/transcription-queues', { token });
const setAuto = (queueId: number, auto: boolean, token = admin) => w.k.api('PUT', `/transcription-queues/${queueId}`, { token, body: { auto } });
const job = (messageId: number) => w.k.db('promptTranscriptions').where({ messageId }).first('status', 'reason', 'attempts');
const transcriptOf = (messageId: number) => w.k.db('messages').where({ id: messageId }).first('transcript');

/** A queue of its own (switched on when `auto`) on the site's chat, and a customer's audio waiting in it. */
async function audioInQueue(auto: boolean) {
  const queue = await w.queue({ name: `Fila ${Date.now()}-${Math.random()}` });
  if (auto) expect((await setAuto(queue.id, true)).status).toBe(200);
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
  const c = await w.customer('webchat');
  await c.sendAudio();
  const ticket = await c.ticket();
  const message = await waitFor(() => w.k.db('messages').where({ ticketId: ticket.id, mediaType: 'audio' }).whereNotNull('mediaUrl').first('id'));
  return { messageId: Number(message.id), ticketId: Number(ticket.id), queueId: Number(queue.id) };
}

describe('automatic transcription per queue', () => {
  it('without a key: no call, the audio is counted with the reason the admins see', async () => {
    const before = calls();
    const { messageId, queueId } = await audioInQueue(true);
    expect(await waitFor(async () => ((await job(messageId))?.status === 'skipped' ? job(messageId) : null))).toMatchObject({ reason: 'ERR_OPENAI_KEY_MISSING' });
    expect(calls()).toBe(before);
    expect((await transcriptOf(messageId)).transcript).toBeNull();
    const shown = await state();
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ keyConfigured: false, notTranscribed: 1, lastReason: 'ERR_OPENAI_KEY_MISSING' });
    expect(shown.body.queueIds).toContain(queueId);
  });

  it('transcribes an audio of a queue switched on once, live to the agents; another queue’s audio is left to the button', async () => {
    const keyQueue = await w.queue({ name: 'Chave' });
    expect((await w.k.api('POST', '/prompt', { token: admin, body: { name: 'Chave', prompt: 'x', apiKey: 'sk-test-auto-1234', queueId: keyQueue.id } })).status).toBe(201);
    expect((await state()).body.keyConfigured).toBe(true);

    const manual = await audioInQueue(false);
    const socket = await w.k.socket(admin);
    const before = calls();
    const updated = new Promise<{ message: { id: number; transcript: string | null } }>((resolve) => {
      socket.on(TicketEvents.appMessage(w.company.company.id), (e: { action: string; message: { id: number; transcript: string | null } }) => {
        if (e.action === 'update' && e.message.transcript) resolve(e);
      });
    });
    const auto = await audioInQueue(true);
    const event = await updated;
    socket.disconnect();
    expect(event.message).toMatchObject({ id: auto.messageId, transcript: 'quanto custa o frete' });
    expect((await transcriptOf(auto.messageId)).transcript).toBe('quanto custa o frete');
    await waitFor(async () => ((await job(auto.messageId))?.status === 'done') || null);
    expect(calls()).toBe(before + 1);
    expect(oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!.headers.authorization).toBe('Bearer sk-test-auto-1234');
    expect((await w.k.db('timedWork').where({ kind: AUTO_TRANSCRIBE_KIND, key: String(auto.messageId) }).first()) ?? null).toBeNull();
    // The other queue's audio: no row, no text.
    expect(await job(manual.messageId)).toBeUndefined();
    expect((await transcriptOf(manual.messageId)).transcript).toBeNull();

    // Its timer firing again (a node that died after storing the text): no second call.
    await w.k.db('promptTranscriptions').where({ messageId: auto.messageId }).update({ status: 'running' });
    await w.k.kernel.core.timedWork.schedule({ kind: AUTO_TRANSCRIBE_KIND, key: String(auto.messageId), companyId: w.company.company.id, dueAt: new Date(), payload: { messageId: auto.messageId } });
    await waitFor(async () => ((await job(auto.messageId))?.status === 'done') || null);
    expect(calls()).toBe(before + 1);
  });

  it('transcribes an audio whose file came after the message (a download retried in the background)', async () => {
    const queue = await w.queue({ name: `Fila tardia ${Date.now()}` });
    expect((await setAuto(queue.id, true)).status).toBe(200);
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const connectionId = w.connections.webchat.id;
    const wid = `late-audio-${Date.now()}`;
    const ingest = w.k.kernel.core.ingest;
    await ingest.ingest(connectionId, { wid, fromMe: false, timestamp: new Date(), peer: { id: `v-late-${Date.now()}`, name: 'Cliente' }, body: '', mediaType: 'audio', data: { mediaPending: true } });
    const stored = await waitFor(() => w.k.db('messages').where({ whatsappId: connectionId, wid }).first('id', 'ticketId'));
    await waitFor(async () => ((await w.k.db('tickets').where({ id: stored.ticketId }).first('queueId'))?.queueId === queue.id) || null);
    expect(await job(Number(stored.id))).toBeUndefined();
    const before = calls();
    expect(await ingest.applyMedia(connectionId, wid, { data: Buffer.from('OggS late audio'), mimetype: 'audio/ogg', fileName: 'late.ogg' })).toBe(true);
    await waitFor(async () => ((await job(Number(stored.id)))?.status === 'done') || null);
    expect((await transcriptOf(Number(stored.id))).transcript).toBe('quanto custa o frete');
    expect(calls()).toBe(before + 1);
  });

  it('two nodes hearing the same audio call OpenAI once', { timeout: 90_000 }, async () => {
    child = await startChildKernel(w.k, { plugins: ['@guiche/plugin-prompts'], env: { TIMED_WORK_POLL_MS: '20', OPENAI_BASE_URL: `${oa.url}/v1` } });
    const before = calls();
    const auto = await audioInQueue(true);
    await waitFor(async () => ((await job(auto.messageId))?.status === 'done') || null, { timeout: 30_000 });
    expect((await transcriptOf(auto.messageId)).transcript).toBe('quanto custa o frete');
    expect(await job(auto.messageId)).toMatchObject({ attempts: 1 });
    expect(calls()).toBe(before + 1);
    await child.kill();
    child = null;
  });

  it('another company neither sees nor switches this company’s queues; agents may not switch', async () => {
    const other = await w.k.createCompany();
    const queue = await w.queue({ name: 'Só nossa' });
    expect((await setAuto(queue.id, true, other.admin.token)).status).toBe(404);
    const theirs = await state(other.admin.token);
    expect(theirs.body).toMatchObject({ queueIds: [], notTranscribed: 0, keyConfigured: false });
    const agent = await w.k.createUser(w.company.company.id, { profile: 'user' });
    expect((await setAuto(queue.id, true, agent.token)).status).toBe(403);
    expect((await state(agent.token)).status).toBe(403);
    expect((await state()).body.queueIds).not.toContain(queue.id);
    expect((await setAuto(queue.id, true)).body.queueIds).toContain(queue.id);
    expect((await setAuto(queue.id, false)).body.queueIds).not.toContain(queue.id);
  });
});
