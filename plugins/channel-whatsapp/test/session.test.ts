import { describe, expect, it } from 'vitest';
import { BufferJSON, DisconnectReason, initAuthCreds } from '@whiskeysockets/baileys';
import { CREDS, signalKeyStore } from '../src/auth-state.js';
import { MemoryAuthStore } from './fake-io.js';
import { startSession } from './support.js';

describe('status transitions', () => {
  it('reports OPENING, then each QR with its retry count, then CONNECTED with the number', async () => {
    const { io, sock } = await startSession();
    expect(io.statuses[0]).toEqual({ status: 'OPENING' });
    sock.emit('connection.update', { connection: 'connecting' });
    sock.showQr('2@first');
    sock.showQr('2@second');
    await io.until(() => io.statuses.length >= 3, 'two QRs');
    expect(io.statuses.slice(1)).toEqual([
      { status: 'qrcode', extra: { qrcode: '2@first', retries: 1 } },
      { status: 'qrcode', extra: { qrcode: '2@second', retries: 2 } },
    ]);
    sock.open();
    await io.until(() => io.lastStatus === 'CONNECTED');
    expect(io.statuses.at(-1)).toEqual({ status: 'CONNECTED', extra: { number: '5511900000000' } });
  });

  it('gives up after the bounded number of QR codes: DISCONNECTED and stop, the socket closed', async () => {
    const { io, sock } = await startSession({ qrLimit: 3 });
    for (let i = 1; i <= 4; i++) sock.showQr(`qr-${i}`);
    await io.until(() => io.disconnects.length === 1, 'the stop');
    expect(io.statuses.filter((s) => s.status === 'qrcode')).toHaveLength(3);
    expect(io.lastStatus).toBe('DISCONNECTED');
    expect(io.disconnects[0]).toMatchObject({ action: 'stop' });
    expect(sock.ended).toBe(1);
    // Baileys' own close after end() is not reported a second time.
    sock.close(DisconnectReason.connectionClosed);
    sock.showQr('late');
    await new Promise((r) => setTimeout(r, 30));
    expect(io.disconnects).toHaveLength(1);
  });

  it('pairs by phone-number code: PAIRING, and the QR codes that keep coming are not shown', async () => {
    const { io, session, sock } = await startSession();
    const code = await session.requestPairingCode!('+55 (11) 90000-0000');
    // Baileys' codes: 8 characters of Crockford's base 32.
    expect(code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    expect(code).toBe(sock.pairingCode);
    expect(sock.pairingRequests).toEqual(['5511900000000']);
    expect(io.lastStatus).toBe('PAIRING');
    sock.showQr('ignored');
    sock.open();
    await io.until(() => io.lastStatus === 'CONNECTED');
    expect(io.statuses.some((s) => s.status === 'qrcode')).toBe(false);
  });
});

describe('pairing by phone-number code', () => {
  const storedCreds = async (store: MemoryAuthStore) => {
    const raw = await store.get<string>(CREDS.category, CREDS.id);
    return raw ? (JSON.parse(raw, BufferJSON.reviver) as { me?: { id: string }; registered: boolean; pairingCode?: string }) : null;
  };

  it('the phone types the code: creds saved as registered, 515 restart, and the stored creds open the next socket', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store });
    first.sock.showQr('2@qr');
    await first.io.until(() => first.io.lastStatus === 'qrcode');
    const code = await first.session.requestPairingCode!('5511900000000');
    expect(first.io.lastStatus).toBe('PAIRING');
    first.sock.typePairingCode(`${code.slice(0, 4)}-${code.slice(4)}`);
    await first.io.until(() => first.io.disconnects.length === 1, 'the restart');
    expect(first.io.disconnects[0]).toMatchObject({ code: 515, action: 'restart' });
    expect(await storedCreds(store)).toMatchObject({ me: { id: '5511900000000:7@s.whatsapp.net' }, registered: true, pairingCode: code });

    first.wa.autoOpen = true;
    const second = await startSession({ store, wa: first.wa });
    await second.io.until(() => second.io.lastStatus === 'CONNECTED');
    expect(second.sock.config.auth.creds.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    expect(second.io.statuses.at(-1)).toEqual({ status: 'CONNECTED', extra: { number: '5511900000000' } });
  });

  it('asking again (a mistyped number) replaces the code; a connected session has nothing to pair', async () => {
    const { session, sock } = await startSession();
    const wrong = await session.requestPairingCode!('5511911111111');
    const right = await session.requestPairingCode!('5511900000000');
    expect(sock.pairingRequests).toEqual(['5511911111111', '5511900000000']);
    expect(() => sock.typePairingCode(wrong === right ? 'XXXXXXXX' : wrong)).toThrow('refuses');
    expect(sock.config.auth.creds.me?.id).toBe('5511900000000@s.whatsapp.net');

    const open = await startSession({ open: true });
    await expect(open.session.requestPairingCode!('5511900000000')).rejects.toThrow('already paired');
    expect(open.sock.pairingRequests).toEqual([]);
  });

  it('a code nobody typed: when WhatsApp gives up (408) the session stops instead of looping, and the next start shows QR codes', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store });
    await first.session.requestPairingCode!('5511900000000');
    await first.io.until(() => store.rows.size > 0, 'creds saved');
    expect((await storedCreds(store))?.me?.id).toBe('5511900000000@s.whatsapp.net');
    first.sock.close(DisconnectReason.timedOut);
    await first.io.until(() => first.io.disconnects.length === 1);
    expect(first.io.disconnects[0]).toMatchObject({ code: 408, action: 'stop' });
    expect(first.io.lastStatus).toBe('DISCONNECTED');
    expect(await storedCreds(store)).not.toHaveProperty('me');

    const second = await startSession({ store, wa: first.wa });
    expect(second.sock.config.auth.creds.me).toBeUndefined();
    second.sock.showQr('2@fresh');
    await second.io.until(() => second.io.lastStatus === 'qrcode');
  });

  it('a session stopped while its code was unused starts over with QR codes; a typed code survives the restart', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store });
    await first.session.requestPairingCode!('5511900000000');
    await first.io.until(() => store.rows.size > 0, 'creds saved');
    await first.session.stop();
    const second = await startSession({ store, wa: first.wa });
    expect(second.sock.config.auth.creds.me).toBeUndefined();
    expect(await storedCreds(store)).not.toHaveProperty('me');

    const code = await second.session.requestPairingCode!('5511900000000');
    second.sock.typePairingCode(code);
    await second.io.until(() => second.io.disconnects.length === 1, 'the restart');
    const third = await startSession({ store, wa: first.wa });
    expect(third.sock.config.auth.creds).toMatchObject({ me: { id: '5511900000000:7@s.whatsapp.net' }, registered: true });
  });

  it('a request WhatsApp refuses fails, and the QR codes keep showing', async () => {
    const { io, session, sock } = await startSession();
    sock.requestPairingCode = async () => {
      throw new Error('Connection Closed');
    };
    await expect(session.requestPairingCode!('5511900000000')).rejects.toThrow('Connection Closed');
    expect(io.lastStatus).toBe('OPENING');
    sock.showQr('2@still');
    await io.until(() => io.lastStatus === 'qrcode');
  });
});

