import { describe, expect, it } from 'vitest';
import { LID, PHONE, PHONE_JID, text } from './messages.js';
import { MemoryAuthStore } from './fake-io.js';
import { startSession } from './support.js';

describe('LID ↔ phone number: one person, one peer id', () => {
  it('a message via @lid (with remoteJidAlt) and one via the phone jid give the same peer, LID attached', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.receive(text('pela lid', { remoteJid: LID, remoteJidAlt: PHONE_JID }));
    sock.receive(text('pelo número', { remoteJid: PHONE_JID }));
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds[0]!.peer).toMatchObject({ id: PHONE, number: PHONE, lid: LID });
    expect(io.inbounds[1]!.peer).toMatchObject({ id: PHONE, number: PHONE, lid: LID });
  });

  it('learns from lid-mapping.update; before that a bare @lid is the LID with no number', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.receive(text('antes', { remoteJid: LID }));
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]!.peer).toEqual({ id: LID, number: '', lid: LID, name: 'Maria Souza' });
    sock.emit('lid-mapping.update', { lid: LID, pn: PHONE_JID });
    sock.receive(text('depois', { remoteJid: `${LID.split('@')[0]}:12@lid` }));
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds[1]!.peer).toMatchObject({ id: PHONE, number: PHONE, lid: LID });
  });

  it('the mapping is kept in io.authState: a restarted session still unifies, under its own category', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store, open: true });
    first.sock.emit('contacts.upsert', [{ id: PHONE_JID, lid: LID, notify: 'Maria' }]);
    await first.io.until(() => [...store.rows.keys()].some((k) => k.includes(LID)), 'mapping stored');
    await first.session.stop();
    const second = await startSession({ store, open: true });
    second.sock.receive(text('oi', { remoteJid: LID }, { pushName: undefined }));
    await second.io.until(() => second.io.inbounds.length === 1);
    expect(second.io.inbounds[0]!.peer).toMatchObject({ id: PHONE, lid: LID });
    expect(store.categories()).toEqual(expect.arrayContaining(['peer-lid', 'peer-pn']));
    expect(store.categories()).not.toContain('lid-mapping');
  });

  it('group participants by LID resolve through participantAlt', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.groups.set('1203@g.us', { id: '1203@g.us', subject: 'G', owner: undefined, participants: [] });
    sock.receive(text('oi', { remoteJid: '1203@g.us', participant: LID, participantAlt: PHONE_JID }));
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]!.participant).toMatchObject({ id: PHONE, lid: LID });
  });

  it('presence and reactions from a @lid land on the same peer id', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.emit('lid-mapping.update', { lid: LID, pn: PHONE_JID });
    sock.emit('presence.update', { id: LID, presences: { [LID]: { lastKnownPresence: 'composing' } } });
    await io.until(() => io.presences.length === 1);
    expect(io.presences[0]).toEqual([PHONE, 'composing']);
  });

  it('sends to a number go to the jid onWhatsApp answers with (checked once per number)', async () => {
    const { session, sock } = await startSession({ open: true });
    sock.registered.set('5511987654321', LID);
    await session.send({ messageId: 1, to: { id: PHONE, number: PHONE }, body: 'a' });
    await session.send({ messageId: 2, to: { id: PHONE, number: PHONE }, body: 'b' });
    expect(sock.sent.map((s) => s.jid)).toEqual([LID, LID]);
    expect(sock.lookups).toEqual([[PHONE]]);
  });

  it('a contact known only by its LID is addressed at the LID', async () => {
    const { session, sock } = await startSession({ open: true });
    await session.send({ messageId: 1, to: { id: '', number: '', lid: LID }, body: 'oi' });
    expect(sock.sent[0]!.jid).toBe(LID);
    expect(sock.lookups).toEqual([]);
  });
});
