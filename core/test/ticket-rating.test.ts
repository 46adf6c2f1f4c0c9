import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';
import { parseRate } from '../src/messaging/ticket-rating.js';

/** Rating on resolve (setting userRating, connection ratingMessage) and the rating step of ingest. */
let k: TestKernel;
let c: TestCompany;
let conn: number;
let queueId: number;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  // One answer that is not a rate drops the question (repeating it up to maxUseBotQueuesNPS: core/test/bot-rating.test.ts).
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token, ratingMessage: 'Como foi, {{firstName}}?', maxUseBotQueuesNps: 1 }).returning('id'))[0].id;
  queueId = (await k.db('queues').insert({ companyId: c.company.id, name: 'Q', color: '#101010' }).returning('id'))[0].id;
});
afterAll(async () => k?.close());

function inbound(number: string, body: string): NormalizedMessage {
  return { wid: `RT-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: number, number, name: 'Ana Souza' }, body, mediaType: 'chat' };
}

/** A conversation the admin accepted and then resolves with the given body. */
async function resolved(number: string, body: Record<string, unknown>) {
  const { ticketId, contactId } = await k.kernel.core.ingest.ingest(conn, inbound(number, 'oi'));
  expect((await k.api('PUT', `/tickets/${ticketId}`, { token: c.admin.token, body: { status: 'open', queueId } })).status).toBe(200);
  const res = await k.api('PUT', `/tickets/${ticketId}`, { token: c.admin.token, body: { status: 'closed', sendFarewellMessage: false, userId: c.admin.user.id, ...body } });
  expect(res.body).toMatchObject({ status: 'closed' });
  return { ticketId, contactId };
}

const ratings = (ticketId: number) => k.db('ticketRatings').where({ ticketId }).orderBy('id');
const lastSent = (ticketId: number) => k.db('messages').where({ ticketId, fromMe: true }).orderBy('id', 'desc').first();
const activeTickets = (contactId: number) => k.db('tickets').where({ contactId }).whereIn('status', ['pending', 'open', 'group']);

describe('rating on resolve', () => {
  it('parses only a single 1–5 answer', () => {
    expect(['1', ' 5 ', '4.', '3!'].map(parseRate)).toEqual([1, 5, 4, 3]);
    expect(['0', '6', '10', 'nota 5', '', '5 estrelas'].map(parseRate)).toEqual([null, null, null, null, null, null]);
  });

  it('is not asked while the setting userRating is disabled', async () => {
    await k.kernel.core.settings.set(c.company.id, 'userRating', 'disabled');
    const { ticketId } = await resolved('5511944440001', { requestRating: true });
    expect(await ratings(ticketId)).toEqual([]);
    expect(await lastSent(ticketId)).toBeUndefined();
  });

  it('asks with the connection’s ratingMessage; a 1–5 reply stores the rate in the closed conversation', async () => {
    await k.kernel.core.settings.set(c.company.id, 'userRating', 'enabled');
    const { ticketId, contactId } = await resolved('5511944440002', { requestRating: true });
    expect(await ratings(ticketId)).toMatchObject([{ ticketId, contactId, whatsappId: conn, userId: c.admin.user.id, rate: null, answeredAt: null }]);
    const question = await lastSent(ticketId);
    expect(question).toMatchObject({ body: 'Como foi, Ana?\n\nResponda com uma nota de 1 a 5.', userId: null, sendStatus: 'pending' });

    const answer = await k.kernel.core.ingest.ingest(conn, inbound('5511944440002', '4'));
    expect(answer.ticketId).toBe(ticketId);
    expect(await ratings(ticketId)).toMatchObject([{ rate: 4, answeredAt: expect.any(Date) }]);
    expect(await activeTickets(contactId)).toEqual([]);
    expect(await k.db('tickets').where({ contactId }).pluck('id')).toEqual([ticketId]);
    expect(await k.db('messages').where({ id: answer.messageId }).first('ticketId')).toEqual({ ticketId });
    const shown = await k.api('GET', `/tickets/${ticketId}`, { token: c.admin.token });
    expect(shown.body).toMatchObject({ status: 'closed', userRating: { rate: 4 } });

    // Answered: the next message starts a conversation as usual.
    const next = await k.kernel.core.ingest.ingest(conn, inbound('5511944440002', '5'));
    expect(next.ticketId).not.toBe(ticketId);
    expect(await ratings(ticketId)).toMatchObject([{ rate: 4 }]);
  });

  it('a ticket the reply reopened (timeCreateNewTicket) goes back to closed, without its reopen log', async () => {
    expect((await k.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { timeCreateNewTicket: 60 } })).status).toBe(200);
    const { ticketId, contactId } = await resolved('5511944440003', { requestRating: true });
    const before = await k.db('tickets').where({ id: ticketId }).first();
    await k.kernel.core.ingest.ingest(conn, inbound('5511944440003', '2'));
    expect(await k.db('tickets').where({ id: ticketId }).first()).toMatchObject({ status: 'closed', userId: before.userId, closedAt: before.closedAt });
    expect(await k.db('ticketLogs').where({ ticketId }).pluck('type')).not.toContain('reopen');
    expect(await activeTickets(contactId)).toEqual([]);
    expect(await ratings(ticketId)).toMatchObject([{ rate: 2 }]);
    expect((await k.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { timeCreateNewTicket: 0 } })).status).toBe(200);
  });

  it('any other reply drops the question and opens a conversation; a later number is a plain message', async () => {
    const { ticketId, contactId } = await resolved('5511944440004', { requestRating: true });
    const reply = await k.kernel.core.ingest.ingest(conn, inbound('5511944440004', 'tenho outra dúvida'));
    expect(reply.ticketId).not.toBe(ticketId);
    expect(await ratings(ticketId)).toMatchObject([{ rate: null, answeredAt: expect.any(Date) }]);
    const number = await k.kernel.core.ingest.ingest(conn, inbound('5511944440004', '5'));
    expect(number.ticketId).toBe(reply.ticketId);
    expect(await activeTickets(contactId)).toHaveLength(1);
  });

  it('without requestRating nobody is asked', async () => {
    const { ticketId } = await resolved('5511944440005', {});
    expect(await ratings(ticketId)).toEqual([]);
  });
});
