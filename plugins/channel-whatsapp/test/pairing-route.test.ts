import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@guiche/contracts';
import { createKernel, defineChannel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, nextEvent, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp, type FakeSocket } from './fake-socket.js';

/**
 * POST /whatsappsession/{id}/pairing-code on a real kernel whose WhatsApp channel runs on the fake
 * Baileys socket: the session asks "WhatsApp" for the code, reports PAIRING, and the phone typing
 * it links the connection; bad input, other tenants, plain users and sessions that cannot pair are refused.
 */
const wa = new FakeWhatsapp();

/** A channel that has no pairing codes: its session only shows a QR code. */
const qrOnlyChannel = defineChannel({
  id: 'qr-only-facebook',
  channel: 'facebook',
  planFlag: null,
  capabilities: { edit: false, delete: false, react: false, markRead: false, checkNumber: false, media: false, groups: false, presence: false },
  createSession: (_connection, io) => ({
    start: () => io.status('qrcode', { qrcode: 'facebook-qr' }),
    stop: async () => undefined,
    logout: async () => undefined,
    send: async () => ({ wid: 'never' }),
  }),
});

let k: TestKernel;
let c: TestCompany;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download }), qrOnlyChannel] });
  c = await k.createCompany();
});
afterAll(async () => {
  await k?.close();
});

const stored = (id: number) => k.db('whatsapps').where({ id }).first();
const ask = (id: number, body: unknown, token = c.admin.token) => k.api('POST', `/whatsappsession/${id}/pairing-code`, { token, body });

/** A new WhatsApp connection whose session shows its first QR code. */
async function waitingForScan(name: string): Promise<{ id: number; sock: FakeSocket }> {
  wa.autoOpen = false;
  const before = wa.sockets.length;
  const res = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name, channel: 'whatsapp' } });
  expect(res.status).toBe(201);
  const sock: FakeSocket = await waitFor(() => (wa.sockets.length > before ? wa.sockets.at(-1) : null));
  sock.showQr(`2@${name}`);
  await waitFor(async () => (await stored(res.body.id))?.status === 'qrcode');
  return { id: res.body.id, sock };
}

describe('pairing by phone-number code', () => {
  it('answers the code WhatsApp gave, stores and emits PAIRING; the phone typing it connects the session', async () => {
    const { id, sock } = await waitingForScan('Por código');
    const socket = await k.socket(c.admin.token);
    const pairing = nextEvent<{ session: { id: number; status: string; qrcode: string | null } }>(socket, Events.whatsappSession(c.company.id), (e) => e.session.id === id && e.session.status === 'PAIRING');

    const res = await ask(id, { number: '+55 (11) 90000-0000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ code: sock.pairingCode });
    expect(res.body.code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    expect(sock.pairingRequests).toEqual(['5511900000000']);
    expect((await pairing).session.qrcode).toBeNull();
    expect(await stored(id)).toMatchObject({ status: 'PAIRING', qrcode: null });

    // A mistyped number: asking again while PAIRING gives a new code for the new number.
    const again = await ask(id, { number: '5511900000000' });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(sock.pairingCode);
    expect(sock.pairingRequests).toEqual(['5511900000000', '5511900000000']);

    // The phone types it: registered, pair-success, 515 restart, and the stored creds open the next socket.
    wa.autoOpen = true;
    const count = wa.sockets.length;
    sock.typePairingCode(again.body.code);
    const next: FakeSocket = await waitFor(() => (wa.sockets.length > count ? wa.sockets.at(-1) : null));
    expect(next.config.auth.creds.registered).toBe(true);
    await waitFor(async () => (await stored(id))?.status === 'CONNECTED');
    expect(await stored(id)).toMatchObject({ status: 'CONNECTED', number: '5511900000000' });

    // Linked: there is nothing left to pair.
    expect(await ask(id, { number: '5511900000000' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_PAIRING_UNAVAILABLE' } });
  });

  it('refuses a number that is not a phone number with the validation key, before asking WhatsApp', async () => {
    const { id, sock } = await waitingForScan('Número ruim');
    for (const body of [{ number: '12345' }, { number: 'abc' }, { number: '55 11 9 0000 0000 0000 00' }, { number: 5511900000000 }, {}]) {
      const res = await ask(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['number'], message: 'validation.pairingNumber' }] });
    }
    expect(sock.pairingRequests).toEqual([]);
    expect((await stored(id)).status).toBe('qrcode');
  });

  it('is for people who manage connections of their own company', async () => {
    const { id, sock } = await waitingForScan('Só da empresa');
    const other = await k.createCompany();
    expect(await ask(id, { number: '5511900000000' }, other.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const agent = await k.createUser(c.company.id);
    expect(await ask(id, { number: '5511900000000' }, agent.token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('POST', `/whatsappsession/${id}/pairing-code`, { body: { number: '5511900000000' } })).toMatchObject({ status: 401 });
    expect(sock.pairingRequests).toEqual([]);

    // allowConnections lets a plain user pair.
    await k.db('users').where({ id: agent.user.id }).update({ allowConnections: true });
    expect((await ask(id, { number: '5511900000000' }, agent.token)).status).toBe(200);
  });

  it('WhatsApp refusing to give a code answers ERR_WAPP_PAIRING_FAILED and the QR codes stay', async () => {
    const { id, sock } = await waitingForScan('Recusado');
    sock.requestPairingCode = async () => {
      throw new Error('Connection Closed');
    };
    expect(await ask(id, { number: '5511900000000' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_PAIRING_FAILED' } });
    expect(await stored(id)).toMatchObject({ status: 'qrcode', qrcode: '2@Recusado' });
  });

  it('a channel without pairing codes answers ERR_WAPP_PAIRING_UNAVAILABLE even while it shows a QR', async () => {
    const res = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name: 'Página', channel: 'facebook' } });
    expect(res.status).toBe(201);
    await waitFor(async () => (await stored(res.body.id))?.status === 'qrcode');
    expect(await ask(res.body.id, { number: '5511900000000' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_PAIRING_UNAVAILABLE' } });
  });

  it('a session that runs nowhere answers ERR_WAPP_NOT_INITIALIZED', async () => {
    // A plan without WhatsApp: no node runs the session, whatever the stored status says.
    const company = await k.createCompany({ planFlags: { useWhatsapp: false } });
    const [{ id }] = await k
      .db('whatsapps')
      .insert({ companyId: company.company.id, name: 'Parada', channel: 'whatsapp', token: 'P'.repeat(30), isDefault: true, status: 'qrcode' })
      .returning('id');
    expect(await ask(id, { number: '5511900000000' }, company.admin.token)).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
  });
});

describe('pairing code asked on a node that does not run the session', () => {
  let other: Kernel | null = null;

  afterAll(async () => {
    await other?.close();
  });

  it('the node holding the lease answers over the bus', async () => {
    const { id, sock } = await waitingForScan('Outro nó');
    expect(k.kernel.core.channels.held()).toContain(id);
    other = await createKernel(loadConfig({}, { ...k.kernel.core.config, PORT: 0 }), { plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download })] });
    const url = (await other.listen()).replace('0.0.0.0', '127.0.0.1');
    expect(other.core.channels.held()).not.toContain(id);

    const res = await fetch(`${url}${k.kernel.core.config.API_BASE}/whatsappsession/${id}/pairing-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511900000000' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: sock.pairingCode });
    expect(sock.pairingRequests).toEqual(['5511900000000']);
    await waitFor(async () => (await stored(id))?.status === 'PAIRING');
  });
});
