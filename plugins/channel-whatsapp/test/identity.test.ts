import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp } from './fake-socket.js';
import { pairedConnection } from './kernel-support.js';
import { text } from './messages.js';

let people = 0;
/** A person of one test: phone digits, phone jid and a LID nobody else uses. */
function person() {
  people++;
  const phone = `55119${String(10000000 + people * 7919).slice(-8)}`;
  return { phone, pn: `${phone}@s.whatsapp.net`, lid: `2077${String(people).padStart(11, '0')}@lid` };
}

/** One customer, one contact (issue #31): LID ↔ phone number over the fake socket, on the real kernel. */
describe('whatsapp identity: LID and phone number are one contact (PostgreSQL + Redis)', () => {
  const wa = new FakeWhatsapp();
  let k: TestKernel;
  let company: TestCompany;

  beforeAll(async () => {
    k = await createTestKernel({ plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download })] });
    company = await k.createCompany();
  });
  afterAll(async () => {
    await k?.close();
  });

  const messageOf = (connectionId: number, wid: string) => waitFor(() => k.db('messages').where({ whatsappId: connectionId, wid }).first());
  const contactsOf = (p: ReturnType<typeof person>) =>
    k.db('contacts').where({ companyId: company.company.id }).where((q) => q.where({ number: p.phone }).orWhere({ lid: p.lid })).orderBy('id');
  let queueId: number | undefined;
  const accept = async (ticketId: number) => {
    queueId ??= (await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Identidade', color: '#238551' } })).body.id;
    const res = await k.api('PUT', `/tickets/${ticketId}`, { token: company.admin.token, body: { status: 'open', userId: company.admin.user.id, queueId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('phone number first, then the LID (split), then the mapping: merged while a ticket is open on each', async () => {
    const p = person();
    const { id, sock } = await pairedConnection(k, wa, company, 'PN primeiro');
    const byPhone = text('pelo número', { remoteJid: p.pn });
    sock.receive(byPhone);
    const first = await messageOf(id, byPhone.key.id!);
    const byLid = text('pela lid', { remoteJid: p.lid });
    sock.receive(byLid);
    const second = await messageOf(id, byLid.key.id!);
    expect(second.contactId).not.toBe(first.contactId);
    await accept(first.ticketId);
    await accept(second.ticketId);
    const tag = await k.db('tags').insert({ companyId: company.company.id, name: `vip-${p.phone}`, color: '#000' }).returning('id');
    await k.db('contactTags').insert({ companyId: company.company.id, contactId: second.contactId, tagId: tag[0].id });

    sock.emit('lid-mapping.update', { lid: p.lid, pn: p.pn });
    const [contact, ...others] = await waitFor(async () => {
      const rows = await contactsOf(p);
      return rows.length === 1 ? rows : null;
    });
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ id: first.contactId, number: p.phone, lid: p.lid });
    // Both conversations are now the kept contact's one open ticket.
    const messages = await k.db('messages').where({ whatsappId: id }).whereIn('wid', [byPhone.key.id!, byLid.key.id!]).select('ticketId', 'contactId');
    expect(messages).toEqual([
      { ticketId: first.ticketId, contactId: contact.id },
      { ticketId: first.ticketId, contactId: contact.id },
    ]);
    expect(await k.db('tickets').where({ id: first.ticketId }).first('status', 'contactId')).toEqual({ status: 'open', contactId: contact.id });
    expect(await k.db('tickets').where({ id: second.ticketId }).first('status', 'contactId')).toEqual({ status: 'closed', contactId: contact.id });
    const log = await k.db('ticketLogs').where({ ticketId: second.ticketId, type: 'closed' }).first('data');
    expect(log.data).toEqual({ mergedInto: first.ticketId });
    expect((await k.db('contactTags').where({ contactId: contact.id }).select('tagId')).map((r) => r.tagId)).toEqual([tag[0].id]);
    const merges = await k.db('contactMerges').where({ companyId: company.company.id, keptContactId: contact.id });
    expect(merges).toHaveLength(1);
    expect(merges[0]).toMatchObject({ mergedContactId: second.contactId, mergedLid: p.lid, reason: 'identity' });

    // Later messages, by either address, land in that ticket.
    const again = text('de novo pela lid', { remoteJid: p.lid });
    sock.receive(again);
    expect((await messageOf(id, again.key.id!)).ticketId).toBe(first.ticketId);
  });

  it('LID first, then the phone number (split), then a message carrying both: the older contact keeps everything', async () => {
    const p = person();
    const { id, sock } = await pairedConnection(k, wa, company, 'LID primeiro');
    const byLid = text('pela lid', { remoteJid: p.lid });
    sock.receive(byLid);
    const first = await messageOf(id, byLid.key.id!);
    const byPhone = text('pelo número', { remoteJid: p.pn });
    sock.receive(byPhone);
    const second = await messageOf(id, byPhone.key.id!);
    expect(second.contactId).not.toBe(first.contactId);

    const both = text('com as duas', { remoteJid: p.lid, remoteJidAlt: p.pn });
    sock.receive(both);
    const third = await messageOf(id, both.key.id!);
    const contacts = await contactsOf(p);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: first.contactId, number: p.phone, lid: p.lid });
    expect(third).toMatchObject({ contactId: first.contactId, ticketId: first.ticketId });
    const tickets = await k.db('tickets').where({ contactId: first.contactId, whatsappId: id }).whereIn('status', ['pending', 'open']);
    expect(tickets).toHaveLength(1);
    expect(await k.db('messages').where({ ticketId: first.ticketId }).count({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(3);
  });

  it('both addresses arriving within one second on two connections and the mapping store: one contact, one merge', async () => {
    const p = person();
    const a = await pairedConnection(k, wa, company, 'Concorrência A');
    const b = await pairedConnection(k, wa, company, 'Concorrência B');
    const byPhone = text('número', { remoteJid: p.pn });
    a.sock.receive(byPhone);
    const first = await messageOf(a.id, byPhone.key.id!);
    const byLid = text('lid', { remoteJid: p.lid });
    a.sock.receive(byLid);
    await messageOf(a.id, byLid.key.id!);
    expect(await contactsOf(p)).toHaveLength(2);

    // All at once: both sessions learn the mapping, and messages carrying both addresses reach both connections.
    const burst = [
      ...Array.from({ length: 4 }, (_, i) => ({ sock: a.sock, id: a.id, m: text(`a${i}`, { remoteJid: p.lid, remoteJidAlt: p.pn }) })),
      ...Array.from({ length: 4 }, (_, i) => ({ sock: b.sock, id: b.id, m: text(`b${i}`, { remoteJid: i % 2 ? p.pn : p.lid, remoteJidAlt: i % 2 ? p.lid : p.pn }) })),
    ];
    b.sock.emit('lid-mapping.update', { lid: p.lid, pn: p.pn });
    for (const { sock, m } of burst) sock.receive(m);
    a.sock.emit('lid-mapping.update', { lid: p.lid, pn: p.pn });
    const rows = await Promise.all(burst.map(({ id, m }) => messageOf(id, m.key.id!)));

    const contacts = await contactsOf(p);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: first.contactId, number: p.phone, lid: p.lid });
    expect(new Set(rows.map((r) => r.contactId))).toEqual(new Set([first.contactId]));
    for (const connectionId of [a.id, b.id]) {
      const active = await k.db('tickets').where({ contactId: first.contactId, whatsappId: connectionId }).whereIn('status', ['pending', 'open']);
      expect(active).toHaveLength(1);
    }
    expect(await k.db('contactMerges').where({ keptContactId: first.contactId })).toHaveLength(1);
  });

  it("group participants: a member known by LID and by phone number is one participant", async () => {
    const p = person();
    const group = '120363049999999001@g.us';
    wa.groups.set(group, { id: group, subject: 'Clientes', owner: undefined, participants: [{ id: p.lid, phoneNumber: p.pn }] } as never);
    const { id, sock } = await pairedConnection(k, wa, company, 'Grupos', { allowGroup: true });
    const byAlt = text('pela lid', { remoteJid: group, participant: p.lid, participantAlt: p.pn });
    sock.receive(byAlt);
    const byPhone = text('pelo número', { remoteJid: group, participant: p.pn });
    sock.receive(byPhone);
    const bare = text('lid sem alt', { remoteJid: group, participant: p.lid });
    sock.receive(bare);
    const rows = await Promise.all([byAlt, byPhone, bare].map((m) => messageOf(id, m.key.id!)));
    expect(rows.map((r) => r.participant)).toEqual([p.phone, p.phone, p.phone]);
    expect(new Set(rows.map((r) => r.ticketId)).size).toBe(1);
    // The member is no separate contact: only the group is.
    expect(await contactsOf(p)).toHaveLength(0);
  });
});
