import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import flowBuilder from '../src/plugin.js';

/**
 * A message's typing delay on real channels: the run waits on the message (a timed-work row) while
 * the contact sees "typing…" — sent through core's channel session interface (showPresence, on the
 * connection's ordered queue) — and the message goes out when the delay is over.
 */
let w: BotWorld;
const sockets: Socket[] = [];
const SECONDS = 60;

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder] });
  const graph: FlowGraph = {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'hello', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Consultei aqui: tudo certo!', typingSeconds: SECONDS } },
      { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
      { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'end' },
    ],
  };
  const api = async (method: string, path: string, body?: unknown) => (await w.k.api(method, path, { token: w.company.admin.token, body })).body;
  const flow = await api('POST', '/flowbuilder', { name: 'Digitando', graph });
  await api('POST', `/flowbuilder/${flow.id}/publish`);
  await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'keyword', connectionId: null, phrase: 'digita', match: 'exact' }] });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await w?.close();
});

const runOf = (ticketId: number) => w.k.db('flowBuilderRuns').where({ ticketId }).orderBy('id', 'desc').first();
const said = (ticketId: number) => w.k.db('messages').where({ ticketId, fromMe: true }).pluck('body');

/** The delay is the run's timer: fired here at once past its time instead of waiting a minute. */
async function endDelay(ticketId: number): Promise<void> {
  const timer = await w.k.db('timedWork').where({ kind: 'flow-builder.resume' }).whereRaw(`payload->>'ticketId' = ?`, [String(ticketId)]).first();
  expect(timer.payload).toMatchObject({ nodeId: 'hello' });
  await w.k.kernel.core.timedWork.runDue(new Date(new Date(timer.dueAt).getTime() + 1));
}

describe("a message's typing delay", () => {
  it('shows "typing…" on WhatsApp (Baileys composing to the contact) before the message, which waits for the delay', async () => {
    const c = await w.customer('whatsapp');
    await c.send('digita');
    const presence = await w.wa.presences.take();
    const contact = await w.k.db('contacts').where({ id: await c.contactId() }).first('number');
    expect(presence).toEqual({ jid: `${contact.number}@s.whatsapp.net`, type: 'composing' });
    const ticket = await c.ticket();
    expect(await runOf(ticket.id)).toMatchObject({ status: 'waiting', nodeId: 'hello' });
    expect(await said(ticket.id)).toEqual([]);

    await endDelay(ticket.id);
    expect((await receive(c))[0].body).toBe('Consultei aqui: tudo certo!');
    await waitFor(async () => ((await runOf(ticket.id)).status === 'done' ? true : undefined));
  });

  it('tells a website visitor the company is typing, then delivers the message', async () => {
    const socket = io(`${w.k.url}/webchat`, { auth: { token: w.connections.webchat.token, visitorId: randomBytes(16).toString('hex'), name: 'Visitante' }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const seen: string[] = [];
    const typing = new Promise<unknown>((resolve) => socket.once('typing', (payload: unknown) => (seen.push('typing'), resolve(payload))));
    const message = new Promise<{ body: string }>((resolve) => socket.on('message', (m: { fromVisitor: boolean; body: string }) => (m.fromVisitor ? undefined : (seen.push('message'), resolve(m)))));
    await socket.timeout(10000).emitWithAck('message', { clientId: randomBytes(8).toString('hex'), body: 'digita' });

    expect(await typing).toEqual({ state: 'composing' });
    const ticket = await waitFor(async () => {
      const run = await w.k.db('flowBuilderRuns').where({ status: 'waiting', nodeId: 'hello' }).first();
      return run ? w.k.db('tickets').where({ id: run.ticketId, whatsappId: w.connections.webchat.id }).first() : undefined;
    });
    expect(await said(ticket.id)).toEqual([]);

    await endDelay(ticket.id);
    expect((await message).body).toBe('Consultei aqui: tudo certo!');
    expect(seen).toEqual(['typing', 'message']);
  });
});
