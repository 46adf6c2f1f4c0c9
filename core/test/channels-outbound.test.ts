import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketEvents } from '@guiche/contracts';
import { defineChannel } from '@guiche/core';
import { createTestKernel, nextEvent, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, createFakeConnection, fakeChannel, inboundTicket, type Delivered } from './channels-fake-channel.js';

const world = new FakeWorld();
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))] });
});
afterAll(async () => {
  await k?.close();
});

const sender = () => k.kernel.core.channels.sender;
const row = (id: number) => k.db('messages').where({ id }).first();
const deliveredTo = (connectionId: number) => world.outbound.all.filter((d) => d.connectionId === connectionId);

async function connectedTicket() {
  const { company, connectionId } = await createFakeConnection(k);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  const { ticketId, inboundId } = await inboundTicket(world, k, connectionId);
  const send = (body: string, extra: Record<string, unknown> = {}) =>
    sender().send({ companyId: company.company.id, ticketId, userId: company.admin.user.id, body, ...extra });
  return { company, connectionId, ticketId, inboundId, send };
}

async function takeFrom(connectionId: number, count: number): Promise<Delivered[]> {
  const got: Delivered[] = [];
  while (got.length < count) {
    const item = await world.outbound.take();
    if (item.connectionId === connectionId) got.push(item);
  }
  return got;
}

