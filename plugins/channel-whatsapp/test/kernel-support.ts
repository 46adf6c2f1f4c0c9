import { DisconnectReason } from '@whiskeysockets/baileys';
import { waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FakeSocket, FakeWhatsapp } from './fake-socket.js';

/** A connection paired by QR under core's real supervisor (PostgreSQL + Redis), CONNECTED, with its socket. */
export async function pairedConnection(k: TestKernel, wa: FakeWhatsapp, company: TestCompany, name: string, extra: Record<string, unknown> = {}): Promise<{ id: number; sock: FakeSocket }> {
  wa.autoOpen = false;
  const before = wa.sockets.length;
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'whatsapp', ...extra } });
  if (res.status !== 201) throw new Error(`connection not created: ${JSON.stringify(res.body)}`);
  const id: number = res.body.id;
  const first = await nextSocket(wa, before);
  first.showQr('2@qr-one');
  await connectionStatus(k, id, 'qrcode');
  first.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net', name: 'Company' }, registered: true });
  wa.autoOpen = true;
  const count = wa.sockets.length;
  first.close(DisconnectReason.restartRequired);
  const sock = await nextSocket(wa, count);
  await connectionStatus(k, id, 'CONNECTED');
  return { id, sock };
}

export function nextSocket(wa: FakeWhatsapp, after: number): Promise<FakeSocket> {
  return waitFor(() => (wa.sockets.length > after ? wa.sockets.at(-1) : null));
}

export function connectionStatus(k: TestKernel, id: number, status: string): Promise<true> {
  return waitFor(async () => ((await k.db('whatsapps').where({ id }).first())?.status === status ? true : null));
}
