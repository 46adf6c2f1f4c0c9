import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildKernel, waitFor, type ChildKernel } from '@guiche/core/testing';
import { receive, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * The bot's timers are rows, not memory: one scheduled by a node that is then killed (-9) fires
 * on another, once; with two nodes sweeping, each fires once. The child nodes run the built
 * kernel (`npx tsc -b` first).
 */
let w: BotWorld;
const children: ChildKernel[] = [];
const MIN = 60_000;

beforeAll(async () => {
  w = await startBotWorld();
  const a = await w.queue({ name: 'Vendas', orderQueue: 1 });
  const b = await w.queue({ name: 'Suporte', orderQueue: 2 });
  await w.configure('webchat', {
    queueIds: [a.id, b.id], greetingMessage: 'Olá! Escolha:', timeInactiveMessage: 5, inactiveMessage: 'Ainda está aí?',
    expiresTicket: 30, expiresInactiveMessage: 'Encerramos por inatividade.',
  });
});
afterAll(async () => {
  for (const child of children) await child.kill();
  await w?.close();
});

const count = async (ticketId: number, body: string) =>
  Number((await w.k.db('messages').where({ ticketId, body }).count({ n: '*' }).first())!.n);

describe('bot timers across nodes', () => {
  it('a timer set by a node killed with -9 fires once on the node that remains', async () => {
    const child = await startChildKernel(w.k, { plugins: ['@guiche/plugin-channel-webchat'] });
    children.push(child);
    // The visitor talks to the child: its ingest greets and sets the inactivity timer.
    const c = await w.customer('webchat', { url: child.url });
    await c.send('oi');
    expect((await receive(c))[0].body).toMatch(/^Olá! Escolha:/);
    const ticket = await c.ticket();
    expect(await w.k.db('timedWork').where({ kind: 'bot.inactive', key: `ticket:${ticket.id}` }).first()).toBeDefined();
    c.close();
    await child.kill('SIGKILL');

    const at = new Date(Date.now() + 6 * MIN);
    await w.k.kernel.core.timedWork.runDue(at);
    await w.k.kernel.core.timedWork.runDue(new Date(at.getTime() + MIN));
    expect(await count(ticket.id, 'Ainda está aí?')).toBe(1);
    await waitFor(async () => (await w.k.db('messages').where({ ticketId: ticket.id, body: 'Ainda está aí?' }).first())?.sendStatus === 'sent');
  });

  it('with two nodes sweeping, each expiry fires exactly once', async () => {
    const child = await startChildKernel(w.k, { plugins: [] });
    children.push(child);
    const tickets: number[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await w.customer('webchat');
      await c.send('oi');
      await receive(c);
      tickets.push((await c.ticket()).id);
    }
    // Half an hour passes: the conversations are idle and their expiry is due on every node's clock.
    await w.k.db('tickets').whereIn('id', tickets).update({ lastMessageAt: new Date(Date.now() - 31 * MIN) });
    await w.k.db('timedWork').where({ kind: 'bot.expire' }).whereIn('key', tickets.map((id) => `ticket:${id}`)).update({ dueAt: new Date(Date.now() - 1000) });
    await w.k.kernel.core.timedWork.runDue();
    await waitFor(async () => (await w.k.db('tickets').whereIn('id', tickets).where({ status: 'closed' })).length === tickets.length);
    for (const id of tickets) {
      expect(await count(id, 'Encerramos por inatividade.')).toBe(1);
      expect(Number((await w.k.db('ticketLogs').where({ ticketId: id, type: 'closed' }).count({ n: '*' }).first())!.n)).toBe(1);
    }
    expect(await w.k.db('timedWork').where({ kind: 'bot.expire' }).whereIn('key', tickets.map((id) => `ticket:${id}`))).toEqual([]);
  });
});
