import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisconnectReason, type WAMessage } from '@whiskeysockets/baileys';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp } from './fake-socket.js';
import { connectionStatus, nextSocket, pairedConnection } from './kernel-support.js';
import { PHONE, PHONE_JID, text } from './messages.js';

const PAGE = 4;
const OTHER_LID = '209999999999999@lid';

/** Nothing missed across a disconnect (issue #31), over the fake socket under core's real supervisor. */
describe('whatsapp gap recovery after a disconnect (PostgreSQL + Redis)', () => {
  const wa = new FakeWhatsapp();
  let k: TestKernel;
  let company: TestCompany;

  beforeAll(async () => {
    k = await createTestKernel({
      plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download, gap: { pageSize: PAGE, maxFetches: 50, paceMs: 5 } })],
    });
    company = await k.createCompany();
  });
  afterAll(async () => {
    await k?.close();
  });

  const storedCounts = async (id: number): Promise<Map<string, number>> => {
    const rows: { wid: string; n: string }[] = await k.db('messages').where({ whatsappId: id }).groupBy('wid').select('wid').count({ n: '*' });
    return new Map(rows.map((r) => [r.wid, Number(r.n)]));
  };

  it('messages that reach the phone while the connection is down are each stored once, live, in their tickets, in order', async () => {
    const { id, sock } = await pairedConnection(k, wa, company, 'Lacuna');
    const base = Math.floor(Date.now() / 1000) - 40;
    const at = (second: number): Partial<WAMessage> => ({ messageTimestamp: base + second, pushName: 'Maria Souza' });
    const first = wa.phoneReceives(text('m0', {}, at(0)));
    sock.receive(first);
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: id }).first());

    // The connection drops; the supervisor reconnects, but WhatsApp opens the socket only later.
    wa.autoOpen = false;
    const count = wa.sockets.length;
    sock.close(DisconnectReason.timedOut);
    await connectionStatus(k, id, 'OPENING');
    const maria = Array.from({ length: 12 }, (_, i) => wa.phoneReceives(text(`m${i + 1}`, {}, at(i + 1))));
    // Someone never seen before, on a LID WhatsApp has not mapped yet.
    const joao = Array.from({ length: 6 }, (_, i) => wa.phoneReceives(text(`n${i + 1}`, { remoteJid: OTHER_LID }, { ...at(20 + i), pushName: 'João' })));
    const again = await nextSocket(wa, count);
    again.open();
    await connectionStatus(k, id, 'CONNECTED');
    // WhatsApp's offline notifications: the first two (one of them again in the recent chunk).
    again.receive([maria[0]!, maria[1]!]);
    // The recent-history chunk: the last 3 messages of each chat; the rest only on-demand history has.
    const recent = again.recentHistory([PHONE_JID, OTHER_LID], 3);
    expect(recent.map((m) => m.key.id)).not.toContain(maria[4]!.key.id);

    const all = [first, ...maria, ...joao];
    const counts = await waitFor(async () => {
      const c = await storedCounts(id);
      return all.every((m) => c.has(m.key.id!)) ? c : null;
    });
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(all.length);

    // Maria's are live messages of her one ticket, ordered as she sent them; the ticket is not an import.
    const rows = await k.db('messages').where({ ticketId: ticket.id }).orderBy([{ column: 'createdAt' }, { column: 'id' }]).select('body');
    expect(rows.map((r) => r.body)).toEqual(['m0', ...maria.map((_, i) => `m${i + 1}`)]);
    const after = await k.db('tickets').where({ id: ticket.id }).first();
    expect(after).toMatchObject({ imported: false, status: 'pending' });
    expect(after.unreadMessages).toBe(13);
    const joaoTicket = await k.db('tickets').join('contacts', 'contacts.id', 'tickets.contactId').where({ 'tickets.whatsappId': id, 'contacts.lid': OTHER_LID }).first('tickets.imported', 'tickets.status');
    expect(joaoTicket).toMatchObject({ imported: false, status: 'pending' });

    // Bounded: each chat was paged down to what was stored, and no further.
    const requests = again.historyRequests;
    expect(requests.filter((r) => r.chat === PHONE_JID).length).toBeLessThanOrEqual(Math.ceil(12 / PAGE) + 1);
    expect(requests.filter((r) => r.chat === OTHER_LID).length).toBeLessThanOrEqual(Math.ceil(6 / PAGE) + 1);
    expect(requests.every((r) => r.count === PAGE)).toBe(true);
  });

  it('a recovery cut short by another drop goes on at the next connection (each reconnect is a new session)', async () => {
    const { id, sock } = await pairedConnection(k, wa, company, 'Interrompida');
    const base = Math.floor(Date.now() / 1000) - 30;
    const at = (second: number): Partial<WAMessage> => ({ messageTimestamp: base + second, pushName: 'Maria Souza' });
    const first = wa.phoneReceives(text('c0', {}, at(0)));
    sock.receive(first);
    await waitFor(async () => (await storedCounts(id)).has(first.key.id!));

    wa.autoOpen = false;
    let count = wa.sockets.length;
    sock.close(DisconnectReason.timedOut);
    await connectionStatus(k, id, 'OPENING');
    const missed = Array.from({ length: 6 }, (_, i) => wa.phoneReceives(text(`c${i + 1}`, {}, at(i + 1))));
    // The phone answers no on-demand request before the next drop.
    const slow = await nextSocket(wa, count);
    slow.holdHistory = true;
    slow.open();
    await connectionStatus(k, id, 'CONNECTED');
    slow.recentHistory([PHONE_JID], 2);
    await waitFor(async () => {
      const c = await storedCounts(id);
      return slow.historyRequests.length > 0 && c.has(missed[4]!.key.id!) && c.has(missed[5]!.key.id!);
    });
    expect((await storedCounts(id)).has(missed[0]!.key.id!)).toBe(false);

    // It drops again: the newest messages are stored now, but the gap below them is still open.
    count = wa.sockets.length;
    slow.close(DisconnectReason.connectionLost);
    await connectionStatus(k, id, 'OPENING');
    const next = await nextSocket(wa, count);
    next.open();
    await connectionStatus(k, id, 'CONNECTED');
    const all = [first, ...missed];
    const counts = await waitFor(async () => {
      const c = await storedCounts(id);
      return all.every((m) => c.has(m.key.id!)) ? c : null;
    });
    expect(all.every((m) => counts.get(m.key.id!) === 1)).toBe(true);
    expect(next.historyRequests[0]).toMatchObject({ chat: PHONE_JID, id: missed[4]!.key.id });
  });

  it('two recoveries of one chat in flight: answering one does not forget the other (the soak\'s lost middle of a long outage)', async () => {
    const { id, sock } = await pairedConnection(k, wa, company, 'DuasLacunas');
    const chat = `${PHONE.replace(/1$/, '3')}@s.whatsapp.net`;
    const base = Math.floor(Date.now() / 1000) - 30;
    const at = (second: number): Partial<WAMessage> => ({ messageTimestamp: base + second, pushName: 'Rita' });
    const say = (body: string, second: number) => wa.phoneReceives(text(body, { remoteJid: chat }, at(second)));
    const first = say('d0', 0);
    sock.receive(first);
    await waitFor(async () => (await storedCounts(id)).has(first.key.id!));
    const drop = async (socket: typeof sock) => {
      wa.autoOpen = false;
      const count = wa.sockets.length;
      socket.close(DisconnectReason.connectionLost);
      await connectionStatus(k, id, 'OPENING');
      return count;
    };
    const reopen = async (count: number, hold: boolean) => {
      const next = await nextSocket(wa, count);
      next.holdHistory = hold;
      next.open();
      await connectionStatus(k, id, 'CONNECTED');
      return next;
    };

    // Outage 1: a1..a4 reach the phone; the recent chunk brings a3, a4; the request below a3 is not answered before the next drop.
    let count = await drop(sock);
    const a = [1, 2, 3, 4].map((i) => say(`a${i}`, i));
    const one = await reopen(count, true);
    one.recentHistory([chat], 2);
    await waitFor(async () => one.historyRequests.length === 1 && (await storedCounts(id)).has(a[3]!.key.id!));

    // Outage 2: b1..b4 reach the phone. The next session asks again below a3 (carried) and, from its recent chunk (b3, b4), below b3.
    count = await drop(one);
    const b = [1, 2, 3, 4].map((i) => say(`b${i}`, 10 + i));
    const two = await reopen(count, true);
    two.recentHistory([chat], 2);
    await waitFor(async () => two.historyRequests.length === 2 && (await storedCounts(id)).has(b[3]!.key.id!));
    expect(two.historyRequests.map((r) => r.id).sort()).toEqual([a[2]!.key.id, b[2]!.key.id].sort());
    // The phone answers the request below a3 only; then the line drops again before the one below b3 is answered.
    two.answerHeld(a[2]!.key.id!);
    await waitFor(async () => (await storedCounts(id)).has(a[0]!.key.id!) && (await storedCounts(id)).has(a[1]!.key.id!));

    count = await drop(two);
    const three = await reopen(count, false);
    three.recentHistory([chat], 2);
    const all = [first, ...a, ...b];
    const counts = await waitFor(async () => {
      const c = await storedCounts(id);
      return all.every((m) => c.has(m.key.id!)) ? c : null;
    });
    expect(all.every((m) => counts.get(m.key.id!) === 1)).toBe(true);
    expect(three.historyRequests[0]).toMatchObject({ chat, id: b[2]!.key.id });
  });

  it('a reconnect with nothing missed asks no on-demand history and stores nothing again', async () => {
    const { id, sock } = await pairedConnection(k, wa, company, 'SemLacuna');
    const message = wa.phoneReceives(text('oi', { remoteJid: `${PHONE.replace(/1$/, '2')}@s.whatsapp.net` }));
    sock.receive(message);
    await waitFor(() => k.db('messages').where({ whatsappId: id, wid: message.key.id }).first());
    wa.autoOpen = false;
    const count = wa.sockets.length;
    sock.close(DisconnectReason.timedOut);
    const again = await nextSocket(wa, count);
    again.open();
    await connectionStatus(k, id, 'CONNECTED');
    again.recentHistory([message.key.remoteJid!], 3);
    // The chunk's message is the stored one: a replay, dropped by core.
    const later = text('depois', { remoteJid: message.key.remoteJid! });
    again.receive(later);
    await waitFor(() => k.db('messages').where({ whatsappId: id, wid: later.key.id }).first());
    expect(again.historyRequests).toEqual([]);
    const counts = await storedCounts(id);
    expect([...counts.values()]).toEqual([1, 1]);
  });
});