describe('disconnect reasons', () => {
  const paired = async () => {
    const h = await startSession({ open: true });
    h.sock.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net' } });
    return h;
  };

  it('401 logged out → logout (the runtime clears the session and never reconnects)', async () => {
    const { io, sock } = await paired();
    sock.close(DisconnectReason.loggedOut);
    await io.until(() => io.disconnects.length === 1);
    expect(io.disconnects[0]).toMatchObject({ code: 401, action: 'logout' });
    expect(sock.ended).toBe(1);
  });

  it('515 restart required → restart', async () => {
    const { io, sock } = await paired();
    sock.close(DisconnectReason.restartRequired);
    await io.until(() => io.disconnects.length === 1);
    expect(io.disconnects[0]).toMatchObject({ code: 515, action: 'restart' });
  });

  it('440 connection replaced → stop, reported DISCONNECTED', async () => {
    const { io, sock } = await paired();
    sock.close(DisconnectReason.connectionReplaced);
    await io.until(() => io.disconnects.length === 1);
    expect(io.disconnects[0]).toMatchObject({ code: 440, action: 'stop' });
    expect(io.lastStatus).toBe('DISCONNECTED');
  });

  it('408 and 428 → reconnect (the runtime backs off with jitter), reported OPENING meanwhile', async () => {
    for (const code of [DisconnectReason.timedOut, DisconnectReason.connectionClosed]) {
      const { io, sock } = await paired();
      sock.close(code);
      await io.until(() => io.disconnects.length === 1);
      expect(io.disconnects[0]).toMatchObject({ code, action: 'reconnect' });
      expect(io.lastStatus).toBe('OPENING');
    }
  });

  it('a close before pairing stops instead of looping on QR codes', async () => {
    const { io, sock } = await startSession();
    sock.showQr('qr');
    sock.close(DisconnectReason.timedOut);
    await io.until(() => io.disconnects.length === 1);
    expect(io.disconnects[0]).toMatchObject({ action: 'stop' });
  });

  it('500 bad session → auth cleared and one restart; a second 500 in a row stops', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store, open: true });
    first.sock.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net' } });
    await first.io.until(() => store.rows.size > 0, 'creds saved');
    first.sock.close(DisconnectReason.badSession);
    await first.io.until(() => first.io.disconnects.length === 1);
    expect(first.io.disconnects[0]).toMatchObject({ code: 500, action: 'restart' });
    expect(await store.get(CREDS.category, CREDS.id)).toBeNull();

    // The runtime restarts: a new session over the same store. It is not paired any more.
    const second = await startSession({ store, wa: first.wa });
    expect(second.sock.config.auth.creds.me).toBeUndefined();
    second.sock.close(DisconnectReason.badSession);
    await second.io.until(() => second.io.disconnects.length === 1);
    expect(second.io.disconnects[0]).toMatchObject({ code: 500, action: 'stop' });

    // A successful open forgets the earlier recovery.
    const third = await startSession({ store, wa: first.wa, open: true });
    third.sock.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net' } });
    third.sock.close(DisconnectReason.badSession);
    await third.io.until(() => third.io.disconnects.length === 1);
    expect(third.io.disconnects[0]).toMatchObject({ action: 'restart' });
  });

  it('stop() ends the socket and ignores its later events', async () => {
    const { io, session, sock } = await startSession({ open: true });
    await session.stop();
    expect(sock.ended).toBe(1);
    sock.close(DisconnectReason.connectionClosed);
    await new Promise((r) => setTimeout(r, 30));
    expect(io.disconnects).toHaveLength(0);
  });

  it('logout() unlinks the device on the phone', async () => {
    const { session, sock } = await startSession({ open: true });
    await session.logout();
    expect(sock.loggedOut).toBe(1);
  });
});

