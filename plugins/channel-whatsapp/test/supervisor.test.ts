import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisconnectReason } from '@whiskeysockets/baileys';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp, type FakeSocket } from './fake-socket.js';
import { PHONE, text } from './messages.js';

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

  async function pairedConnection(name: string): Promise<{ id: number; sock: FakeSocket }> {
    wa.autoOpen = false;
    const before = wa.sockets.length;
    const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'whatsapp' } });
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
});
