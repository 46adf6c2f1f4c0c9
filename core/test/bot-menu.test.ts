import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, logOf, receive, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * Conversation scripts of the menu bot, each through the website chat and WhatsApp: the greeting
 * with the queue menu, a queue's option tree, '#' back a level, 'sair', invalid answers up to the
 * limit then a human, a one-queue connection, and a file option.
 */
let w: BotWorld;
let sales: any;
let support: any;
let agentId: number;

beforeAll(async () => {
  w = await startBotWorld();
  agentId = (await w.k.createUser(w.company.company.id, { name: 'Ana Vendas' })).user.id;
  sales = await w.queue({
    name: 'Vendas',
    orderQueue: 1,
    greetingMessage: 'Vendas: como podemos ajudar, {{firstName}}?',
    chatbots: [
      {
        name: 'Planos e preços',
        greetingMessage: 'Sobre planos:',
        options: [
          { name: 'Plano básico', greetingMessage: 'O básico custa R$ 49.' },
          { name: 'Falar com a Ana', queueType: 'attendent', optUserId: agentId, greetingMessage: 'Chamando a Ana.' },
        ],
      },
      { name: 'Horários', greetingMessage: 'Atendemos das 8h às 18h.' },
    ],
  });
  support = await w.queue({ name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte: aguarde um técnico.' });
  for (const channel of CHANNELS) {
    await w.configure(channel, { queueIds: [sales.id, support.id], greetingMessage: 'Olá {{firstName}}! Escolha um setor:', maxUseBotQueues: 2, complationMessage: 'Até logo!' });
  }
});
afterAll(async () => w?.close());

const MENU = /Escolha um setor:\n\n\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte\n\*\[ sair \]\* - Encerrar atendimento$/;

describe.each(CHANNELS)('the menu bot over %s', (channel) => {
  it('greets with the queue menu, walks the option tree, goes back with # and ends with sair', async () => {
    const c = await w.customer(channel);
    await c.send('oi');
    const [menu] = await receive(c);
    expect(menu.body).toMatch(/^Olá Visitante|^Olá Maria/);
    expect(menu.body).toMatch(MENU);
    let ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'pending', isBot: true, botStage: 'menu', queueId: null });

    await c.send('1');
    const [salesMenu] = await receive(c);
    expect(salesMenu.body).toMatch(/^Vendas: como podemos ajudar, (Visitante|Maria)\?\n\n\*\[ 1 \]\* - Planos e preços\n\*\[ 2 \]\* - Horários\n\*\[ # \]\* - Voltar\n\*\[ sair \]\* - Encerrar atendimento$/);
    ticket = await c.ticket();
    expect(ticket).toMatchObject({ queueId: sales.id, botStage: 'options', chatbotId: null, isBot: true });

    await c.send('1');
    expect((await receive(c))[0].body).toBe('Sobre planos:\n\n*[ 1 ]* - Plano básico\n*[ 2 ]* - Falar com a Ana\n*[ # ]* - Voltar\n*[ sair ]* - Encerrar atendimento');
    await c.send('1');
    expect((await receive(c))[0].body).toBe('O básico custa R$ 49.');
    expect((await c.ticket()).chatbotId).toBe(sales.chatbots[0].id);

    await c.send('#');
    expect((await receive(c))[0].body).toMatch(/^Vendas: como podemos ajudar.*\n\n\*\[ 1 \]\* - Planos e preços/);
    await c.send('#');
    expect((await receive(c))[0].body).toMatch(/^\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte/);
    expect(await c.ticket()).toMatchObject({ botStage: 'menu', queueId: null });

    await c.send('Sair');
    expect((await receive(c))[0].body).toBe('Até logo!');
    ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'closed', isBot: false, botStage: null });
    const log = await logOf(w.k, ticket.id);
    expect(log.map((l) => l.type)).toEqual(['create', 'chatBot', 'queue', 'chatBot', 'chatBot', 'chatBot', 'chatBot', 'closed']);
    expect(log[2].queueId).toBe(sales.id);
  });

  it('an attendent option hands the ticket to that user in the queue', async () => {
    const c = await w.customer(channel);
    await c.send('bom dia');
    await receive(c);
    await c.send('1');
    await receive(c);
    await c.send('1');
    await receive(c);
    await c.send('2');
    expect((await receive(c))[0].body).toBe('Chamando a Ana.');
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'pending', userId: agentId, queueId: sales.id, isBot: false, botStage: null });
    // The bot has let go: what the customer writes now is for the agent.
    await c.send('1');
    const stored = await w.k.db('messages').where({ ticketId: ticket.id, fromMe: true }).count({ n: '*' }).first();
    expect(Number(stored!.n)).toBe(4);
  });

  it('a queue without options greets and waits for a human', async () => {
    const c = await w.customer(channel);
    await c.send('olá');
    await receive(c);
    await c.send('2');
    expect((await receive(c))[0].body).toBe('Suporte: aguarde um técnico.');
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: support.id, isBot: false, botStage: null, userId: null });
  });

  it('repeats the menu on an invalid answer up to maxUseBotQueues, then hands over', async () => {
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('1');
    await receive(c);
    await c.send('quero comprar');
    const [again] = await receive(c);
    expect(again.body).toBe('Opção inválida, por favor escolha uma das opções abaixo.\n\n*[ 1 ]* - Planos e preços\n*[ 2 ]* - Horários\n*[ # ]* - Voltar\n*[ sair ]* - Encerrar atendimento');
    expect(await c.ticket()).toMatchObject({ amountUsedBotQueues: 1, botStage: 'options' });
    await c.send('9');
    await receive(c);
    expect((await c.ticket()).amountUsedBotQueues).toBe(2);
    await c.send('ainda não entendi');
    const ticket = await w.k.db('tickets').where({ id: (await c.ticket()).id }).first();
    expect(ticket).toMatchObject({ amountUsedBotQueues: 3, isBot: false, botStage: null, status: 'pending', queueId: sales.id });
    const fromBot = await w.k.db('messages').where({ ticketId: ticket.id, fromMe: true }).count({ n: '*' }).first();
    expect(Number(fromBot!.n)).toBe(4); // menu, sales menu, two repeats: nothing after the handover
    expect((await logOf(w.k, ticket.id)).at(-1)).toMatchObject({ type: 'chatBot', data: { handover: 'invalidAnswers', count: 3 } });
  });
});

