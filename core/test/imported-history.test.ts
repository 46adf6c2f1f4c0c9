import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';
import { FakeWorld, createFakeConnection, fakeChannel } from './channels-fake-channel.js';

/** History imports: imported tickets, statusImportMessages reported by the session, closedTicketsPostImported and POST /closedimported. */
const world = new FakeWorld();
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))] });
});
afterAll(async () => k?.close());

function message(contact: string, imported: boolean): NormalizedMessage {
  return { wid: `H-${randomUUID()}`, fromMe: false, timestamp: new Date(Date.now() - 86_400_000), peer: { id: contact, name: 'Old friend' }, body: 'from the past', mediaType: 'chat', ...(imported ? { imported } : {}) };
}

async function connected() {
  const { company, connectionId } = await createFakeConnection(k);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  const io = world.session(connectionId)!.io;
  const ingest = async (contact: string, imported: boolean) => {
    const m = message(contact, imported);
    await io.inbound(m);
    return (await k.db('messages').where({ whatsappId: connectionId, wid: m.wid }).first('ticketId')).ticketId as number;
  };
  const stored = async () => (await k.db('whatsapps').where({ id: connectionId }).first('statusImportMessages')).statusImportMessages;
  return { company, connectionId, io, ingest, stored };
}

const ticket = (id: number) => k.db('tickets').where({ id }).first();

describe('imported history', () => {
  it('imported messages make imported tickets without unread badge; the button closes them', async () => {
    const { company, connectionId, io, ingest, stored } = await connected();
    const a = await ingest('old-a', true);
    expect(await ingest('old-a', true)).toBe(a);
    const b = await ingest('old-b', true);
    const live = await ingest('new-c', false);
    expect(await ticket(a)).toMatchObject({ imported: true, status: 'pending', unreadMessages: 0 });
    expect(await ticket(b)).toMatchObject({ imported: true, status: 'pending' });
    expect(await ticket(live)).toMatchObject({ imported: false, unreadMessages: 1 });

    await io.status('CONNECTED', { statusImportMessages: '1763700000000' });
    expect(await stored()).toBe('1763700000000');
    await io.status('CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' });
    expect(await stored()).toBe('renderButtonCloseTickets');
    expect((await ticket(a)).status).toBe('pending');

    const agent = await k.createUser(company.company.id);
    expect(await k.api('POST', `/closedimported/${connectionId}`, { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const other = await k.createCompany();
    expect(await k.api('POST', `/closedimported/${connectionId}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await ticket(a)).status).toBe('pending');

    await k.db('users').where({ id: agent.user.id }).update({ allowConnections: true });
    const res = await k.api('POST', `/closedimported/${connectionId}`, { token: agent.token });
    expect(res).toMatchObject({ status: 200, body: { closed: 2 } });
    expect(await ticket(a)).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
    expect((await ticket(b)).status).toBe('closed');
    expect((await ticket(live)).status).toBe('pending');
    expect(await k.db('ticketLogs').where({ ticketId: a }).orderBy('id').pluck('type')).toEqual(['create', 'closed']);
    expect(await stored()).toBeNull();
  });

  it('closedTicketsPostImported: the session’s "done" closes the imported tickets at once and clears the status', async () => {
    const { connectionId, io, ingest, stored } = await connected();
    await k.db('whatsapps').where({ id: connectionId }).update({ closedTicketsPostImported: true });
    const a = await ingest('old-d', true);
    const live = await ingest('new-e', false);
    await io.status('CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' });
    expect((await ticket(a)).status).toBe('closed');
    expect((await ticket(live)).status).toBe('pending');
    expect(await stored()).toBeNull();
  });

  it('a status report without statusImportMessages leaves it as it is', async () => {
    const { io, stored } = await connected();
    await io.status('CONNECTED', { statusImportMessages: '1763700000001' });
    await io.status('CONNECTED');
    expect(await stored()).toBe('1763700000001');
  });
});
