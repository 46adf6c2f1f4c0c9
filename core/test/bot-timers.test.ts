import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import { CHANNELS, logOf, receive, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * The bot's timers on core timed work, through the website chat and WhatsApp: rotation over two
 * online agents, the redirect after timeSendQueue, the inactivity message then the auto-close, and
 * the rating wait. Timers fire with timedWork.runDue(at) for a chosen "now" (no clock is faked,
 * nothing sleeps).
 */
let w: BotWorld;
let support: any;
let rotating: any;
let agents: { id: number; token: string }[];

const MIN = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MIN + 1000);
const fire = (minutes: number) => w.k.kernel.core.timedWork.runDue(later(minutes));

beforeAll(async () => {
  w = await startBotWorld();
  agents = [];
  for (const name of ['Bruno', 'Carla']) {
    const agent = await w.k.createUser(w.company.company.id, { name });
    agents.push({ id: agent.user.id, token: agent.token });
  }
  support = await w.queue({ name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte aqui.' });
  rotating = await w.queue({ name: 'Plantão', orderQueue: 1, greetingMessage: 'Plantão aqui.', ativarRoteador: true, tempoRoteador: 5, userIds: agents.map((a) => a.id) });
  // Both agents are online: their browsers are connected.
  for (const agent of agents) await w.k.socket(agent.token);
  await waitFor(async () => (await w.k.db('users').whereIn('id', agents.map((a) => a.id)).where({ online: true })).length === 2);
});
afterAll(async () => w?.close());

beforeEach(async () => {
  for (const channel of CHANNELS) {
    await w.configure(channel, {
      queueIds: [rotating.id, support.id], greetingMessage: 'Olá! Escolha:', timeInactiveMessage: 0, expiresTicket: 0, timeSendQueue: 0, sendIdQueue: null,
      inactiveMessage: 'Ainda está aí?', expiresInactiveMessage: 'Encerramos por inatividade.', complationMessage: 'Obrigado pela avaliação!', ratingMessage: 'Avalie o atendimento:',
      maxUseBotQueuesNPS: 2, expiresTicketNPS: 0,
    });
  }
});

describe.each(CHANNELS)('timers over %s', (channel) => {
  it('rotation offers a waiting ticket to the online agents in turn until one accepts', async () => {
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('1');
    expect((await receive(c))[0].body).toBe('Plantão aqui.');
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ queueId: rotating.id, userId: null, status: 'pending' });

    await fire(5);
    const first = (await c.ticket()).userId;
    expect(agents.map((a) => a.id)).toContain(first);
    await fire(10);
    const second = (await c.ticket()).userId;
    expect(agents.map((a) => a.id).filter((id) => id !== first)).toEqual([second]);
    expect((await logOf(w.k, ticket.id)).filter((l) => l.data?.by === 'rotation')).toHaveLength(2);

    // The agent accepts: the rotation timer goes in the same transaction.
    const agent = agents.find((a) => a.id === second)!;
    expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: agent.token, body: { status: 'open', userId: second } })).status).toBe(200);
    expect(await w.k.db('timedWork').where({ kind: 'bot.rotate', key: `ticket:${ticket.id}` }).first()).toBeUndefined();
    await fire(30);
    expect(await c.ticket()).toMatchObject({ status: 'open', userId: second });
  });

  it('sendQueuePosition tells the place in the queue; userRandom hands the ticket to an online agent at once', async () => {
    await w.setting('sendQueuePosition', 'enabled');
    try {
      const waiting = await w.k.db('tickets').where({ queueId: support.id, status: 'pending' }).whereNull('userId').count({ n: '*' }).first();
      const c = await w.customer(channel);
      await c.send('oi');
      await receive(c);
      await c.send('2');
      const [greeting, position] = await receive(c, 2);
      expect(greeting.body).toBe('Suporte aqui.');
      expect(position.body).toBe(`Você é o ${Number(waiting!.n) + 1}º da fila. Em breve um atendente falará com você.`);
      const d = await w.customer(channel);
      await d.send('oi');
      await receive(d);
      await d.send('2');
      expect((await receive(d, 2))[1].body).toBe(`Você é o ${Number(waiting!.n) + 2}º da fila. Em breve um atendente falará com você.`);

      await w.k.api('PUT', `/queue/${support.id}`, { token: w.company.admin.token, body: { userIds: agents.map((a) => a.id) } });
      await w.setting('userRandom', 'enabled');
      const e = await w.customer(channel);
      await e.send('oi');
      await receive(e);
      await e.send('2');
      expect((await receive(e))[0].body).toBe('Suporte aqui.');
      const ticket = await e.ticket();
      expect(agents.map((a) => a.id)).toContain(ticket.userId);
      expect(ticket).toMatchObject({ status: 'pending', queueId: support.id });
      expect((await logOf(w.k, ticket.id)).at(-1)).toMatchObject({ type: 'transfered', data: { by: 'userRandom' } });
    } finally {
      await w.setting('sendQueuePosition', 'disabled');
      await w.setting('userRandom', 'disabled');
      await w.k.api('PUT', `/queue/${support.id}`, { token: w.company.admin.token, body: { userIds: [] } });
    }
  });

  it('timeSendQueue moves a ticket still without a queue to sendIdQueue', async () => {
    await w.configure(channel, { timeSendQueue: 10, sendIdQueue: support.id });
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    expect(await c.ticket()).toMatchObject({ queueId: null, botStage: 'menu' });
    await fire(5);
    expect((await c.ticket()).queueId).toBeNull();
    await fire(10);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ queueId: support.id, status: 'pending', isBot: false, botStage: null });
    expect((await logOf(w.k, ticket.id)).at(-1)).toMatchObject({ type: 'queue', queueId: support.id, data: { by: 'timeSendQueue' } });

    // A customer who picked a queue in time is not moved.
    const d = await w.customer(channel);
    await d.send('oi');
    await receive(d);
    await d.send('1');
    await receive(d);
    await fire(20);
    expect((await d.ticket()).queueId).toBe(rotating.id);
  });

  it('the inactivity message after timeInactiveMessage, then the close after expiresTicket', async () => {
    await w.configure(channel, { timeInactiveMessage: 5, expiresTicket: 30 });
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await fire(6);
    expect((await receive(c))[0].body).toBe('Ainda está aí?');
    // Fired once: a second sweep later sends nothing more.
    await fire(7);
    const ticket = await c.ticket();
    expect(Number((await w.k.db('messages').where({ ticketId: ticket.id, body: 'Ainda está aí?' }).count({ n: '*' }).first())!.n)).toBe(1);
    await fire(29);
    expect((await c.ticket()).status).toBe('pending');
    await fire(31);
    expect((await receive(c))[0].body).toBe('Encerramos por inatividade.');
    expect(await c.ticket()).toMatchObject({ status: 'closed', isBot: false });
    expect((await logOf(w.k, ticket.id)).at(-1)).toMatchObject({ type: 'closed', data: { by: 'bot', reason: 'expired' } });
  });

  it('an answer in time moves the inactivity timer to the new question', async () => {
    await w.configure(channel, { timeInactiveMessage: 5 });
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('9');
    await receive(c);
    const ticket = await c.ticket();
    const timer = await w.k.db('timedWork').where({ kind: 'bot.inactive', key: `ticket:${ticket.id}` }).first();
    expect(new Date(timer.payload.askedAt).getTime()).toBe(new Date(ticket.botAskedAt).getTime());
    await c.send('2');
    await receive(c);
    expect(await w.k.db('timedWork').where({ kind: 'bot.inactive', key: `ticket:${ticket.id}` }).first()).toBeUndefined();
  });

  it('a rating 1–5 then the complation message; other answers ask again up to maxUseBotQueuesNPS', async () => {
    await w.setting('userRating', 'enabled');
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('2');
    await receive(c);
    const ticket = await c.ticket();
    const agent = agents[0];
    await w.k.api('PUT', `/tickets/${ticket.id}`, { token: w.company.admin.token, body: { status: 'open', userId: agent.id } });
    const resolved = await w.k.api('PUT', `/tickets/${ticket.id}`, { token: w.company.admin.token, body: { status: 'closed', requestRating: true } });
    expect(resolved.status).toBe(200);
    expect((await receive(c))[0].body).toBe('Avalie o atendimento:\n\nResponda com uma nota de 1 a 5.');
    await c.send('foi bom');
    expect((await receive(c))[0].body).toBe('Avalie o atendimento:\n\nResponda com uma nota de 1 a 5.');
    await c.send('4');
    expect((await receive(c))[0].body).toBe('Obrigado pela avaliação!');
    expect(await w.k.db('ticketRatings').where({ ticketId: ticket.id }).first()).toMatchObject({ rate: 4, attempts: 1 });
    expect(await c.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
    await w.setting('userRating', 'disabled');
  });
});
