import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, createFakeConnection, fakeChannel, inboundTicket, type Delivered } from './channels-fake-channel.js';

/**
 * SQL round trips of storing an outbound message (issue 28): one statement stores it (ticket lock,
 * checks, insert and the list preview together) and one reads the ticket's details for its event.
 * Counted through AsyncLocalStorage, so the worker and the kernel's periodic work are not.
 */
const SEND_MAX = 2;

const world = new FakeWorld();
const scope = new AsyncLocalStorage<string[]>();
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))] });
  k.db.on('query', (query: { sql: string }) => scope.getStore()?.push(query.sql));
});
afterAll(async () => k?.close());

const sender = () => k.kernel.core.channels.sender;

async function connectedTicket() {
  const { company, connectionId } = await createFakeConnection(k);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  const { ticketId, inboundId } = await inboundTicket(world, k, connectionId);
  return { company, connectionId, ticketId, inboundId };
}

async function takeFrom(connectionId: number, count: number): Promise<Delivered[]> {
  const got: Delivered[] = [];
  while (got.length < count) {
    const item = await world.outbound.take();
    if (item.connectionId === connectionId) got.push(item);
  }
  return got;
}

describe('statements per outbound message', () => {
  it(`a reply is stored and announced in at most ${SEND_MAX} statements, without a transaction of its own`, async () => {
    const { company, ticketId } = await connectedTicket();
    const seen: string[] = [];
    const request = { companyId: company.company.id, ticketId, userId: company.admin.user.id, body: 'counted' };
    const { id } = await scope.run(seen, () => sender().send(request));
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(SEND_MAX);
    expect(seen.filter((sql) => /^(BEGIN|COMMIT)/i.test(sql))).toEqual([]);
    const stored = await k.db('messages').where({ id }).first();
    expect(stored).toMatchObject({ ticketId, body: 'counted', fromMe: true, ack: 0, sendStatus: 'pending', userId: company.admin.user.id });
    expect((await k.db('tickets').where({ id: ticketId }).first('lastMessage')).lastMessage).toBe('counted');
  });

  it('concurrent sends on one ticket reach the contact in the order of their ids', async () => {
    const { company, connectionId, ticketId } = await connectedTicket();
    const bodies = Array.from({ length: 12 }, (_, i) => `together ${i}`);
    const sent = await Promise.all(bodies.map((body) => sender().send({ companyId: company.company.id, ticketId, userId: null, body })));
    const received = await takeFrom(connectionId, bodies.length);
    expect(received.map((d) => d.messageId)).toEqual(sent.map((s) => s.id).sort((a, b) => a - b));
  });

  it('a refused send writes nothing and answers the former codes', async () => {
    const { company, ticketId } = await connectedTicket();
    const other = await connectedTicket();
    const before = await k.db('tickets').where({ id: ticketId }).first('updatedAt', 'lastMessage');
    const count = await k.db('messages').where({ ticketId }).count({ n: '*' });
    const send = (extra: Record<string, unknown>) => sender().send({ companyId: company.company.id, ticketId, userId: null, body: 'refused', ...extra });
    await expect(send({ quotedMsgId: 2_000_000_000 })).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND', statusCode: 404 });
    await expect(send({ quotedMsgId: other.inboundId })).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND', statusCode: 404 });
    await expect(sender().send({ companyId: other.company.company.id, ticketId, userId: null, body: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND', statusCode: 404 });
    await k.db('tickets').where({ id: ticketId }).update({ whatsappId: null });
    await expect(send({})).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND', statusCode: 404 });
    expect(await k.db('messages').where({ ticketId }).count({ n: '*' })).toEqual(count);
    expect(await k.db('tickets').where({ id: ticketId }).first('updatedAt', 'lastMessage')).toEqual(before);
    // A private note needs no connection.
    await expect(send({ isPrivate: true })).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
