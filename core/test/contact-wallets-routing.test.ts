import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import { localTime } from '../src/bot/hours.js';
import { logOf, receive, startBotWorld, type BotWorld, type Customer } from './bot-support.js';

/**
 * walletRouting (issue #33) over the website chat: a contact with an owner agent starts straight
 * with them instead of the queue menu, pending in the owner's queue or open; an owner offline or
 * out of their work hours, no owner, or the setting off leave the normal menu.
 */
let w: BotWorld;
let sales: any;
let support: any;
let owner: { id: number; token: string };
let offline: { id: number; token: string };

const MENU = /Escolha um setor:\n\n\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte/;

beforeAll(async () => {
  w = await startBotWorld();
  const companyId = w.company.company.id;
  const o = await w.k.createUser(companyId, { name: 'Olga Dona' });
  const f = await w.k.createUser(companyId, { name: 'Fabio Fora' });
  owner = { id: o.user.id, token: o.token };
  offline = { id: f.user.id, token: f.token };
  sales = await w.queue({ name: 'Vendas', orderQueue: 1, greetingMessage: 'Vendas aqui.' });
  support = await w.queue({ name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte aqui.' });
  // Olga is in Suporte only: her wallet's tickets wait in Suporte.
  const put = await w.k.api('PUT', `/users/${owner.id}`, { token: w.company.admin.token, body: { queueIds: [support.id] } });
  expect(put.status).toBe(200);
  await w.configure('webchat', { queueIds: [sales.id, support.id], greetingMessage: 'Olá {{firstName}}! Escolha um setor:' });
  // Olga's browser is connected: she is online. Fabio never signs in.
  await w.k.socket(owner.token);
  await waitFor(async () => (await w.k.db('users').where({ id: owner.id, online: true }).first('id')) ?? null);
});
afterAll(async () => w?.close());

/** A visitor who talked once (the contact exists, the conversation ended with "sair") and now belongs to `ownerId`'s wallet. */
async function walletCustomer(ownerId: number | null): Promise<Customer> {
  const c = await w.customer('webchat');
  await c.send('oi');
  expect((await receive(c))[0].body).toMatch(MENU);
  await c.send('sair');
  await receive(c);
  await waitFor(async () => ((await c.ticket()).status === 'closed' ? true : null));
  const res = await w.k.api('PUT', `/contacts/${await c.contactId()}`, { token: w.company.admin.token, body: { ownerUserId: ownerId } });
  expect(res.status).toBe(200);
  expect(res.body.ownerUserId).toBe(ownerId);
  return c;
}

async function newConversation(c: Customer): Promise<Record<string, any>> {
  const before = (await c.ticket()).id;
  await c.send('voltei');
  return waitFor(async () => {
    const t = await c.ticket();
    return t.id !== before || t.status !== 'closed' ? t : null;
  });
}

describe('walletRouting', () => {
  it('pending: the owner gets the new conversation in their queue, without the menu', async () => {
    await w.setting('walletRouting', 'pending');
    const c = await walletCustomer(owner.id);
    const ticket = await newConversation(c);
    const [greeting] = await receive(c);
    // The connection's greeting alone: no queue menu follows it.
    expect(greeting.body).toMatch(/^Olá Visitante! Escolha um setor:$/);
    const routed = await waitFor(async () => ((await c.ticket()).userId === owner.id ? c.ticket() : null));
    expect(routed).toMatchObject({ id: ticket.id, status: 'pending', userId: owner.id, queueId: support.id, isBot: false, botStage: null });
    const log = await logOf(w.k, routed.id);
    expect(log.find((l) => l.type === 'transfered')?.data).toMatchObject({ toUserId: owner.id, by: 'wallet' });
  });

  it('open: the conversation starts open with the owner', async () => {
    await w.setting('walletRouting', 'open');
    const c = await walletCustomer(owner.id);
    await newConversation(c);
    await receive(c);
    const routed = await waitFor(async () => ((await c.ticket()).userId === owner.id ? c.ticket() : null));
    expect(routed).toMatchObject({ status: 'open', userId: owner.id, queueId: support.id });
    expect(routed.acceptedAt).not.toBeNull();
  });

  it('an owner offline leaves the normal menu', async () => {
    await w.setting('walletRouting', 'pending');
    const c = await walletCustomer(offline.id);
    await newConversation(c);
    expect((await receive(c))[0].body).toMatch(MENU);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ userId: null, botStage: 'menu' });
    expect((await logOf(w.k, ticket.id)).some((l) => l.data?.wallet === 'ownerUnavailable')).toBe(true);
  });

  it('an owner out of their work hours leaves the normal menu', async () => {
    await w.setting('walletRouting', 'pending');
    const hour = Number(localTime(new Date()).time.slice(0, 2));
    const away = String((hour + 12) % 24).padStart(2, '0');
    const put = await w.k.api('PUT', `/users/${owner.id}`, { token: w.company.admin.token, body: { startWork: `${away}:00`, endWork: `${away}:30` } });
    expect(put.status).toBe(200);
    try {
      const c = await walletCustomer(owner.id);
      await newConversation(c);
      expect((await receive(c))[0].body).toMatch(MENU);
      expect(await c.ticket()).toMatchObject({ userId: null, botStage: 'menu' });
    } finally {
      await w.k.api('PUT', `/users/${owner.id}`, { token: w.company.admin.token, body: { startWork: '00:00', endWork: '23:59' } });
    }
  });

  it('with the setting off, or without an owner, the menu as usual', async () => {
    await w.setting('walletRouting', 'disabled');
    const c = await walletCustomer(owner.id);
    await newConversation(c);
    expect((await receive(c))[0].body).toMatch(MENU);
    await w.setting('walletRouting', 'pending');
    const d = await walletCustomer(null);
    await newConversation(d);
    expect((await receive(d))[0].body).toMatch(MENU);
  });
});