describe('auth state in io.authState', () => {
  it('creds survive a restart: creds.update is saved with BufferJSON and read back with Buffers', async () => {
    const store = new MemoryAuthStore();
    const first = await startSession({ store });
    const generated = first.sock.config.auth.creds;
    expect(Buffer.isBuffer(generated.noiseKey.private)).toBe(true);
    first.sock.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net', name: 'Company' }, registered: true });
    await first.io.until(() => store.rows.size > 0, 'creds saved');
    await first.session.stop();

    const second = await startSession({ store, wa: first.wa });
    const loaded = second.sock.config.auth.creds;
    expect(loaded.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    expect(Buffer.isBuffer(loaded.noiseKey.private)).toBe(true);
    expect(Buffer.compare(Buffer.from(loaded.noiseKey.private), Buffer.from(generated.noiseKey.private))).toBe(0);
    expect(loaded.registrationId).toBe(generated.registrationId);
  });

  it('signal keys: one transaction per set, Buffers round-trip, null deletes, app-state keys become protos', async () => {
    const store = new MemoryAuthStore();
    const { sock } = await startSession({ store });
    const keys = sock.config.auth.keys;
    const pair = initAuthCreds().signedIdentityKey;
    const before = store.transactions;
    await keys.set({ 'pre-key': { '1': pair, '2': pair }, session: { 'a.0': Buffer.from([1, 2, 3]) } });
    expect(store.transactions).toBe(before + 1);
    const got = await keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(got).sort()).toEqual(['1', '2']);
    expect(Buffer.compare(Buffer.from(got['1']!.private), Buffer.from(pair.private))).toBe(0);
    // The stored text is BufferJSON's: it revives to the same bytes.
    const raw = await store.get<string>('session', 'a.0');
    expect(JSON.parse(raw!, BufferJSON.reviver)).toEqual(Buffer.from([1, 2, 3]));
    await keys.set({ 'pre-key': { '1': null } });
    expect(await store.get('pre-key', '1')).toBeNull();
    const after = await keys.get('pre-key', ['1', '2']);
    expect(after['1']).toBeFalsy();
    expect(after['2']).toBeTruthy();
    await keys.set({ 'app-state-sync-key': { K1: { keyData: Buffer.from('abc'), timestamp: 5 } } });
    // Read past Baileys' cache: what the store gives back is revived into the proto class.
    const appKey = (await signalKeyStore(store).get('app-state-sync-key', ['K1']))['K1'];
    expect(appKey?.constructor.name).toBe('AppStateSyncKeyData');
    expect(Buffer.from(appKey!.keyData!).toString()).toBe('abc');
  });
});
