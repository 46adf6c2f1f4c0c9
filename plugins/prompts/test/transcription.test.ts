import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, waitFor } from '@guiche/core/testing';
import { TicketEvents } from '@guiche/contracts';
import { createPromptsPlugin } from '../src/plugin.js';
import { startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes.js';

/** Issue #33 Transcription: an agent transcribes an audio message with the company's OpenAI key (fake OpenAI server). */
let w: BotWorld;
let oa: FakeOpenAi;
let admin: string;

beforeAll(async () => {
  oa = await startFakeOpenAi();
  w = await startBotWorld({ plugins: [createPromptsPlugin({ openAiBase: `${oa.url}/v1`, limits: { timeoutMs: 1500, retries: 0, backoffMs: 50, maxRetryAfterMs: 1000 } })] });
  admin = w.company.admin.token;
});
afterAll(async () => {
  await w?.close();
  await oa?.close();
});

const transcribe = (messageId: number, token = admin) => w.k.api('POST', `/transcriptions/${messageId}`, { token });

/** A customer's audio in a ticket waiting in a queue of its own; answers the message and ticket ids. */
async function inboundAudio() {
  const queue = await w.queue({ name: `Áudios ${Date.now()}` });
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
  const c = await w.customer('webchat');
  await c.sendAudio();
  const ticket = await c.ticket();
  const message = await waitFor(() => w.k.db('messages').where({ ticketId: ticket.id, mediaType: 'audio' }).whereNotNull('mediaUrl').first('id'));
  return { messageId: Number(message.id), ticketId: Number(ticket.id) };
}

/** The company's OpenAI key: a prompt with one (created once). */
let keyed = false;
async function companyKey() {
  if (keyed) return;
  const queue = await w.queue({ name: 'Chave' });
  const prompt = await w.k.api('POST', '/prompt', { token: admin, body: { name: 'Chave da empresa', prompt: 'x', apiKey: 'sk-test-transcreve-1234', queueId: queue.id } });
  expect(prompt.status).toBe(201);
  keyed = true;
}

describe('transcription', () => {
  it('asks for a key when the company has none, and is refused while the plan lacks useOpenAi', async () => {
    const { messageId } = await inboundAudio();
    const none = await transcribe(messageId);
    expect([none.status, none.body.error]).toEqual([400, 'ERR_OPENAI_KEY_MISSING']);
    expect(oa.requests.some((r) => r.path === '/v1/audio/transcriptions')).toBe(false);
    await w.k.setPlanFlags(w.company.company.id, { useOpenAi: false });
    const denied = await transcribe(messageId);
    expect([denied.status, denied.body.error, denied.body.feature]).toEqual([403, 'ERR_PLAN_DISABLED', 'useOpenAi']);
    await w.k.setPlanFlags(w.company.company.id, { useOpenAi: true });
  });

  it('stores the text on the message, announces it live, and the ticket search finds it', async () => {
    await companyKey();
    const { messageId, ticketId } = await inboundAudio();
    const search = async () => (await w.k.api('GET', '/tickets?searchParam=custa%20o%20frete&showAll=true&status=pending', { token: admin })).body.tickets.map((t: { id: number }) => t.id);
    expect(await search()).not.toContain(ticketId);
    const socket = await w.k.socket(admin);
    const event = nextEvent(socket, TicketEvents.appMessage(w.company.company.id), (e: { action: string; message: { id: number; transcript: string | null } }) => e.action === 'update' && e.message.id === messageId);
    const res = await transcribe(messageId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messageId, transcript: 'quanto custa o frete' });
    expect((await event).message.transcript).toBe('quanto custa o frete');
    socket.disconnect();
    const call = oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk-test-transcreve-1234');
    const page = await w.k.api('GET', `/messages/${ticketId}`, { token: admin });
    expect(page.body.messages.find((m: { id: number }) => m.id === messageId).transcript).toBe('quanto custa o frete');
    expect(await search()).toContain(ticketId);

    // Asking again answers the stored text and costs no second upstream call.
    const calls = oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
    const again = await transcribe(messageId);
    expect([again.status, again.body]).toEqual([200, { messageId, transcript: 'quanto custa o frete' }]);
    expect(oa.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(calls);
  });

  it('answers 404 for another company and for an agent who may not see the ticket, 400 for a text message', async () => {
    await companyKey();
    const { messageId, ticketId } = await inboundAudio();
    const other = await w.k.createCompany();
    expect([(await transcribe(messageId, other.admin.token)).status, (await transcribe(messageId, other.admin.token)).body.error]).toEqual([404, 'ERR_NO_MESSAGE_FOUND']);
    const agent = await w.k.createUser(w.company.company.id, { profile: 'user' });
    expect((await transcribe(messageId, agent.token)).status).toBe(404);
    expect((await w.k.api('PUT', `/tickets/${ticketId}`, { token: admin, body: { status: 'open' } })).status).toBe(200);
    const assigned = await w.k.api('PUT', `/tickets/${ticketId}`, { token: admin, body: { userId: agent.user.id } });
    expect(assigned.status).toBe(200);
    expect(await w.k.db('tickets').where({ id: ticketId }).first('userId', 'status')).toEqual({ userId: agent.user.id, status: 'open' });
    const mine = await transcribe(messageId, agent.token);
    expect([mine.status, mine.body.transcript]).toEqual([200, 'quanto custa o frete']);
    const text = await w.k.db('messages').insert({ companyId: w.company.company.id, ticketId, contactId: null, body: 'só texto', fromMe: true, mediaType: 'chat' }).returning('id');
    const notAudio = await transcribe(Number(text[0].id), agent.token);
    expect([notAudio.status, notAudio.body.error]).toEqual([400, 'ERR_NOT_AUDIO']);
  });
});
