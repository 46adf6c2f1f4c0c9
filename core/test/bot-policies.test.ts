import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import { CHANNELS, logOf, receive, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * Conversation scripts of the bot's policies, each through the website chat and WhatsApp: LGPD
 * consent, out of hours per scheduleType, audio refused.
 */
let w: BotWorld;
let sales: any;
let support: any;

const ALWAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
  weekday: weekdayEn, weekdayEn, startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '',
}));
const NEVER = ALWAYS.map((d) => ({ ...d, startTimeA: '', endTimeA: '' }));

beforeAll(async () => {
  w = await startBotWorld();
  sales = await w.queue({ name: 'Vendas', orderQueue: 1, greetingMessage: 'Vendas aqui.', outOfHoursMessage: 'Vendas fechado agora.' });
  support = await w.queue({ name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte aqui.' });
  for (const channel of CHANNELS) {
    await w.configure(channel, { queueIds: [sales.id, support.id], greetingMessage: 'Olá! Escolha:', outOfHoursMessage: 'Estamos fora do horário. Voltamos às 8h.' });
  }
});
afterAll(async () => w?.close());

beforeEach(async () => {
  for (const [key, value] of Object.entries({ enableLGPD: 'disabled', lgpdConsent: 'disabled', scheduleType: 'disabled', acceptAudioMessageContact: 'enabled' })) await w.setting(key, value);
});

describe.each(CHANNELS)('LGPD consent over %s', (channel) => {
  it('asks first; accepting stores lgpdAcceptedAt and shows the menu', async () => {
    await w.setting('enableLGPD', 'enabled');
    await w.setting('lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
    await w.setting('lgpdLink', 'https://example.com/privacidade');
    const c = await w.customer(channel);
    await c.send('oi');
    expect((await receive(c))[0].body).toBe('Tratamos seus dados conforme a LGPD.\n\nhttps://example.com/privacidade\n\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito');
    expect(await c.ticket()).toMatchObject({ botStage: 'lgpd', isBot: true });
    await c.send('talvez');
    expect((await receive(c))[0].body).toMatch(/^Opção inválida.*\n\nTratamos seus dados/s);
    await c.send('1');
    expect((await receive(c))[0].body).toMatch(/^Olá! Escolha:\n\n\*\[ 1 \]\* - Vendas/);
    const contact = await w.k.db('contacts').where({ id: await c.contactId() }).first();
    expect(contact.lgpdAcceptedAt).toBeInstanceOf(Date);
    expect(await c.ticket()).toMatchObject({ botStage: 'menu' });
  });

  it('refusing ends the conversation politely and stores nothing', async () => {
    await w.setting('enableLGPD', 'enabled');
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('2');
    expect((await receive(c))[0].body).toBe('Tudo bem. Sem o seu consentimento não podemos continuar este atendimento. Até logo!');
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'closed', isBot: false, botStage: null });
    expect((await w.k.db('contacts').where({ id: await c.contactId() }).first()).lgpdAcceptedAt).toBeNull();
    expect((await logOf(w.k, ticket.id)).map((l) => l.data?.lgpd ?? l.type)).toEqual(['create', 'chatBot', 'refused', 'closed']);
  });
});

describe.each(CHANNELS)('out of hours over %s', (channel) => {
  it('scheduleType company: the out-of-hours message instead of the bot, and the bot when open', async () => {
    await w.setting('scheduleType', 'company');
    await w.k.api('PUT', `/companies/${w.company.company.id}/schedules`, { token: w.company.admin.token, body: { schedules: NEVER } });
    const c = await w.customer(channel);
    await c.send('oi');
    expect((await receive(c))[0].body).toBe('Estamos fora do horário. Voltamos às 8h.');
    expect(await c.ticket()).toMatchObject({ status: 'pending', isBot: false, botStage: null, queueId: null });
    // A second message gets neither the menu nor the message again.
    await c.send('alô?');
    const ticket = await c.ticket();
    expect(Number((await w.k.db('messages').where({ ticketId: ticket.id, fromMe: true }).count({ n: '*' }).first())!.n)).toBe(1);

    await w.k.api('PUT', `/companies/${w.company.company.id}/schedules`, { token: w.company.admin.token, body: { schedules: ALWAYS } });
    const d = await w.customer(channel);
    await d.send('oi');
    expect((await receive(d))[0].body).toMatch(/^Olá! Escolha:/);
  });

  it('scheduleType connection: the connection\'s hours decide', async () => {
    await w.setting('scheduleType', 'connection');
    await w.configure(channel, { schedules: NEVER });
    const c = await w.customer(channel);
    await c.send('oi');
    expect((await receive(c))[0].body).toBe('Estamos fora do horário. Voltamos às 8h.');
    await w.configure(channel, { schedules: ALWAYS });
    const d = await w.customer(channel);
    await d.send('oi');
    expect((await receive(d))[0].body).toMatch(/^Olá! Escolha:/);
  });

  it('scheduleType queue: the chosen queue\'s hours and message', async () => {
    await w.setting('scheduleType', 'queue');
    await w.k.api('PUT', `/queue/${sales.id}`, { token: w.company.admin.token, body: { schedules: NEVER } });
    const c = await w.customer(channel);
    await c.send('oi');
    await receive(c);
    await c.send('1');
    expect((await receive(c))[0].body).toBe('Vendas fechado agora.');
    expect(await c.ticket()).toMatchObject({ queueId: sales.id, status: 'pending', isBot: false, botStage: null });
    await c.send('alguém?');
    await w.k.api('PUT', `/queue/${sales.id}`, { token: w.company.admin.token, body: { schedules: ALWAYS } });
    const d = await w.customer(channel);
    await d.send('oi');
    await receive(d);
    await d.send('1');
    expect((await receive(d))[0].body).toBe('Vendas aqui.');
  });
});

describe.each(CHANNELS)('audio over %s', (channel) => {
  it('is refused politely when acceptAudioMessageContact is off, and never taken as an answer', async () => {
    await w.setting('acceptAudioMessageContact', 'disabled');
    const c = await w.customer(channel);
    await c.sendAudio();
    const [refused, menu] = await receive(c, 2);
    expect(refused.body).toBe('Desculpe, não aceitamos mensagens de áudio. Por favor, escreva a sua mensagem.');
    expect(menu.body).toMatch(/^Olá! Escolha:/);
    await c.sendAudio();
    expect((await receive(c))[0].body).toMatch(/^Desculpe, não aceitamos/);
    expect(await c.ticket()).toMatchObject({ botStage: 'menu', amountUsedBotQueues: 0 });
    await c.send('2');
    expect((await receive(c))[0].body).toBe('Suporte aqui.');

    await w.setting('acceptAudioMessageContact', 'enabled');
    const d = await w.customer(channel);
    await d.sendAudio();
    expect((await receive(d))[0].body).toMatch(/^Olá! Escolha:/);
    await waitFor(async () => (await d.ticket()).botStage === 'menu');
  });
});

describe.each(CHANNELS)('agent transitions over %s', (channel) => {
  it('sendMsgTransfTicket tells the customer about a transfer; sendFarewellWaitingTicket says goodbye when a waiting ticket is closed', async () => {
    await w.setting('sendMsgTransfTicket', 'enabled');
    await w.setting('sendFarewellWaitingTicket', 'enabled');
    await w.configure(channel, { complationMessage: 'Até a próxima, {{firstName}}!' });
    try {
      const c = await w.customer(channel);
      await c.send('oi');
      await receive(c);
      await c.send('1');
      await receive(c);
      const ticket = await c.ticket();
      const admin = w.company.admin.token;
      expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin, body: { status: 'pending', queueId: support.id } })).status).toBe(200);
      expect((await receive(c))[0].body).toBe('Você foi transferido para o setor *Suporte*. Aguarde, em breve você será atendido.');
      expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: admin, body: { status: 'closed' } })).status).toBe(200);
      expect((await receive(c))[0].body).toMatch(/^Até a próxima, (Visitante|Maria)!$/);
    } finally {
      await w.setting('sendMsgTransfTicket', 'disabled');
      await w.setting('sendFarewellWaitingTicket', 'disabled');
      await w.configure(channel, { complationMessage: null });
    }
  });
});
