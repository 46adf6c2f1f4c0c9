import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const ingest = () => k.kernel.core.ingest;

async function connection(companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token, ...fields }).returning('id');
  return row.id;
}

function inbound(number: string, extra: Partial<NormalizedMessage> = {}): NormalizedMessage {
  return {
    wid: `WID-${++seq}-${randomBytes(4).toString('hex')}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { id: `${number}@s.whatsapp.net`, number, name: 'Maria Souza' },
    body: `hello ${seq}`,
    mediaType: 'chat',
    ...extra,
  };
}

async function counts(companyId: number) {
  const [contacts, tickets, messages] = await Promise.all(
    ['contacts', 'tickets', 'messages'].map(async (table) => Number((await k.db(table).where({ companyId }).count('* as n'))[0]!.n)),
  );
  return { contacts, tickets, messages };
}

describe('idempotent ingest under concurrency', () => {
  it('fifty simultaneous messages from one new contact give one contact, one ticket and fifty messages; replaying them changes nothing', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const messages = Array.from({ length: 50 }, () => inbound('5511988887777'));

    const results = await Promise.all(messages.map((m) => ingest().ingest(conn, m)));
    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    expect(new Set(results.map((r) => r.contactId)).size).toBe(1);
    expect(await counts(c.company.id)).toEqual({ contacts: 1, tickets: 1, messages: 50 });
    const ticket = await k.db('tickets').where({ companyId: c.company.id }).first();
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 50, whatsappId: conn, userId: null });
    expect(await k.db('ticketLogs').where({ ticketId: ticket.id }).pluck('type')).toEqual(['create']);
    const before = await k.db('tickets').where({ id: ticket.id }).first();

    const replays = await Promise.all(messages.map((m) => ingest().ingest(conn, m)));
    expect(replays.every((r) => !r.created)).toBe(true);
    expect(replays.map((r) => r.messageId).sort()).toEqual(results.map((r) => r.messageId).sort());
    expect(await counts(c.company.id)).toEqual({ contacts: 1, tickets: 1, messages: 50 });
    expect(await k.db('tickets').where({ id: ticket.id }).first()).toEqual(before);
  });

  it('a replayed reaction changes nothing; a reaction is stored with its target and emoji and is not unread', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const first = inbound('5511977776666');
    const { ticketId } = await ingest().ingest(conn, first);
    const reaction = inbound('5511977776666', { body: '', mediaType: 'reactionMessage', reaction: { targetWid: first.wid, emoji: '👍' } });
    expect((await ingest().ingest(conn, reaction)).created).toBe(true);
    expect((await ingest().ingest(conn, reaction)).created).toBe(false);
    const rows = await k.db('messages').where({ ticketId, mediaType: 'reactionMessage' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: '👍', data: { targetWid: first.wid, emoji: '👍' } });
    expect(await k.db('tickets').where({ id: ticketId }).first()).toMatchObject({ unreadMessages: 1, lastMessage: first.body });
  });

  it('the same wid on two connections is two messages (unique per connection)', async () => {
    const c = await k.createCompany();
    const [a, b] = [await connection(c.company.id), await connection(c.company.id)];
    const m = inbound('5511966665555');
    expect((await ingest().ingest(a, m)).created).toBe(true);
    expect((await ingest().ingest(b, m)).created).toBe(true);
    expect(await counts(c.company.id)).toEqual({ contacts: 1, tickets: 2, messages: 2 });
  });
});

describe('contacts', () => {
  it('updates name and picture from the channel, and matches one person by number or LID', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const withLid = inbound('5511955554444', { peer: { id: '5511955554444@s.whatsapp.net', number: '5511955554444', lid: '123456@lid', name: 'Ana' } });
    const { contactId } = await ingest().ingest(conn, withLid);
    const byLid = inbound('x', { peer: { id: '123456@lid', lid: '123456@lid', name: 'Ana Paula', profilePicUrl: 'https://pics.example/ana.jpg' } });
    expect((await ingest().ingest(conn, byLid)).contactId).toBe(contactId);
    expect(await k.db('contacts').where({ id: contactId }).first()).toMatchObject({
      number: '5511955554444', lid: '123456@lid', name: 'Ana Paula', profilePicUrl: 'https://pics.example/ana.jpg',
    });
    // A message the company sent from the phone does not rename the contact.
    await ingest().ingest(conn, inbound('5511955554444', { fromMe: true, peer: { id: 'x', number: '5511955554444', name: 'Company phone' } }));
    expect((await k.db('contacts').where({ id: contactId }).first()).name).toBe('Ana Paula');
  });

  it('refuses a peer without a usable number or LID', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    await expect(ingest().ingest(conn, inbound('12'))).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await counts(c.company.id)).toEqual({ contacts: 0, tickets: 0, messages: 0 });
  });
});

describe('groups', () => {
  const group = (wid?: string): Partial<NormalizedMessage> => ({
    peer: { id: '120363000000000001@g.us', name: 'Team', isGroup: true },
    participant: { id: '5511944443333@s.whatsapp.net', name: 'Joana' },
    ...(wid ? { wid } : {}),
  });

  it('drops group messages when the connection does not allow groups', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id, { allowGroup: false });
    const result = await ingest().ingest(conn, inbound('0', group()));
    expect(result).toMatchObject({ created: false, skipped: 'groupNotAllowed' });
    expect(await counts(c.company.id)).toEqual({ contacts: 0, tickets: 0, messages: 0 });
  });

  it("a group becomes a 'group' ticket, or a pending one under groupAsTicket", async () => {
    const c = await k.createCompany();
    const plain = await connection(c.company.id, { allowGroup: true, groupAsTicket: 'disabled' });
    const asTicket = await connection(c.company.id, { allowGroup: true, groupAsTicket: 'enabled' });
    const a = await ingest().ingest(plain, inbound('0', group()));
    const b = await ingest().ingest(asTicket, inbound('0', group()));
    expect(await k.db('tickets').where({ id: a.ticketId }).first()).toMatchObject({ status: 'group', isGroup: true });
    expect(await k.db('tickets').where({ id: b.ticketId }).first()).toMatchObject({ status: 'pending', isGroup: true });
    expect(a.contactId).toBe(b.contactId);
    expect(await k.db('contacts').where({ id: a.contactId }).first()).toMatchObject({ isGroup: true, number: '120363000000000001@g.us' });
    expect(await k.db('messages').where({ ticketId: a.ticketId }).first()).toMatchObject({
      participant: '5511944443333@s.whatsapp.net', data: { participantName: 'Joana' },
    });
  });
});

describe('closed tickets and the timeCreateNewTicket window', () => {
  it('reopens a ticket closed within the window as pending, and opens a new one after it', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id, { timeCreateNewTicket: 30 });
    const user = await k.createUser(c.company.id);
    const first = await ingest().ingest(conn, inbound('5511933332222'));
    await k.db('tickets').where({ id: first.ticketId }).update({ status: 'closed', userId: user.user.id, updatedAt: new Date(Date.now() - 10 * 60000) });

    const again = await ingest().ingest(conn, inbound('5511933332222'));
    expect(again.ticketId).toBe(first.ticketId);
    expect(await k.db('tickets').where({ id: first.ticketId }).first()).toMatchObject({ status: 'pending', userId: null });
    expect(await k.db('ticketLogs').where({ ticketId: first.ticketId }).orderBy('id').pluck('type')).toEqual(['create', 'reopen']);

    await k.db('tickets').where({ id: first.ticketId }).update({ status: 'closed', updatedAt: new Date(Date.now() - 31 * 60000) });
    const later = await ingest().ingest(conn, inbound('5511933332222'));
    expect(later.ticketId).not.toBe(first.ticketId);
    expect(await k.db('ticketLogs').where({ ticketId: later.ticketId }).pluck('type')).toEqual(['create']);
  });

  it('never reopens when the connection has no window', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id, { timeCreateNewTicket: 0 });
    const first = await ingest().ingest(conn, inbound('5511922221111'));
    await k.db('tickets').where({ id: first.ticketId }).update({ status: 'closed' });
    expect((await ingest().ingest(conn, inbound('5511922221111'))).ticketId).not.toBe(first.ticketId);
  });
});

describe('what is stored', () => {
  it('saves media, resolves the quoted message, and keeps the last message and activity', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const original = inbound('5511911110000');
    const { ticketId } = await ingest().ingest(conn, original);
    const photo = inbound('5511911110000', {
      body: 'look',
      mediaType: 'image',
      media: { data: Buffer.from('fake-png'), mimetype: 'image/png', fileName: 'photo.png' },
      quotedWid: original.wid,
    });
    const { messageId } = await ingest().ingest(conn, photo);
    const row = await k.db('messages').where({ id: messageId }).first();
    const quoted = await k.db('messages').where({ wid: original.wid }).first('id');
    expect(row).toMatchObject({ mediaType: 'image', mediaName: 'photo.png', body: 'look', fromMe: false, ack: 0 });
    expect(Number(row.quotedMsgId)).toBe(Number(quoted.id));
    expect(row.mediaUrl).toMatch(new RegExp(`^company${c.company.id}/messages/.+\\.png$`));
    expect(!!(await k.kernel.core.storage.stat(row.mediaUrl))).toBe(true);
    const ticket = await k.db('tickets').where({ id: ticketId }).first();
    expect(ticket).toMatchObject({ lastMessage: 'look', unreadMessages: 2 });
    expect((await k.db('contacts').where({ id: ticket.contactId }).first()).lastMessageAt).toEqual(photo.timestamp);
  });

  it('a message sent from the phone is stored as ours with the channel ack and is not unread', async () => {
    const c = await k.createCompany();
    const conn = await connection(c.company.id);
    const { ticketId } = await ingest().ingest(conn, inbound('5511900009999'));
    const mine = await ingest().ingest(conn, inbound('5511900009999', { fromMe: true, body: 'sent from phone', data: { ack: 2 } }));
    expect(await k.db('messages').where({ id: mine.messageId }).first()).toMatchObject({ fromMe: true, ack: 2, sendStatus: null });
    expect(await k.db('tickets').where({ id: ticketId }).first()).toMatchObject({ unreadMessages: 1, lastMessage: 'sent from phone' });
  });
});

describe('acks, edits and deletes', () => {
  let c: TestCompany;
  let conn: number;
  beforeAll(async () => {
    c = await k.createCompany();
    conn = await connection(c.company.id);
  });

  it('an ack only moves forward and tells the viewers', async () => {
    const m = inbound('5511912341234', { fromMe: true, data: { ack: 1 } });
    const { messageId } = await ingest().ingest(conn, m);
    const admin = await k.socket(c.admin.token);
    const update = nextEvent(admin, `company-${c.company.id}-appMessage`, (p) => p.action === 'update' && p.message.ack === 3);
    await ingest().applyAck(conn, m.wid, 3);
    expect((await update).message.id).toBe(messageId);
    await ingest().applyAck(conn, m.wid, 2);
    await ingest().applyAck(conn, m.wid, 9);
    expect((await k.db('messages').where({ id: messageId }).first()).ack).toBe(3);
    admin.disconnect();
  });

  it('an edit replaces the body and marks it; a delete keeps the body and marks it', async () => {
    const m = inbound('5511912341234', { body: 'before' });
    const { messageId } = await ingest().ingest(conn, m);
    await ingest().applyEdit(conn, m.wid, 'after');
    expect(await k.db('messages').where({ id: messageId }).first()).toMatchObject({ body: 'after', isEdited: true, isDeleted: false });
    await ingest().applyDelete(conn, m.wid);
    expect(await k.db('messages').where({ id: messageId }).first()).toMatchObject({ body: 'after', isDeleted: true });
    // Unknown wids are ignored.
    await expect(ingest().applyAck(conn, 'nope', 2)).resolves.toBeUndefined();
  });
});