describe('a one-queue connection', () => {
  it.each(CHANNELS)('goes straight into the queue over %s, with the greeting when sendGreetingMessageOneQueues', async (channel) => {
    const only = await w.queue({ name: `Único ${channel}`, greetingMessage: 'Você está no atendimento.', chatbots: [{ name: 'Segunda via', greetingMessage: 'Enviamos por e-mail.' }] });
    await w.configure(channel, { queueIds: [only.id] });
    try {
      await w.setting('sendGreetingMessageOneQueues', 'enabled');
      const c = await w.customer(channel);
      await c.send('oi');
      const [greeting, menu] = await receive(c, 2);
      expect(greeting.body).toMatch(/^Olá .*! Escolha um setor:$/);
      expect(menu.body).toBe('Você está no atendimento.\n\n*[ 1 ]* - Segunda via\n*[ sair ]* - Encerrar atendimento');
      expect(await c.ticket()).toMatchObject({ queueId: only.id, botStage: 'options' });

      await w.setting('sendGreetingMessageOneQueues', 'disabled');
      const d = await w.customer(channel);
      await d.send('oi');
      expect((await receive(d))[0].body).toMatch(/^Você está no atendimento\./);
      // '#' at the first level of the only queue shows the same options again.
      await d.send('#');
      expect((await receive(d))[0].body).toBe('*[ 1 ]* - Segunda via\n*[ sair ]* - Encerrar atendimento');
    } finally {
      await w.configure(channel, { queueIds: [sales.id, support.id] });
    }
  });
});

describe('a file option', () => {
  it.each(CHANNELS)('sends the file list\'s message and files over %s', async (channel) => {
    const admin = w.company.admin.token;
    const list = await w.k.api('POST', '/files', { token: admin, body: { name: `Catálogo ${channel}`, message: 'Segue o catálogo:', options: [{ name: 'Tabela' }] } });
    const form = new FormData();
    form.append('id', String(list.body.options[0].id));
    form.append('files', new Blob([Buffer.from('%PDF-1.4 tabela de preços')], { type: 'application/pdf' }), 'tabela.pdf');
    expect((await w.k.api('POST', `/files/uploadList/${list.body.id}`, { token: admin, body: form })).status).toBe(200);
    const queue = await w.queue({ name: `Arquivos ${channel}`, chatbots: [{ name: 'Catálogo', queueType: 'file', optFileId: list.body.id, greetingMessage: 'Aqui está.' }] });
    await w.configure(channel, { queueIds: [queue.id] });
    try {
      await w.setting('sendGreetingMessageOneQueues', 'disabled');
      const c = await w.customer(channel);
      await c.send('oi');
      await receive(c);
      await c.send('1');
      const [said, message, file] = await receive(c, 3);
      expect(said.body).toBe('Aqui está.');
      expect(message.body).toBe('Segue o catálogo:');
      expect(file.file?.fileName).toBe('Tabela.pdf');
      expect(await c.ticket()).toMatchObject({ botStage: 'options', queueId: queue.id });
    } finally {
      await w.configure(channel, { queueIds: [sales.id, support.id] });
    }
  });
});
