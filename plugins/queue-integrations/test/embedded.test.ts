import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import { createQueueIntegrationsPlugin } from '../src/plugin.js';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { startFakeTypebot, type FakeTypebot } from './fakes.js';

/** The embedded default (PGlite, in-process bus and jobs): a Typebot conversation from start to handover. */
let w: BotWorld;
let typebot: FakeTypebot;

beforeAll(async () => {
  typebot = await startFakeTypebot();
  w = await startBotWorld({ embedded: true, plugins: [createQueueIntegrationsPlugin({ allowPrivate: true, limits: { timeoutMs: 2000, retries: 1, backoffMs: 50 } })] });
});
afterAll(async () => {
  await w?.close();
  await typebot?.close();
});

describe('queue integrations on the embedded default', () => {
  it('a Typebot session runs and ends with a human', async () => {
    const created = await w.k.api('POST', '/queueIntegration', { token: w.company.admin.token, body: { type: 'typebot', name: 'Loja', urlN8N: typebot.url, typebotSlug: 'atendimento', typebotDelayMessage: 0 } });
    expect(created.status).toBe(201);
    const queue = await w.queue({ name: 'Robô', integrationId: created.body.id, greetingMessage: 'Robô.' });
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const c = await w.customer('webchat');
    await c.send('oi');
    expect((await receive(c, 4)).at(-1)!.body).toBe('*1* - Vendas\n*2* - Suporte');
    await c.send('Vendas');
    expect((await receive(c))[0].body).toBe('Você escolheu Vendas. Qual o seu pedido?');
    await c.send('um bolo');
    await receive(c);
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: queue.id });
  });

  it('a plan without useIntegrations lets go of the ticket (plan read inside the ingest transaction)', async () => {
    const created = await w.k.api('POST', '/queueIntegration', { token: w.company.admin.token, body: { type: 'typebot', name: 'Loja 2', urlN8N: typebot.url, typebotSlug: 'atendimento', typebotDelayMessage: 0 } });
    const queue = await w.queue({ name: 'Robô 2', integrationId: created.body.id, greetingMessage: 'Robô 2.' });
    await w.configure('webchat', { queueIds: [queue.id], greetingMessage: null });
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c, 4);
    await w.k.setPlanFlags(w.company.company.id, { useIntegrations: false });
    await c.send('1');
    // The menu bot starts over: the only queue greets again, and its integration is off for this plan.
    expect((await receive(c))[0].body).toBe('Robô 2.');
    await waitFor(async () => (await c.ticket()).useIntegration === false);
    const logs = await w.k.db('ticketLogs').where({ ticketId: (await c.ticket()).id, type: 'chatBot' }).orderBy('id').select('data');
    expect(logs.map((l) => l.data?.handover).filter(Boolean)).toEqual(['planDisabled', 'planDisabled']);
  });
});
