import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, defineChannel, loadConfig, type Kernel } from '@guiche/core';
import { TicketEvents } from '@guiche/contracts';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel } from './channels-fake-channel.js';

/**
 * Issue 27: a node killed between an inbound message's commit and its live event. Agents on other
 * nodes never disconnect, so never refetch: the node that takes the connection over announces the
 * connection's recent messages again, and a message received again (a redelivery, a visitor's
 * resend) that is recent is announced again. `base` plays the agents' node; the dead node is a row
 * written without its event.
 */
let base: TestKernel;
const world = new FakeWorld();
let node: Kernel | null = null;

beforeAll(async () => {
  base = await createTestKernel();
});
afterAll(async () => {
  await node?.close();
  await base?.close();
});

describe('announcing again what a dead node committed', () => {
  it('the node taking a connection announces its recent messages to agents elsewhere, not older ones; a recent redelivery is announced again', async () => {
    const { company, admin } = await base.createCompany();
    const other = await base.createCompany();
    const res = await base.api('POST', '/whatsapp', { token: admin.token, body: { name: 'Site', channel: 'webchat' } });
    const connectionId = res.body.id as number;
    const [contact] = await base.db('contacts').insert({ companyId: company.id, name: 'Visitor', number: 'v-replay', channel: 'webchat' }).returning('id');
    const [ticket] = await base.db('tickets').insert({ companyId: company.id, contactId: contact.id, whatsappId: connectionId, status: 'pending', channel: 'webchat' }).returning('id');
    const row = (wid: string, createdAt?: Date) => ({
      companyId: company.id, ticketId: ticket.id, contactId: contact.id, whatsappId: connectionId, wid, fromMe: false, body: wid,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    });
    // Committed by the dead node: one long ago (its event went out then), one just before it died.
    await base.db('messages').insert(row('old', new Date(Date.now() - 10 * 60_000)));
    const [lost] = await base.db('messages').insert(row('lost')).returning('id');

    const agent = await base.socket(admin.token);
    const outsider = await base.socket(other.admin.token);
    const seen: number[] = [];
    const leaked: unknown[] = [];
    agent.on(TicketEvents.appMessage(company.id), (e: { action: string; message: { id: number; body: string }; ticket: { id: number } }) => {
      expect(e.action).toBe('create');
      expect(e.ticket.id).toBe(ticket.id);
      seen.push(Number(e.message.id));
    });
    outsider.onAny((event: string, payload: unknown) => {
      if (!event.startsWith(`company-${other.company.id}-`)) leaked.push({ event, payload });
    });

    node = await createKernel(loadConfig({}, { ...base.kernel.core.config, PORT: 0 }), { plugins: [defineChannel(fakeChannel(world, 'B'))] });
    await waitFor(() => seen.includes(Number(lost.id)));
    // Announced in id order: had the old message been announced, it would have come first.
    expect(seen).toEqual([Number(lost.id)]);

    // The same message received again (the dead node never acknowledged it): stored once, announced again.
    const again = await node.core.ingest.ingest(connectionId, { wid: 'lost', fromMe: false, timestamp: new Date(), peer: { id: 'v-replay' }, body: 'lost', mediaType: 'chat' });
    expect(again.created).toBe(false);
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual([Number(lost.id), Number(lost.id)]);
    expect(Number((await base.db('messages').where({ wid: 'lost', whatsappId: connectionId }).count({ n: '*' }).first())!.n)).toBe(1);

    // An old message received again is not announced: the refetch of a reconnecting agent covers it.
    await node.core.ingest.ingest(connectionId, { wid: 'old', fromMe: false, timestamp: new Date(), peer: { id: 'v-replay' }, body: 'old', mediaType: 'chat' });
    await node.core.ingest.ingest(connectionId, { wid: 'lost', fromMe: false, timestamp: new Date(), peer: { id: 'v-replay' }, body: 'lost', mediaType: 'chat' });
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual([Number(lost.id), Number(lost.id), Number(lost.id)]);
    expect(leaked).toEqual([]);
  });
});
