import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { coreMigrations } from '@guiche/migrations';
import { createTestKernel, nextEvent, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '../src/plugin.js';
import { peerIdOf } from '../src/visitor.js';
import { connectVisitor, createWebchatConnection, newVisitorId, say } from './support.js';

/**
 * Issue #32, "people, not ids": a website visitor's address (the peer id) is the contact's
 * `remoteJid`; the contact's number is the phone they typed, or ''. Real kernel, real sockets.
 */
let k: TestKernel;
let company: TestCompany;
let connection: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  k = await createTestKernel({ plugins: [createWebchatChannel()] });
  company = await k.createCompany();
  connection = await createWebchatConnection(k, company.admin);
  await waitFor(async () => (await k.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await k?.close();
});

const visitor = (visitorId: string, extra: Record<string, string> = {}) => connectVisitor(k.url, { token: connection.token, visitorId, ...extra }, sockets);

async function contactOf(visitorId: string) {
  return k.db('contacts').where({ companyId: company.company.id, channel: 'webchat', remoteJid: peerIdOf(visitorId) }).first();
}

async function historyOf(visitorId: string): Promise<string[]> {
  const res = await fetch(`${k.apiUrl}/webchat/${connection.token}/messages?visitorId=${visitorId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
}

/** An agent takes the visitor's ticket and answers; resolves with what the visitor's socket receives. */
async function agentAnswers(socket: Socket, ticketId: number, body: string): Promise<{ body: string }> {
  const incoming = nextEvent(socket, 'message', (m) => !m.fromVisitor && String(m.body).includes(body));
  const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: `Site ${ticketId}`, color: '#1565c0', greetingMessage: 'Oi' } });
  expect(queue.status, JSON.stringify(queue.body)).toBeLessThan(300);
  const taken = await k.api('PUT', `/tickets/${ticketId}`, { token: company.admin.token, body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id } });
  expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  const sent = await k.api('POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return incoming;
}

describe('a website visitor as a contact', () => {
  it('who typed a phone has it as the number; one who did not has none; the peer id is never the number', async () => {
    const withPhone = newVisitorId();
    const without = newVisitorId();
    await say(await visitor(withPhone, { name: 'Paula Reis', phone: '+55 (11) 98888-1001' }), 'oi, com telefone');
    await say(await visitor(without, { name: 'Sem Telefone' }), 'oi, sem telefone');

    const a = await contactOf(withPhone);
    const b = await contactOf(without);
    expect(a).toMatchObject({ name: 'Paula Reis', number: '5511988881001' });
    expect(b).toMatchObject({ name: 'Sem Telefone', number: '' });
    // The phone is the number: not repeated under "Informações adicionais".
    expect(await k.db('contactCustomFields').where({ contactId: a.id })).toEqual([]);

    // What the contacts API answers (list, search by the phone, one contact): the name and the phone or nothing.
    const list = await k.api('GET', '/contacts?channel=webchat', { token: company.admin.token });
    expect(list.status).toBe(200);
    const shown = (list.body.contacts as { id: number; name: string; number: string }[]).filter((c) => [a.id, b.id].includes(c.id));
    expect(shown.map((c) => [c.name, c.number]).sort()).toEqual([
      ['Paula Reis', '5511988881001'],
      ['Sem Telefone', ''],
    ]);
    const found = await k.api('GET', '/contacts?searchParam=988881001', { token: company.admin.token });
    expect(found.body.contacts.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const one = await k.api('GET', `/contacts/${b.id}`, { token: company.admin.token });
    expect(one.body.number).toBe('');
    expect(JSON.stringify(list.body)).not.toMatch(/"number":"v[0-9a-f]{31}"/);
  });

  it('a phone too short to be a number stays a note on the contact', async () => {
    const id = newVisitorId();
    await say(await visitor(id, { name: 'Curto', phone: '1234' }), 'meu ramal');
    const contact = await contactOf(id);
    expect(contact.number).toBe('');
    expect(await k.db('contactCustomFields').where({ contactId: contact.id }).select('name', 'value')).toEqual([{ name: 'phone', value: '1234' }]);
  });

  it('two visitors who type the same phone stay two people: neither merged nor refused; the second keeps the phone as a note', async () => {
    const first = newVisitorId();
    const second = newVisitorId();
    const s1 = await visitor(first, { name: 'Ana Primeira', phone: '11 97777-2002' });
    const s2 = await visitor(second, { name: 'Ana Segunda', phone: '(11) 97777-2002' });
    expect((await say(s1, 'primeira')).message).toBeTruthy();
    expect((await say(s2, 'segunda')).message).toBeTruthy();

    const a = await contactOf(first);
    const b = await contactOf(second);
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({ name: 'Ana Primeira', number: '11977772002' });
    expect(b).toMatchObject({ name: 'Ana Segunda', number: '' });
    expect(await k.db('contactCustomFields').where({ contactId: b.id }).select('name', 'value')).toEqual([{ name: 'phone', value: '11977772002' }]);
    expect(await historyOf(first)).toEqual(['primeira']);
    expect(await historyOf(second)).toEqual(['segunda']);
    // Both keep writing into their own conversation.
    await say(s2, 'segunda de novo');
    expect(await historyOf(second)).toEqual(['segunda', 'segunda de novo']);
    expect(await k.db('messages').where({ contactId: a.id }).pluck('body')).toEqual(['primeira']);
  });

  it('an admin merging two visitors keeps the kept one’s address: the merged visitor writes into a new contact and reads none of the kept history', async () => {
    const kept = newVisitorId();
    const merged = newVisitorId();
    await say(await visitor(kept, { name: 'Júlia Mantida', phone: '31 95555-6006' }), 'da Júlia');
    const other = await visitor(merged, { name: 'Júlia Outra' });
    await say(other, 'da outra aba');
    const a = await contactOf(kept);
    const b = await contactOf(merged);
    const res = await k.api('POST', `/contacts/${a.id}/merge`, { token: company.admin.token, body: { otherId: b.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, name: 'Júlia Mantida', number: '31955556006' });
    expect((await contactOf(kept)).id).toBe(a.id);
    expect(await contactOf(merged)).toBeUndefined();
    expect(await historyOf(kept)).toEqual(['da Júlia', 'da outra aba']);
    // The merged visitor's browser is no longer anyone's address: it starts over, seeing nothing of Júlia's.
    await say(other, 'de novo');
    const fresh = await contactOf(merged);
    expect(fresh.id).not.toBe(a.id);
    expect(await historyOf(merged)).toEqual(['de novo']);
  });

  it('a visitor written the old way (peer id as the number, phone as a custom field) is migrated, and the conversation goes on both ways', async () => {
    const phoned = newVisitorId();
    const silent = newVisitorId();
    const twin = newVisitorId();
    const s1 = await visitor(phoned, { name: 'Rita Antiga' });
    const first = await say(s1, 'antes da migração');
    await say(await visitor(silent, { name: 'Caio Antigo' }), 'também antes');
    await say(await visitor(twin, { name: 'Gêmea Antiga' }), 'mesmo telefone');
    // As the old code stored them: the peer id in `number`, no remoteJid, the typed phone under the custom fields.
    const old = async (visitorId: string, phone?: string) => {
      const row = await contactOf(visitorId);
      await k.db('contacts').where({ id: row.id }).update({ number: peerIdOf(visitorId), remoteJid: null });
      if (phone) await k.db('contactCustomFields').insert({ companyId: company.company.id, contactId: row.id, name: 'phone', value: phone });
      return row.id as number;
    };
    const phonedId = await old(phoned, '+55 21 96666-3003');
    const silentId = await old(silent);
    const twinId = await old(twin, '55 21 96666 3003');
    const typed = (await k.db('contacts').insert({ companyId: company.company.id, name: 'Digitado', number: '5521955554004', channel: 'webchat' }).returning('id'))[0].id;
    // Messenger and Telegram people as ingest stored them: the platform id as the number.
    const messenger = (await k.db('contacts').insert({ companyId: company.company.id, name: 'Via Messenger', number: '7712345678901234', channel: 'facebook' }).returning('id'))[0].id;
    const telegram = (await k.db('contacts').insert({ companyId: company.company.id, name: 'Via Telegram', number: '918273645', channel: 'telegram' }).returning('id'))[0].id;

    await coreMigrations['20261128160000_contact_peer_ids']!.up(k.db);

    const row = (id: number) => k.db('contacts').where({ id }).first('number', 'remoteJid', 'name');
    expect(await row(phonedId)).toEqual({ number: '5521966663003', remoteJid: peerIdOf(phoned), name: 'Rita Antiga' });
    expect(await row(silentId)).toEqual({ number: '', remoteJid: peerIdOf(silent), name: 'Caio Antigo' });
    // The younger visitor with the same phone keeps it as a note: the number is one contact's.
    expect(await row(twinId)).toEqual({ number: '', remoteJid: peerIdOf(twin), name: 'Gêmea Antiga' });
    expect(await k.db('contactCustomFields').where({ contactId: twinId }).pluck('value')).toEqual(['55 21 96666 3003']);
    expect(await k.db('contactCustomFields').where({ contactId: phonedId })).toEqual([]);
    // A webchat contact typed in by hand with a phone is no visitor: left as it was.
    expect(await row(typed)).toEqual({ number: '5521955554004', remoteJid: null, name: 'Digitado' });
    // A PSID or a Telegram chat id is no phone: it becomes the address and the number empties.
    expect(await row(messenger)).toEqual({ number: '', remoteJid: '7712345678901234', name: 'Via Messenger' });
    expect(await row(telegram)).toEqual({ number: '', remoteJid: '918273645', name: 'Via Telegram' });

    // The visitor comes back: same contact, their history, and the agent's answer reaches them.
    const back = await visitor(phoned, { name: 'Rita Antiga' });
    await say(back, 'depois da migração');
    expect((await contactOf(phoned)).id).toBe(phonedId);
    expect(await k.db('contacts').where({ companyId: company.company.id, channel: 'webchat', name: 'Rita Antiga' })).toHaveLength(1);
    expect(await historyOf(phoned)).toEqual(['antes da migração', 'depois da migração']);
    const { ticketId } = await k.db('messages').where({ whatsappId: connection.id, wid: first.message.wid }).first('ticketId');
    expect((await agentAnswers(back, ticketId, 'Olá Rita')).body).toContain('Olá Rita');
    expect(await historyOf(phoned)).toHaveLength(3);
  });
});
