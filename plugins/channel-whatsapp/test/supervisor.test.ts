import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisconnectReason, proto } from '@whiskeysockets/baileys';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp, type FakeSocket } from './fake-socket.js';
import { PHONE, PHONE_JID, text } from './messages.js';

/** The session under core's real supervisor, with its auth state in PostgreSQL. */
describe('whatsapp sessions under the supervisor (PostgreSQL + Redis)', () => {
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

  const stored = (id: number) => k.db('whatsapps').where({ id }).first();
  const authRows = (id: number) => k.db('channelAuthState').where({ whatsappId: id }).count({ n: '*' }).then((r) => Number(r[0]!.n));
  const held = () => k.kernel.core.channels.held();
  const nextSocket = async (after: number): Promise<FakeSocket> => waitFor(() => (wa.sockets.length > after ? wa.sockets.at(-1) : null));

  async function pairedConnection(name: string, extra: Record<string, unknown> = {}): Promise<{ id: number; sock: FakeSocket }> {
    wa.autoOpen = false;
    const before = wa.sockets.length;
    const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'whatsapp', ...extra } });
    expect(res.status).toBe(201);
    const id: number = res.body.id;
    const first = await nextSocket(before);
    first.showQr('2@qr-one');
    await waitFor(async () => ((await stored(id))?.status === 'qrcode' ? true : null));
    expect(await stored(id)).toMatchObject({ status: 'qrcode', qrcode: '2@qr-one', retries: 1 });
    // Scan: Baileys saves the account, then closes with 515 restart required.
    first.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net', name: 'Company' }, registered: true });
    wa.autoOpen = true;
    const count = wa.sockets.length;
    first.close(DisconnectReason.restartRequired);
    const sock = await nextSocket(count);
    await waitFor(async () => ((await stored(id))?.status === 'CONNECTED' ? true : null));
    return { id, sock };
  }

  it('pairs by QR, restarts on 515 with the creds read back from PostgreSQL, and takes messages', async () => {
    const { id, sock } = await pairedConnection('Pairing');
    expect(sock.config.auth.creds.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    const connection = await stored(id);
    expect(connection).toMatchObject({ status: 'CONNECTED', number: '5511900000000' });
    // The QR is gone once connected: the QR dialog closes itself on an empty code.
    expect(connection.qrcode).toBeFalsy();
    expect(await authRows(id)).toBeGreaterThan(0);
    const message = text('olá do cliente');
    sock.receive(message);
    const row = await waitFor(() => k.db('messages').where({ whatsappId: id, wid: message.key.id }).first());
    const contact = await k.db('contacts').where({ id: row.contactId }).first();
    expect(contact).toMatchObject({ number: PHONE, name: 'Maria Souza', channel: 'whatsapp' });
  });

  it('a stored session survives a restart of the session: "try again" reconnects without a QR', async () => {
    const { id } = await pairedConnection('Survives');
    const count = wa.sockets.length;
    const res = await k.api('POST', `/whatsappsession/${id}`, { token: company.admin.token });
    expect(res.status).toBe(200);
    const again = await nextSocket(count);
    await waitFor(async () => ((await stored(id))?.status === 'CONNECTED' ? true : null));
    expect(again.config.auth.creds.me?.id).toBe('5511900000000:7@s.whatsapp.net');
  });

  it('440 connection replaced: DISCONNECTED, the session is let go, its auth kept', async () => {
    const { id, sock } = await pairedConnection('Replaced');
    sock.close(DisconnectReason.connectionReplaced);
    await waitFor(async () => ((await stored(id))?.status === 'DISCONNECTED' && !held().includes(id) ? true : null));
    expect(await authRows(id)).toBeGreaterThan(0);
  });

  it('401 logged out: the stored session is cleared and it is not started again', async () => {
    const { id, sock } = await pairedConnection('LoggedOut');
    sock.close(DisconnectReason.loggedOut);
    await waitFor(async () => ((await stored(id))?.status === 'DISCONNECTED' && !held().includes(id) && (await authRows(id)) === 0 ? true : null));
  });

  it('408 timed out while paired: reconnects by itself (backoff) with the stored creds', async () => {
    const { id, sock } = await pairedConnection('Timeout');
    const count = wa.sockets.length;
    sock.close(DisconnectReason.timedOut);
    const again = await nextSocket(count);
    expect(again.config.auth.creds.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    await waitFor(async () => ((await stored(id))?.status === 'CONNECTED' ? true : null));
  });

  it('a history import is stored on the connection (start time, then done) and, with closedTicketsPostImported, its tickets are closed', async () => {
    const day = 24 * 3600_000;
    const window = { importOldMessages: new Date(Date.now() - 30 * day).toISOString(), importRecentMessages: new Date(Date.now() - day).toISOString() };
    const { id, sock } = await pairedConnection('Importa', { ...window, closedTicketsPostImported: true });
    expect(sock.config.syncFullHistory).toBe(true);
    const old = (body: string, days: number) => text(body, {}, { messageTimestamp: Math.floor((Date.now() - days * day) / 1000) });
    const history = (messages: ReturnType<typeof text>[], last: boolean) =>
      sock.emit('messaging-history.set', { chats: [], contacts: [], messages, isLatest: last, progress: last ? 100 : 40, syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP });

    const before = Date.now();
    history([old('primeira', 5)], false);
    const started = await waitFor(async () => Number((await stored(id))?.statusImportMessages) || null);
    expect(started).toBeGreaterThanOrEqual(before);
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: id, imported: true }).first());
    expect(ticket.status).toBe('pending');

    history([old('segunda', 3)], true);
    // The import's end is written last (after the tickets are closed): wait for it, not for the close.
    await waitFor(async () => ((await stored(id))?.statusImportMessages === null ? true : null));
    expect(await stored(id)).toMatchObject({ status: 'CONNECTED' });
    expect((await k.db('tickets').where({ id: ticket.id }).first()).status).toBe('closed');
    const bodies = await k.db('messages').where({ ticketId: ticket.id }).orderBy('id').pluck('body');
    expect(bodies).toEqual(['primeira', 'segunda']);
    expect((await k.db('contacts').where({ id: ticket.contactId }).first()).number).toBe(PHONE_JID.split('@')[0]);
  });

  it('what a send returned is kept in messages.data: after a restart getMessage answers a retry from PostgreSQL', async () => {
    const { id, sock } = await pairedConnection('Reenvio');
    wa.registered.set(PHONE, PHONE_JID);
    sock.receive(text('oi, tudo bem?'));
    const ticket = await waitFor(() => k.db('tickets').where({ whatsappId: id }).first());
    const queue = await k.api('POST', '/queue', { token: company.admin.token, body: { name: 'Reenvio', color: '#238551' } });
    const opened = await k.api('PUT', `/tickets/${ticket.id}`, { token: company.admin.token, body: { status: 'open', userId: company.admin.user.id, queueId: queue.body.id } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const sent = await k.api('POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: 'tudo ótimo' } });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const row = await waitFor(() => k.db('messages').where({ ticketId: ticket.id, fromMe: true, sendStatus: 'sent' }).whereNotNull('wid').first());
    expect(row.data.message.extendedTextMessage.text).toContain('tudo ótimo');

    // "Try again": a new session with nothing in memory answers the recipient's retry from the database.
    const count = wa.sockets.length;
    expect((await k.api('POST', `/whatsappsession/${id}`, { token: company.admin.token })).status).toBe(200);
    const again = await nextSocket(count);
    await waitFor(async () => ((await stored(id))?.status === 'CONNECTED' ? true : null));
    const retry = await again.config.getMessage({ remoteJid: PHONE_JID, id: row.wid, fromMe: true });
    expect(retry?.extendedTextMessage?.text).toContain('tudo ótimo');
  });
});
