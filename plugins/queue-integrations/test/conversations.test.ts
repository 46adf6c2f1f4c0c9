import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, waitFor, type FakeServer } from '@guiche/core/testing';
import { createQueueIntegrationsPlugin } from '../src/plugin.js';
import { logOf, receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeDialogflow, startFakeTypebot, type FakeDialogflow, type FakeTypebot } from './fakes.js';

/**
 * Integrations taking over a conversation (ARCHITECTURE §10): a queue with an integration hands each
 * customer message to Typebot, DialogFlow or a webhook running as local fakes of their wire formats.
 */
let w: BotWorld;
let typebot: FakeTypebot;
let df: FakeDialogflow;
let hook: FakeServer;
let admin: string;

beforeAll(async () => {
  [typebot, df, hook] = await Promise.all([startFakeTypebot(), startFakeDialogflow(), startFakeServer()]);
  w = await startBotWorld({ plugins: [createQueueIntegrationsPlugin({ allowPrivate: true, dialogflowApi: df.url, limits: { timeoutMs: 1500, retries: 2, backoffMs: 50 } })] });
  admin = w.company.admin.token;
});
afterAll(async () => {
  await w?.close();
  await Promise.all([typebot?.close(), df?.close(), hook?.close()]);
});

async function integration(body: Record<string, unknown>): Promise<number> {
  const res = await w.k.api('POST', '/queueIntegration', { token: admin, body });
  if (res.status !== 201) throw new Error(`integration: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A queue answered by the integration, the only queue of the website chat. */
async function queueWith(integrationId: number, name: string) {
  const queue = await w.queue({ name, integrationId, greetingMessage: `${name}: um robô vai responder.` });
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
  return queue;
}

const lastHandover = async (ticketId: number) => (await logOf(w.k, ticketId)).filter((l) => l.type === 'chatBot' && l.data?.handover).at(-1)?.data.handover;

describe('Typebot', () => {
  let typebotId: number;
  beforeAll(async () => {
    typebotId = await integration({
      type: 'typebot', name: 'Loja', urlN8N: typebot.url, typebotSlug: 'atendimento', typebotDelayMessage: 0,
      typebotKeywordFinish: 'sair', typebotKeywordRestart: 'reiniciar', typebotRestartMessage: 'Vamos começar de novo.', typebotUnknownMessage: 'Não entendi, escolha uma opção.',
    });
  });

  it('starts a session, offers a choice input as numbered options, sends the choice by its text and ends with a handover', async () => {
    const queue = await queueWith(typebotId, 'Robô');
    const c = await w.customer('webchat');
    await c.send('oi');
    const got = await receive(c, 4);
    expect(got.map((m) => m.body)).toEqual(['Robô: um robô vai responder.', 'Olá! Sou o robô da loja.', 'Com qual setor quer falar?', '*1* - Vendas\n*2* - Suporte']);
    const start = typebot.requests.find((r) => r.path === '/api/v1/typebots/atendimento/startChat')!;
    expect(start.json).toMatchObject({ message: { type: 'text', text: 'oi' }, isStreamEnabled: false, prefilledVariables: { pushName: expect.stringMatching(/^Visitante/) } });

    await c.send('7');
    expect((await receive(c))[0].body).toBe('Não entendi, escolha uma opção.\n\n*1* - Vendas\n*2* - Suporte');
    await c.send('2');
    expect((await receive(c))[0].body).toBe('Você escolheu Suporte. Qual o seu pedido?');
    const ticket = await c.ticket();
    const session = await w.k.db('integrationSessions').where({ ticketId: ticket.id }).first();
    expect(typebot.requests.at(-1)).toMatchObject({ path: `/api/v1/sessions/${session.sessionId}/continueChat`, json: { message: { type: 'text', text: 'Suporte' } } });

    await c.send('minha entrega atrasou');
    expect((await receive(c))[0].body).toBe('Anotado: minha entrega atrasou. Um atendente vai continuar.');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: queue.id });
    expect(await w.k.db('integrationSessions').where({ ticketId: ticket.id }).first()).toBeUndefined();
  });

  it('sends rich-text and image bubbles in order, waits a wait block, and hands over when the flow ends', async () => {
    const id = await integration({ type: 'typebot', name: 'Catálogo', urlN8N: typebot.url, typebotSlug: 'catalogo', typebotDelayMessage: 50 });
    const queue = await queueWith(id, 'Catálogo');
    const c = await w.customer('webchat');
    await c.send('cardápio');
    const got = await receive(c, 3);
    expect(got.slice(1)).toEqual([{ body: 'Nosso bolo do dia' }, { body: '', file: { fileName: 'bolo.png', mimetype: 'image' } }]);
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: queue.id });
  });

  it('restart and finish keywords; a session expired here or at Typebot starts over', async () => {
    await queueWith(typebotId, 'Robô 2');
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 4);
    const ticket = await c.ticket();
    const started = await waitFor(() => w.k.db('integrationSessions').where({ ticketId: ticket.id }).first());
    await c.send('reiniciar');
    expect((await receive(c))[0].body).toBe('Vamos começar de novo.');
    await c.send('olá');
    expect((await receive(c, 3)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');

    // Idle past typebotExpires (1 minute): a new session, the old one never continued. The turn
    // ends by saving the restarted session: wait for that row, or backdating races the save.
    const before = await waitFor(() => w.k.db('integrationSessions').where({ ticketId: ticket.id }).whereNot({ sessionId: started.sessionId }).first());
    await w.k.db('integrationSessions').where({ ticketId: ticket.id }).update({ lastAt: new Date(Date.now() - 2 * 60000) });
    await c.send('voltei');
    expect((await receive(c, 3)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');
    const after = await waitFor(() => w.k.db('integrationSessions').where({ ticketId: ticket.id }).whereNot({ sessionId: before.sessionId }).first());
    expect(after.sessionId).not.toBe(before.sessionId);

    // Typebot forgot the session (404 Session not found): started again with the customer's text.
    typebot.sessions.delete(after.sessionId);
    await c.send('1');
    expect((await receive(c, 3)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');
    expect(typebot.requests.at(-1)!.json.message.text).toBe('1');

    await c.send('SAIR');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    expect(await lastHandover(ticket.id)).toBe('handler');
  });

  it('retries a 5xx, and hands the ticket to a human when Typebot keeps failing, hangs or answers nonsense', async () => {
    await queueWith(typebotId, 'Robô 3');
    const ok = await w.customer('webchat');
    typebot.failNext(1, { status: 502, body: 'Bad Gateway' });
    await ok.send('oi');
    expect((await receive(ok, 4)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');

    // Each failure is answered as often as it is tried: 3 attempts (retries 2), a malformed 200 once.
    for (const [reply, reason, attempts] of [
      [{ status: 503, json: { message: 'down' } }, 'outside:status:503', 3],
      ['hang', 'handlerTimeout', 3],
      [{ status: 200, body: '<html>not json</html>' }, 'outside:malformed', 1],
    ] as const) {
      const c = await w.customer('webchat');
      const before = typebot.requests.length;
      typebot.failNext(attempts, reply);
      await c.send('oi');
      await receive(c); // the queue greeting
      await waitFor(async () => (await c.ticket()).useIntegration === false);
      const ticket = await c.ticket();
      expect(ticket).toMatchObject({ status: 'pending', isBot: false });
      expect(await lastHandover(ticket.id)).toBe(reason);
      expect(typebot.requests.length - before).toBe(attempts);
    }
  });

  it('a plan without useIntegrations gives the ticket back to the menu bot', async () => {
    const other = await w.queue({ name: 'Humanos', greetingMessage: 'Fila de humanos.' });
    const robot = await w.queue({ name: 'Robô 4', integrationId: typebotId, greetingMessage: 'Robô 4.' });
    await w.configure('webchat', { queueIds: [robot.id, other.id], greetingMessage: 'Escolha:' });
    const c = await w.customer('webchat');
    await c.send('oi');
    expect((await receive(c))[0].body).toContain('*[ 2 ]* - Robô 4');
    await c.send('2');
    expect((await receive(c, 4)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');
    await w.k.setPlanFlags(w.company.company.id, { useIntegrations: false });
    try {
      await c.send('2');
      const [menu] = await receive(c);
      expect(menu.body).toContain('Escolha:');
      const ticket = await c.ticket();
      expect(ticket).toMatchObject({ useIntegration: false, integrationId: null, botStage: 'menu' });
      expect(await lastHandover(ticket.id)).toBe('planDisabled');
      await c.send('1');
      expect((await receive(c))[0].body).toBe('Fila de humanos.');
    } finally {
      await w.k.setPlanFlags(w.company.company.id, { useIntegrations: true });
    }
  });
});

describe('DialogFlow', () => {
  it('detects intent per message with the contact as session; the end of interaction hands over', async () => {
    const id = await integration({ type: 'dialogflow', name: 'DF', projectName: 'loja-123', language: 'es', jsonContent: df.credentials('loja-123') });
    await queueWith(id, 'DF');
    const c = await w.customer('webchat');
    await c.send('quero um bolo');
    expect((await receive(c, 2))[1].body).toBe('Entendi: quero um bolo');
    const contactId = await c.contactId();
    expect(df.detected.at(-1)).toEqual({ session: `contact-${contactId}`, text: 'quero um bolo', languageCode: 'es' });
    await c.send('tchau');
    expect((await receive(c))[0].body).toBe('Até logo! Vou chamar um atendente.');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
  });
});

describe('webhook and n8n', () => {
  it('posts the message with its context and follows the answer: texts, media, transfer and close', async () => {
    const target = await w.queue({ name: 'Financeiro', greetingMessage: 'fin' });
    hook.route('GET', '/logo.png', () => ({ headers: { 'content-type': 'image/png' }, body: Buffer.from('89504e470d0a1a0a', 'hex') }));
    hook.route('POST', '/hook', (req) => {
      const text: string = req.json.message.body;
      if (text === 'boleto') return { json: { messages: [{ text: 'Vou te passar ao financeiro.' }], action: 'transfer', queueId: target.id } };
      if (text === 'fim') return { json: { messages: [{ text: 'Até mais!' }], action: 'close' } };
      if (text === 'nada') return { status: 204 };
      if (text === 'quebrado') return { json: { messages: 'não é lista' } };
      return { json: { messages: [{ text: `Recebi: ${text}` }, { mediaUrl: `${hook.url}/logo.png`, caption: 'nosso logo' }] } };
    });
    const id = await integration({ type: 'n8n', name: 'Fluxo', urlN8N: `${hook.url}/hook` });
    const queue = await queueWith(id, 'Webhook');

    const c = await w.customer('webchat');
    await c.send('olá');
    const got = await receive(c, 3);
    expect(got.slice(1)).toEqual([{ body: 'Recebi: olá' }, { body: 'nosso logo', file: { fileName: 'logo.png', mimetype: 'image' } }]);
    const ticket = await c.ticket();
    const sent = hook.requests.filter((r) => r.path === '/hook').at(-1)!.json;
    expect(sent).toMatchObject({
      event: 'message',
      integration: { id, type: 'n8n' },
      ticket: { id: ticket.id, uuid: ticket.uuid, queueId: queue.id },
      contact: { id: await c.contactId() },
      connection: { id: w.connections.webchat.id },
      message: { body: 'olá', mediaType: 'chat' },
    });
    await c.send('nada');
    await c.send('boleto');
    expect((await receive(c))[0].body).toBe('Vou te passar ao financeiro.');
    await waitFor(async () => (await c.ticket()).queueId === target.id);
    expect(await c.ticket()).toMatchObject({ useIntegration: false, status: 'pending' });

    const d = await w.customer('webchat');
    await d.send('fim');
    expect((await receive(d, 2))[1].body).toBe('Até mais!');
    await waitFor(async () => (await d.ticket()).status === 'closed');

    const e = await w.customer('webchat');
    await e.send('quebrado');
    await receive(e);
    await waitFor(async () => (await e.ticket()).useIntegration === false);
    expect(await lastHandover((await e.ticket()).id)).toBe('outside:malformed');
  });
});
