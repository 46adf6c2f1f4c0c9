import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestKernel, expectNoEvent, nextEvent, waitFor, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';
import { emitPresence, emitTicket } from '../src/messaging/ticket-events.js';
import { markTicketRead } from '../src/messaging/ticket-read.js';

let k: TestKernel;
let seq = 0;
let c: TestCompany;
let other: TestCompany;
let conn: number;
let q1: number;
let q2: number;
const users: Record<'inQ1' | 'alsoQ1' | 'inQ2' | 'allTicket', TestUser> = {} as never;
const sockets: Record<string, Socket> = {};

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  other = await k.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token }).returning('id'))[0].id;
  q1 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Q1', color: '#111111' }).returning('id'))[0].id;
  q2 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Q2', color: '#222222' }).returning('id'))[0].id;
  const agent = async (queueIds: number[], fields: Record<string, unknown> = {}) => {
    const u = await k.createUser(c.company.id);
    if (queueIds.length) await k.db('userQueues').insert(queueIds.map((queueId) => ({ companyId: c.company.id, userId: u.user.id, queueId })));
    if (Object.keys(fields).length) await k.db('users').where({ id: u.user.id }).update(fields);
    return u;
  };
  users.inQ1 = await agent([q1]);
  users.alsoQ1 = await agent([q1]);
  users.inQ2 = await agent([q2]);
  users.allTicket = await agent([], { allTicket: 'enable' });
  sockets.admin = await k.socket(c.admin.token);
  sockets.otherAdmin = await k.socket(other.admin.token);
  for (const [name, u] of Object.entries(users)) sockets[name] = await k.socket(u.token);
});
afterAll(async () => {
  for (const s of Object.values(sockets)) s.disconnect();
  await k?.close();
});