describe('outbound delivery', () => {
  it('delivers 20 messages to the contact in the order they were sent, each once', async () => {
    const { connectionId, send } = await connectedTicket();
    const bodies = Array.from({ length: 20 }, (_, i) => `message ${i + 1}`);
    const ids: number[] = [];
    for (const body of bodies) ids.push((await send(body)).id);
    const received = await takeFrom(connectionId, 20);
    expect(received.map((d) => d.body)).toEqual(bodies);
    expect(received.map((d) => d.messageId)).toEqual(ids);
    await waitFor(async () => (await k.db('messages').whereIn('id', ids).where({ sendStatus: 'sent' }).count({ n: '*' }))[0].n === 20);
    const rows = await k.db('messages').whereIn('id', ids).orderBy('id');
    expect(rows.map((r: any) => r.wid)).toEqual(received.map((d) => d.wid));
    expect(rows.every((r: any) => r.ack === 1 && r.fromMe && r.sendError === null)).toBe(true);
    expect(deliveredTo(connectionId)).toHaveLength(20);
  });

  it('stores the message as pending (ack 0) and announces it, then announces it sent', async () => {
    const { company, connectionId, send, ticketId } = await connectedTicket();
    const socket = await k.socket(company.admin.token);
    const event = TicketEvents.appMessage(company.company.id);
    const created = nextEvent<any>(socket, event, (p) => p.action === 'create' && p.message.body === 'announced');
    const sent = nextEvent<any>(socket, event, (p) => p.action === 'update' && p.message.body === 'announced' && p.message.sendStatus === 'sent');
    const { id } = await send('announced');
    const first = await created;
    expect(first.message).toMatchObject({ id, ack: 0, sendStatus: 'pending', fromMe: true, ticketId });
    expect(first.ticket.id).toBe(ticketId);
    expect((await sent).message).toMatchObject({ id, ack: 1 });
    expect((await k.db('tickets').where({ id: ticketId }).first('lastMessage')).lastMessage).toBe('announced');
    socket.disconnect();
    await takeFrom(connectionId, 1);
  });

  it('retries a transient failure without breaking the order', async () => {
    const { connectionId, send } = await connectedTicket();
    world.failSends = 2;
    const ids = [(await send('retry 1')).id, (await send('retry 2')).id, (await send('retry 3')).id];
    const received = await takeFrom(connectionId, 3);
    expect(received.map((d) => d.body)).toEqual(['retry 1', 'retry 2', 'retry 3']);
    await waitFor(async () => (await k.db('messages').whereIn('id', ids).where({ sendStatus: 'sent' }).count({ n: '*' }))[0].n === 3);
  });

  it('marks a message failed when its attempts run out, and the next one still goes', { timeout: 90000 }, async () => {
    const { connectionId, send } = await connectedTicket();
    world.rejectBodies.add('doomed');
    const doomed = await send('doomed');
    const next = await send('after the doomed one');
    const [received] = await takeFrom(connectionId, 1);
    expect(received.body).toBe('after the doomed one');
    expect(await row(doomed.id)).toMatchObject({ sendStatus: 'failed', sendError: 'fake peer rejects this message', wid: null, ack: 0 });
    // Delivered to the peer first, then marked sent: wait for the row rather than race the worker.
    await waitFor(async () => (await row(next.id)).sendStatus === 'sent');
    expect(deliveredTo(connectionId).some((d) => d.body === 'doomed')).toBe(false);
  });

  it('never sends a private note, nor shows it as the list preview', async () => {
    const { connectionId, send, ticketId } = await connectedTicket();
    const preview = () => k.db('tickets').where({ id: ticketId }).first('lastMessage', 'lastMessageAt');
    const before = await preview();
    const note = await send('internal note', { isPrivate: true });
    expect(await row(note.id)).toMatchObject({ isPrivate: true, sendStatus: null, fromMe: true });
    // The list keeps the last message the customer saw (documented in docs/architecture.md, issue 18).
    expect(await preview()).toEqual(before);
    await send('public after note');
    const [received] = await takeFrom(connectionId, 1);
    expect(received.body).toBe('public after note');
    expect(deliveredTo(connectionId).some((d) => d.body === 'internal note')).toBe(false);
    expect((await row(note.id)).sendStatus).toBeNull();
  });

  it('delivers media with the absolute path of the stored file', async () => {
    const { company, connectionId, send } = await connectedTicket();
    const data = Buffer.from('fake image bytes');
    const stored = await k.kernel.core.storage.save(company.company.id, 'chats', 'photo.png', data);
    const { id } = await send('a caption', { media: { path: stored.path, mimetype: 'image/png', fileName: 'photo.png' } });
    const [received] = await takeFrom(connectionId, 1);
    expect(received).toMatchObject({ body: 'a caption', media: { mimetype: 'image/png', fileName: 'photo.png' }, mediaBytes: data.length });
    expect(await row(id)).toMatchObject({ mediaType: 'image', mediaUrl: stored.path, mediaName: 'photo.png' });
  });

  it('waits while no session runs, then delivers once the session is back', async () => {
    const { company, connectionId, send } = await connectedTicket();
    expect((await k.api('DELETE', `/whatsappsession/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    await waitFor(() => !k.kernel.core.channels.held().includes(connectionId));
    const { id } = await send('while away');
    const withdrawn = await send('withdrawn while away');
    await sender().remove(company.company.id, withdrawn.id);
    expect(await row(id)).toMatchObject({ sendStatus: 'pending', ack: 0 });
    expect(await row(withdrawn.id)).toMatchObject({ sendStatus: 'failed', isDeleted: true });
    expect((await k.api('POST', `/whatsappsession/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    const [received] = await takeFrom(connectionId, 1);
    expect(received.body).toBe('while away');
    await waitFor(async () => (await row(id)).sendStatus === 'sent');
    expect(deliveredTo(connectionId).map((d) => d.body)).toEqual(['while away']);
  });

  it('another company cannot send on, edit, delete or react to what is not theirs', async () => {
    const { ticketId, inboundId, send } = await connectedTicket();
    const { id } = await send('mine');
    const stranger = await k.createCompany();
    const strangerId = stranger.company.id;
    const before = await k.db('messages').where({ ticketId }).count({ n: '*' });
    await expect(sender().send({ companyId: strangerId, ticketId, userId: stranger.admin.user.id, body: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND', statusCode: 404 });
    await expect(sender().edit(strangerId, id, 'x')).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND', statusCode: 404 });
    await expect(sender().remove(strangerId, id)).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND', statusCode: 404 });
    await expect(sender().react(strangerId, inboundId, '👍', stranger.admin.user.id)).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND', statusCode: 404 });
    expect(await k.db('messages').where({ ticketId }).count({ n: '*' })).toEqual(before);
  });

  it('edits only own messages within 15 minutes, and the edit reaches the contact', async () => {
    const { company, connectionId, inboundId, send } = await connectedTicket();
    const companyId = company.company.id;
    await expect(sender().edit(companyId, inboundId, 'not mine')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION', statusCode: 403 });
    const old = await send('old one');
    const fresh = await send('fresh one');
    const [, delivered] = await takeFrom(connectionId, 2);
    await waitFor(async () => (await row(fresh.id)).sendStatus === 'sent');
    await k.db('messages').where({ id: old.id }).update({ createdAt: new Date(Date.now() - 900_001) });
    await expect(sender().edit(companyId, old.id, 'too late')).rejects.toMatchObject({ code: 'ERR_FETCH_WAPP_MSG', statusCode: 400 });
    expect((await row(old.id)).body).toBe('old one');

    await sender().edit(companyId, fresh.id, 'fresh, edited');
    const op = await world.operations.take();
    expect(op).toMatchObject({ connectionId, kind: 'edit', wid: delivered.wid, body: 'fresh, edited' });
    expect(await row(fresh.id)).toMatchObject({ body: 'fresh, edited', isEdited: true });
  });

  it('deletes a delivered message at the contact, and reacts to the contact\'s message', async () => {
    const { company, connectionId, inboundId, send } = await connectedTicket();
    const companyId = company.company.id;
    const { id } = await send('to delete');
    const [delivered] = await takeFrom(connectionId, 1);
    await waitFor(async () => (await row(id)).sendStatus === 'sent');
    await sender().remove(companyId, id);
    expect(await world.operations.take()).toMatchObject({ connectionId, kind: 'delete', wid: delivered.wid });
    expect((await row(id)).isDeleted).toBe(true);

    const inbound = await row(inboundId);
    await sender().react(companyId, inboundId, '❤️', company.admin.user.id);
    expect(await world.operations.take()).toMatchObject({ connectionId, kind: 'react', wid: inbound.wid, emoji: '❤️' });
    const reaction = await k.db('messages').where({ ticketId: inbound.ticketId, mediaType: 'reactionMessage' }).first();
    expect(reaction).toMatchObject({ body: '❤️', fromMe: true, userId: company.admin.user.id });
    await waitFor(async () => (await row(Number(reaction.id))).sendStatus === 'sent');
  });

  it('keeps the channel’s SendResult.data in messages.data (for retries after a restart) and sends locations', async () => {
    const { connectionId, send } = await connectedTicket();
    const location = { latitude: -23.55, longitude: -46.63, name: 'Praça da Sé' };
    const { id } = await send('aqui', { location });
    const [delivered] = await takeFrom(connectionId, 1);
    expect(delivered).toMatchObject({ messageId: id, body: 'aqui', location });
    await waitFor(async () => (await row(id)).sendStatus === 'sent');
    const stored = await row(id);
    expect(stored).toMatchObject({ mediaType: 'locationMessage', wid: delivered!.wid, data: { location, fake: { node: 'A', messageId: id } } });
    // What the session's retry handler reads back (Baileys getMessage after a restart).
    const found = await world.session(connectionId)!.io.findMessage(delivered!.wid);
    expect(found).toEqual({ body: 'aqui', mediaType: 'locationMessage', data: { location, fake: { node: 'A', messageId: id } } });
  });
});
