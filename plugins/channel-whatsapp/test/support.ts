import type { ConnectionInfo } from '@guiche/core';
import { createWhatsappSession, type WhatsappSession } from '../src/session.js';
import { FakeWhatsapp, type FakeSocket } from './fake-socket.js';
import { MemoryAuthStore, RecordingIO, connectionInfo } from './fake-io.js';

export interface Harness {
  wa: FakeWhatsapp;
  io: RecordingIO;
  session: WhatsappSession;
  sock: FakeSocket;
  files: Map<string, Buffer>;
  settings: { acceptCalls: boolean };
}

/** A started session over the fake socket, with an in-memory auth store (shared across restarts when given). */
export async function startSession(
  options: { connection?: Partial<ConnectionInfo>; store?: MemoryAuthStore; wa?: FakeWhatsapp; qrLimit?: number; open?: boolean } = {},
): Promise<Harness> {
  const wa = options.wa ?? new FakeWhatsapp();
  const io = new RecordingIO(connectionInfo(options.connection), options.store ?? new MemoryAuthStore());
  const files = new Map<string, Buffer>();
  const settings = { acceptCalls: true };
  const session = createWhatsappSession(io.connection, io, {
    socketFactory: wa.factory,
    download: wa.download,
    readMedia: async (path) => {
      const file = files.get(path);
      if (!file) throw new Error(`no file ${path}`);
      return file;
    },
    acceptCalls: async () => settings.acceptCalls,
    qrLimit: options.qrLimit,
  });
  await session.start();
  const sock = wa.socket;
  if (options.open) {
    sock.open();
    await io.until(() => io.lastStatus === 'CONNECTED', 'CONNECTED');
  }
  return { wa, io, session, sock, files, settings };
}

/** Lets queued event handlers run (the session handles events on one promise chain). */
export async function settle(io: RecordingIO, check: () => boolean, what?: string): Promise<void> {
  await io.until(check, what);
}
