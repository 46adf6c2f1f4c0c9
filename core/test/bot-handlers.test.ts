import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginContext } from '@guiche/core';
import { waitFor } from '@guiche/core/testing';
import { receive, startBotWorld, type BotWorld } from './bot-support.js';

/**
 * Conversation handlers (ARCHITECTURE §10): a plugin registers ctx.bot.registerHandler(type, h);
 * a ticket whose queue has a prompt ('openai') is handed to it for each customer message, outside
 * the ingest transaction; an error or a timeout hands the ticket to a human.
 */
let w: BotWorld;
let ctx: PluginContext;
let mode: 'answer' | 'fail' | 'hang' | 'close' | 'slowFirst' | 'transfer' = 'answer';
let transferTo: number | null = null;
const seen: string[] = [];

const assistant = definePlugin({
  id: 'test-assistant',
  kind: 'module',
  planFlag: null,
  register(pluginCtx) {
    ctx = pluginCtx;
    pluginCtx.bot.registerHandler(
      'openai',
      async ({ ticket, message, companyId }) => {
        seen.push(message.body);
        if (mode === 'fail') throw new Error('model unavailable');
        if (mode === 'hang') return new Promise(() => undefined);
        // The first message takes longer than the next: answers must still come out in order.
        if (mode === 'slowFirst' && message.body === 'primeira') await new Promise((resolve) => setTimeout(resolve, 300));
        if (mode === 'transfer') return { transfer: { queueId: transferTo } };
        await ctx.messages.send({ companyId, ticketId: ticket.id, userId: null, body: `IA: você disse "${message.body}"` });
        return mode === 'close' ? 'close' : 'continue';
      },
      // Long enough for a loaded machine to answer; the 'hang' case waits it out.
      { timeoutMs: 3000 },
    );
  },
});

beforeAll(async () => {
  w = await startBotWorld({ plugins: [assistant] });
});
afterAll(async () => w?.close());

let promptId: number;

async function promptQueue(name: string) {
  promptId = await w.prompt(name);
  const queue = await w.queue({ name, promptId, greetingMessage: `${name}: um assistente vai responder.` });
  await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
  return queue;
}

describe('conversation handlers', () => {
  it('a queue with a prompt hands every message to the registered handler, which answers and may close', async () => {
    mode = 'answer';
    await promptQueue('Assistente');
    const c = await w.customer('webchat');
    await c.send('oi');
    const [greeting, first] = await receive(c, 2);
    expect(greeting.body).toBe('Assistente: um assistente vai responder.');
    expect(first.body).toBe('IA: você disse "oi"');
    expect(await c.ticket()).toMatchObject({ useIntegration: true, promptId, isBot: false, botStage: null, status: 'pending' });
    await c.send('qual o preço?');
    expect((await receive(c))[0].body).toBe('IA: você disse "qual o preço?"');
    mode = 'close';
    await c.send('obrigado');
    await receive(c);
    await waitFor(async () => (await c.ticket()).status === 'closed');
  });

  it.each(['fail', 'hang'] as const)('a handler that %ss hands the ticket to a human', async (how) => {
    mode = how;
    const queue = await promptQueue(`Assistente ${how}`);
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c);
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: queue.id, isBot: false });
    const log = await w.k.db('ticketLogs').where({ ticketId: ticket.id, type: 'chatBot' }).orderBy('id', 'desc').first();
    expect(log.data).toEqual({ handover: how === 'fail' ? 'handlerError' : 'handlerTimeout' });
    // The next message is for the agents, not for the handler.
    const before = seen.length;
    await c.send('alguém aí?');
    expect(seen.length).toBe(before);
  });

  it("answers a ticket's messages one at a time and in order", async () => {
    mode = 'slowFirst';
    await promptQueue('Assistente em ordem');
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 2);
    await c.send('primeira');
    await c.send('segunda');
    const [a, b] = await receive(c, 2);
    expect([a.body, b.body]).toEqual(['IA: você disse "primeira"', 'IA: você disse "segunda"']);
  });

  it('a transfer outcome moves the ticket to the queue, pending for a human', async () => {
    mode = 'answer';
    await promptQueue('Assistente transfere');
    const target = await w.queue({ name: 'Humanos', greetingMessage: 'h' });
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 2);
    mode = 'transfer';
    transferTo = target.id;
    await c.send('pode me transferir?');
    await waitFor(async () => (await c.ticket()).queueId === target.id);
    expect(await c.ticket()).toMatchObject({ useIntegration: false, status: 'pending' });
    const log = await w.k.db('ticketLogs').where({ ticketId: (await c.ticket()).id, type: 'transfered' }).first();
    expect(log.data).toMatchObject({ by: 'integration', toQueueId: target.id });
  });
});
