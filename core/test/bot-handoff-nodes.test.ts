import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginDefinition } from '@guiche/core';
import { startChildKernel, startFakeServer, waitFor, type ChildKernel, type FakeServer } from '@guiche/core/testing';
import { HAND_OFF_KIND, HAND_OFF_MAX_RUNS, handOffKey, handOffLeaseMs } from '../src/bot/hand-off.js';
import { logOf, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * The hand-off of a customer's message to the ticket's conversation handler is a timed-work row
 * written with the message (core/src/bot/hand-off.ts): a node killed -9 while the handler waits on
 * its outside service leaves the row, and another node answers the message once; a hand-off whose
 * runs never come back ends with a human; with two nodes sweeping, a ticket's messages are handled
 * one at a time and in order. The handler (fixtures/handoff-probe-plugin.mjs) asks a fake outside
 * service what to answer. Child nodes run the built kernel (`npx tsc -b` first).
 */
const probeUrl = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'handoff-probe-plugin.mjs')).href;

let w: BotWorld;
let promptId: number;
let answers: FakeServer;
const children: ChildKernel[] = [];
/** The next request with this body never gets an answer (the outside service is slow). */
let hangFor: string | null = null;
/** Requests being answered, per ticket, and how often a ticket had two at once. */
const inFlight = new Map<number, number>();
let overlaps = 0;

beforeAll(async () => {
  answers = await startFakeServer();
  answers.route('POST', '/answer', async (req) => {
    const { ticketId, body } = req.json as { ticketId: number; body: string };
    if (body === hangFor) {
      hangFor = null;
      return 'hang';
    }
    const running = (inFlight.get(ticketId) ?? 0) + 1;
    inFlight.set(ticketId, running);
    if (running > 1) overlaps++;
    // A service that takes a moment: a second hand-off of the ticket run alongside would overlap.
    await new Promise((resolve) => setTimeout(resolve, 30));
    inFlight.set(ticketId, (inFlight.get(ticketId) ?? 1) - 1);
    return { json: { text: `IA: ${body}` } };
  });
  process.env.HANDOFF_SERVER = answers.url;
  const probe = (await import(probeUrl)).default as PluginDefinition;
  w = await startBotWorld({ plugins: [probe] });
  // Only the child nodes sweep; this node runs what is due when the test says so.
  await w.k.kernel.core.timedWork.stop();
  promptId = await w.prompt('Assistente');
  const queue = await w.queue({ name: 'Assistente', promptId, greetingMessage: 'Um assistente vai responder.' });
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
});
afterAll(async () => {
  for (const child of children) await child.kill();
  await w?.close();
  await answers?.close();
});

const child = async (node: string) => {
  const started = await startChildKernel(w.k, {
    plugins: ['@guiche/plugin-channel-webchat', probeUrl],
    env: { PROBE_NODE: node, HANDOFF_SERVER: answers.url, TIMED_WORK_POLL_MS: '20' },
  });
  children.push(started);
  return started;
};
const botAnswers = async (ticketId: number) =>
  (await w.k.db('messages').where({ ticketId, fromMe: true }).where('body', 'like', 'IA: %').orderBy('id')).map((m) => m.body as string);
const handOffRows = (ticketId: number) => w.k.db('timedWork').where({ kind: HAND_OFF_KIND }).where('key', 'like', `ticket:${ticketId}:message:%`);
const requestsFor = (ticketId: number) => answers.requests.filter((r) => r.json?.ticketId === ticketId);

