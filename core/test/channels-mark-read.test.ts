import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FULL_CAPABILITIES, FakeWorld, createFakeConnection, fakeChannel, inboundTicket } from './channels-fake-channel.js';

/** An agent reading a ticket sends read receipts for its unread inbound messages through the running session. */
const world = new FakeWorld();
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world, 'A', { ...FULL_CAPABILITIES, markRead: true }))] });
});
afterAll(async () => k?.close());

describe('read state to the channel', () => {
  it('opening the conversation marks exactly the unread inbound messages read, in order, once', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
    const contact = `visitor-${randomUUID().slice(0, 8)}`;
    const first = await inboundTicket(world, k, connectionId, contact);
    const open = () => k.api('GET', `/messages/${first.ticketId}`, { token: company.admin.token });

    expect((await open()).status).toBe(200);
    expect(await world.reads.take()).toEqual({ connectionId, toId: contact, wids: [first.wid] });

    const second = await inboundTicket(world, k, connectionId, contact);
    const third = await inboundTicket(world, k, connectionId, contact);
    expect(second.ticketId).toBe(first.ticketId);
    await open();
    expect(await world.reads.take()).toEqual({ connectionId, toId: contact, wids: [second.wid, third.wid] });

    // Nothing unread: no receipt. The next one carries only the newer message.
    await open();
    const fourth = await inboundTicket(world, k, connectionId, contact);
    await open();
    expect(await world.reads.take()).toEqual({ connectionId, toId: contact, wids: [fourth.wid] });
    expect(world.reads.all.filter((r) => r.connectionId === connectionId)).toHaveLength(3);
  });
});
