import { describe, expect, it } from 'vitest';
import { proto } from '@whiskeysockets/baileys';
import { IMPORT_DONE_STATUS } from '@guiche/contracts';
import { GroupCache } from '../src/groups.js';
import { GROUP, LID, PHONE, PHONE_JID, text } from './messages.js';
import { startSession } from './support.js';

const DAY = 24 * 60 * 60_000;
const at = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000);

describe('history import', () => {
  const window = { importOldMessages: new Date(Date.now() - 10 * DAY).toISOString(), importRecentMessages: new Date(Date.now() - DAY).toISOString() };

  it('imports messaging-history.set inside the window, oldest first, marked imported, with progress and a final refresh', async () => {
    const { io, sock } = await startSession({ open: true, connection: window });
    sock.emit('messaging-history.set', {
      chats: [],
      contacts: [{ id: PHONE_JID, name: 'Maria' }],
      lidPnMappings: [{ lid: LID, pn: PHONE_JID }],
      messages: [
        text('recente demais', {}, { messageTimestamp: at(DAY / 2) }),
        text('segunda', {}, { messageTimestamp: at(3 * DAY) }),
        text('antiga demais', {}, { messageTimestamp: at(20 * DAY) }),
        text('primeira', { remoteJid: LID }, { messageTimestamp: at(5 * DAY), pushName: undefined }),
        text('grupo', { remoteJid: GROUP, participant: PHONE_JID }, { messageTimestamp: at(4 * DAY) }),
      ],
      isLatest: true,
      progress: 100,
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    });
    await io.until(() => io.progress.some((p) => p.action === 'refresh'), 'refresh');
    expect(io.inbounds.map((m) => m.body)).toEqual(['primeira', 'segunda']);
    expect(io.inbounds.every((m) => m.imported)).toBe(true);
    expect(io.inbounds[0]!.peer).toMatchObject({ id: PHONE, lid: LID, name: 'Maria' });
    const updates = io.progress.filter((p) => p.action === 'update');
    expect(updates.at(-1)!.status).toMatchObject({ this: 2, all: 2 });
    expect(io.progress.at(-1)).toEqual({ action: 'refresh' });
  });

  it('reports the import on the connection: its start time (preparing), then done (close imported tickets), once each', async () => {
    const { io, sock } = await startSession({ open: true, connection: window });
    const imports = () => io.statuses.filter((s) => s.extra?.statusImportMessages !== undefined);
    const before = Date.now();
    const batch = (body: string, last: boolean) =>
      sock.emit('messaging-history.set', { chats: [], contacts: [], messages: [text(body, {}, { messageTimestamp: at(3 * DAY) })], isLatest: last, progress: last ? 100 : 50 });
    batch('um', false);
    await io.until(() => io.inbounds.length === 1);
    expect(imports()).toHaveLength(1);
    // Stored beside the current status, as the time the import started.
    expect(imports()[0]!.status).toBe('CONNECTED');
    const started = Number(imports()[0]!.extra!.statusImportMessages);
    expect(started).toBeGreaterThanOrEqual(before);
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(io.progress.some((p) => p.action === 'refresh')).toBe(false);

    batch('dois', true);
    await io.until(() => io.progress.some((p) => p.action === 'refresh'), 'refresh');
    expect(imports().map((s) => s.extra!.statusImportMessages)).toEqual([String(started), IMPORT_DONE_STATUS]);
    // Done is stored before the refresh that makes the page reload the list.
    const doneAt = io.statuses.indexOf(imports()[1]!);
    expect(doneAt).toBe(io.statuses.length - 1);

    sock.emit('messaging-history.status', { syncType: proto.HistorySync.HistorySyncType.RECENT, status: 'complete', explicit: true });
    batch('tres', true);
    await io.until(() => io.inbounds.length === 3);
    expect(imports()).toHaveLength(2);
  });

  it('a sync that brings nothing inside the window reports no import', async () => {
    const { io, sock } = await startSession({ open: true, connection: window });
    sock.emit('messaging-history.set', { chats: [], contacts: [], messages: [text('antiga', {}, { messageTimestamp: at(40 * DAY) })], isLatest: true, progress: 100 });
    sock.emit('messaging-history.status', { syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP, status: 'complete', explicit: true });
    sock.receive(text('ao vivo'));
    await io.until(() => io.inbounds.length === 1);
    expect(io.statuses.filter((s) => s.extra?.statusImportMessages !== undefined)).toEqual([]);
    expect(io.progress).toEqual([]);
  });

  it('groups only with importOldMessagesGroups', async () => {
    const { io, sock } = await startSession({ open: true, connection: { ...window, importOldMessagesGroups: true } });
    sock.groups.set(GROUP, { id: GROUP, subject: 'Equipe', owner: undefined, participants: [] });
    sock.emit('messaging-history.set', { chats: [], contacts: [], messages: [text('grupo', { remoteJid: GROUP, participant: PHONE_JID }, { messageTimestamp: at(4 * DAY) })], isLatest: true });
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]).toMatchObject({ imported: true, peer: { id: GROUP, isGroup: true } });
  });

  it('without an import window nothing is imported, and the socket is told not to sync history', async () => {
    const { io, sock } = await startSession({ open: true });
    expect(sock.config.syncFullHistory).toBe(false);
    expect(sock.config.shouldSyncHistoryMessage({} as never)).toBe(false);
    sock.emit('messaging-history.set', { chats: [], contacts: [], messages: [text('x', {}, { messageTimestamp: at(2 * DAY) })], isLatest: true });
    sock.receive(text('ao vivo'));
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]!.body).toBe('ao vivo');
    expect(io.progress).toEqual([]);
  });

  it('appended messages long before the connection opened are history (window applies); recent ones are live', async () => {
    const { io, sock } = await startSession({ open: true, connection: window });
    sock.receive([text('velha no append', { fromMe: true }, { messageTimestamp: at(3 * DAY) }), text('fora da janela', { fromMe: true }, { messageTimestamp: at(30 * DAY) })], 'append');
    sock.receive(text('nova no append', { fromMe: true }, { messageTimestamp: at(60_000) }), 'append');
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds.map((m) => [m.body, Boolean(m.imported)])).toEqual([
      ['velha no append', true],
      ['nova no append', false],
    ]);
  });
});

describe('group metadata cache', () => {
  it('expires after its TTL, keeps a bounded number of groups, and fetches once for concurrent asks', async () => {
    let clock = 0;
    const fetched: string[] = [];
    const cache = new GroupCache(
      async (jid) => {
        fetched.push(jid);
        return { id: jid, subject: jid, owner: undefined, participants: [] };
      },
      { max: 2, ttlMs: 1000, now: () => clock },
    );
    await Promise.all([cache.get('a@g.us'), cache.get('a@g.us')]);
    expect(fetched).toEqual(['a@g.us']);
    clock = 999;
    await cache.get('a@g.us');
    expect(fetched).toEqual(['a@g.us']);
    clock = 2000;
    await cache.get('a@g.us');
    expect(fetched).toEqual(['a@g.us', 'a@g.us']);
    await cache.get('b@g.us');
    await cache.get('c@g.us');
    expect(cache.size).toBe(2);
    expect(cache.cached('a@g.us')).toBeUndefined();
    cache.update({ id: 'c@g.us', subject: 'Renamed' });
    expect(cache.cached('c@g.us')!.subject).toBe('Renamed');
  });
});