describe('conversation hand-off across nodes', () => {
  it('a node killed -9 while its handler waits on the outside service: another node answers the message once', { timeout: 120_000 }, async () => {
    const doomed = await child('doomed');
    hangFor = 'preciso de ajuda';
    const c = await w.customer('webchat', { url: doomed.url });
    await c.send('preciso de ajuda');
    const ticket = await c.ticket();
    // The child took the hand-off (a lease) and its handler is waiting for the outside service.
    await waitFor(() => requestsFor(ticket.id).find((r) => r.headers['x-node'] === 'doomed'), { timeout: 30_000 });
    const [leased] = await handOffRows(ticket.id);
    expect(leased.payload).toMatchObject({ ticketId: ticket.id, body: 'preciso de ajuda', runs: 1 });
    c.close();
    await doomed.kill('SIGKILL');
    children.splice(children.indexOf(doomed), 1);
    expect(await botAnswers(ticket.id)).toEqual([]);

    // Once the dead node's lease is over, this node runs the hand-off again.
    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + handOffLeaseMs(w.k.kernel.core.bot) + 1000));
    await waitFor(async () => ((await handOffRows(ticket.id)).length === 0 && (await botAnswers(ticket.id)).length > 0) || null, { timeout: 30_000 });
    expect(await botAnswers(ticket.id)).toEqual(['IA: preciso de ajuda']);
    expect(requestsFor(ticket.id).map((r) => r.headers['x-node'])).toEqual(['doomed', 'parent']);
    expect(await w.k.db('tickets').where({ id: ticket.id }).first()).toMatchObject({ useIntegration: true, promptId });
    // Nothing is left to run it a third time.
    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + 10 * handOffLeaseMs(w.k.kernel.core.bot)));
    expect(await botAnswers(ticket.id)).toEqual(['IA: preciso de ajuda']);
  });

  it(`a hand-off whose ${HAND_OFF_MAX_RUNS} runs never came back hands the ticket to a human, with a log entry`, async () => {
    const c = await w.customer('webchat');
    await c.send('oi');
    const ticket = await c.ticket();
    const message = await w.k.db('messages').where({ ticketId: ticket.id, fromMe: false, body: 'oi' }).first('id');
    const key = handOffKey(ticket.id, message.id);
    const row = await w.k.db('timedWork').where({ kind: HAND_OFF_KIND, key }).first();
    expect(row.payload).toMatchObject({ ticketId: ticket.id, messageId: message.id, body: 'oi' });
    // As if that many nodes took it and died before answering.
    await w.k.db('timedWork').where({ id: row.id }).update({ payload: JSON.stringify({ ...row.payload, runs: HAND_OFF_MAX_RUNS, lease: 'gone' }) });

    await w.k.kernel.core.timedWork.runDue();
    expect(await w.k.db('timedWork').where({ kind: HAND_OFF_KIND, key }).first()).toBeUndefined();
    expect(await w.k.db('tickets').where({ id: ticket.id }).first()).toMatchObject({ useIntegration: false, status: 'pending', isBot: false });
    expect((await logOf(w.k, ticket.id)).filter((l) => l.type === 'chatBot' && l.data?.handover).map((l) => l.data.handover)).toEqual(['handlerCrashed']);
    expect(requestsFor(ticket.id)).toEqual([]);
    c.close();
  });

  it("with two nodes sweeping, each ticket's messages are handled once, one at a time and in order", { timeout: 120_000 }, async () => {
    await Promise.all([child('node-a'), child('node-b')]);
    const bodies = ['oi', 'primeira', 'segunda', 'terceira', 'quarta', 'quinta'];
    const customers = await Promise.all([w.customer('webchat'), w.customer('webchat')]);
    // Both customers write at once, each message after the previous one was stored.
    await Promise.all(customers.map(async (c, n) => {
      for (const body of bodies) await c.send(`${body} ${n}`);
    }));
    for (const [n, c] of customers.entries()) {
      const ticket = await c.ticket();
      await waitFor(async () => ((await handOffRows(ticket.id)).length === 0 && (await botAnswers(ticket.id)).length === bodies.length) || null, { timeout: 60_000 });
      expect(await botAnswers(ticket.id)).toEqual(bodies.map((b) => `IA: ${b} ${n}`));
      expect(requestsFor(ticket.id).map((r) => r.json.body)).toEqual(bodies.map((b) => `${b} ${n}`));
      c.close();
    }
    expect(overlaps).toBe(0);
    const byNode = answers.requests.reduce<Record<string, number>>((acc, r) => ({ ...acc, [String(r.headers['x-node'])]: (acc[String(r.headers['x-node'])] ?? 0) + 1 }), {});
    console.info('hand-offs answered per node', byNode);
  });
});