function inbound(number: string, body = `hi ${++seq}`): NormalizedMessage {
  return { wid: `EV-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: number, number, name: 'Carla Dias' }, body, mediaType: 'chat' };
}

const appMessage = () => `company-${c.company.id}-appMessage`;
const ticketEvent = () => `company-${c.company.id}-ticket`;
const anyTicketEvent = /-(appMessage|ticket|presence)$/;

/** Runs `during` and returns which of the named sockets received a matching event. */
async function receivers(names: string[], during: () => Promise<unknown>): Promise<string[]> {
  const got = new Set<string>();
  const listeners = names.map((name) => {
    const listener = (event: string) => anyTicketEvent.test(event) && got.add(name);
    sockets[name]!.onAny(listener);
    return () => sockets[name]!.offAny(listener);
  });
  await expectNoEvent(sockets.admin!, /^$/, during);
  listeners.forEach((off) => off());
  return [...got].sort();
}

const everyone = ['admin', 'otherAdmin', 'inQ1', 'alsoQ1', 'inQ2', 'allTicket'];

describe('who receives a ticket’s live events (ARCHITECTURE §7)', () => {
  let ticketId: number;
  let uuid: string;
  const number = '5511987650001';

  it('a ticket without queue: the admins and the allTicket users, nobody else, no other company', async () => {
    const created = nextEvent(sockets.admin!, appMessage(), (p) => p.action === 'create');
    const got = await receivers(everyone, async () => {
      ticketId = (await k.kernel.core.ingest.ingest(conn, inbound(number))).ticketId;
      await created;
    });
    expect(got).toEqual(['admin', 'allTicket']);
    const payload = await created;
    expect(payload).toMatchObject({ action: 'create', message: { ticketId, body: expect.stringMatching(/^hi/) }, ticket: { id: ticketId, status: 'pending' }, contact: { number } });
    uuid = payload.ticket.uuid;
  });

  it('moved to a queue: the queue’s members now receive it and the allTicket user is told it left', async () => {
    const left = nextEvent(sockets.allTicket!, ticketEvent(), (p) => p.action === 'delete' && p.ticketId === ticketId);
    const updated = nextEvent(sockets.inQ1!, ticketEvent(), (p) => p.action === 'update' && p.ticket.queueId === q1);
    const res = await k.api('PUT', `/tickets/${ticketId}`, { token: c.admin.token, body: { queueId: q1 } });
    expect(res.status).toBe(200);
    await Promise.all([left, updated]);

    const got = await receivers(everyone, async () => {
      const seen = nextEvent(sockets.alsoQ1!, appMessage());
      await k.kernel.core.ingest.ingest(conn, inbound(number));
      await seen;
    });
    expect(got).toEqual(['admin', 'alsoQ1', 'inQ1']);
  });

  it('accepted by one member: the other member loses it; its messages reach only the assignee and the admins', async () => {
    const lost = nextEvent(sockets.alsoQ1!, ticketEvent(), (p) => p.action === 'delete' && p.ticketId === ticketId);
    const res = await k.api('PUT', `/tickets/${ticketId}`, { token: users.inQ1.token, body: { status: 'open' } });
    expect(res.body).toMatchObject({ status: 'open', userId: users.inQ1.user.id });
    await lost;

    const got = await receivers(everyone, async () => {
      const seen = nextEvent(sockets.inQ1!, appMessage());
      await k.kernel.core.ingest.ingest(conn, inbound(number));
      await seen;
    });
    expect(got).toEqual(['admin', 'inQ1']);
  });

  it('joinChatBox joins the ticket room only for a user allowed to see it', async () => {
    expect(await sockets.inQ2!.emitWithAck('joinChatBox', uuid)).toBe(false);
    expect(await sockets.otherAdmin!.emitWithAck('joinChatBox', uuid)).toBe(false);
    expect(await sockets.inQ1!.emitWithAck('joinChatBox', uuid)).toBe(true);
    expect(await sockets.inQ1!.emitWithAck('joinTickets', 'not-a-ticket')).toBe(false);
    const ticket = await k.db('tickets').where({ id: ticketId }).first();
    const got = await receivers(everyone, async () => {
      const seen = nextEvent(sockets.inQ1!, `company-${c.company.id}-presence`);
      await emitPresence(k.kernel.core, ticket, 'composing');
      expect(await seen).toEqual({ action: 'update', ticketId, presence: 'composing' });
    });
    expect(got).toEqual(['admin', 'inQ1']);
  });

  it('unread reset is told to the ticket’s viewers', async () => {
    const ticket = await k.db('tickets').where({ id: ticketId }).first();
    expect(ticket.unreadMessages).toBeGreaterThan(0);
    const reset = nextEvent(sockets.inQ1!, ticketEvent(), (p) => p.action === 'updateUnread');
    await markTicketRead(k.kernel.core, ticket);
    expect(await reset).toEqual({ action: 'updateUnread', ticketId });
    expect((await k.db('tickets').where({ id: ticketId }).first()).unreadMessages).toBe(0);
  });

  it('a deleted ticket is told to its viewers only', async () => {
    const got = await receivers(everyone, async () => {
      const gone = nextEvent(sockets.inQ1!, ticketEvent(), (p) => p.action === 'delete');
      expect((await k.api('DELETE', `/tickets/${ticketId}`, { token: c.admin.token })).status).toBe(200);
      expect(await gone).toEqual({ action: 'delete', ticketId });
    });
    expect(got).toEqual(['admin', 'inQ1']);
  });
});

describe('room membership follows the user', () => {
  it('a user added to a queue receives that queue’s tickets without reconnecting', async () => {
    const [t] = await k.db('tickets').insert({ companyId: c.company.id, contactId: (await k.db('contacts').where({ companyId: c.company.id }).first('id')).id, whatsappId: conn, queueId: q1, status: 'pending' }).returning('*');
    let got = await receivers(['inQ2'], () => emitTicket(k.kernel.core, t, 'update'));
    expect(got).toEqual([]);

    const res = await k.api('PUT', `/users/${users.inQ2.user.id}`, { token: c.admin.token, body: { queueIds: [q1, q2] } });
    expect(res.status).toBe(200);
    await waitFor(async () => {
      const [socket] = await k.kernel.core.io.in(`user:${users.inQ2.user.id}`).fetchSockets();
      return socket?.rooms.has(`company:${c.company.id}:queue:${q1}`);
    });
    got = await receivers(['inQ2'], async () => {
      const seen = nextEvent(sockets.inQ2!, ticketEvent());
      await emitTicket(k.kernel.core, t, 'update');
      await seen;
    });
    expect(got).toEqual(['inQ2']);

    await k.api('PUT', `/users/${users.inQ2.user.id}`, { token: c.admin.token, body: { queueIds: [q2] } });
    await waitFor(async () => {
      const [socket] = await k.kernel.core.io.in(`user:${users.inQ2.user.id}`).fetchSockets();
      return socket && !socket.rooms.has(`company:${c.company.id}:queue:${q1}`);
    });
    expect(await receivers(['inQ2'], () => emitTicket(k.kernel.core, t, 'update'))).toEqual([]);
  });

  it('under lgpdHideNumber plain users get the masked number, admins the full one', async () => {
    await k.kernel.core.settings.set(c.company.id, 'lgpdHideNumber', 'enabled');
    const number = '5511912345678';
    const toAdmin = nextEvent(sockets.admin!, appMessage(), (p) => p.contact.number.endsWith('78'));
    const toUser = nextEvent(sockets.allTicket!, appMessage(), (p) => p.contact.number.endsWith('78'));
    await k.kernel.core.ingest.ingest(conn, inbound(number));
    expect((await toAdmin).contact.number).toBe(number);
    expect((await toUser).contact.number).toBe('***********78');
    expect((await toUser).ticket.contact.number).toBe('***********78');
    await k.kernel.core.settings.set(c.company.id, 'lgpdHideNumber', 'disabled');
  });
});
