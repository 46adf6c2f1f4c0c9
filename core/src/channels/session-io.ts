import type { FastifyBaseLogger } from 'fastify';
import type { CoreServices } from '../services.js';
import { setSessionState } from '../connections/session.js';
import { connectionRooms } from '../connections/audience.js';
import { emitPresence } from '../messaging/ticket-events.js';
import { closeImportedTickets } from '../messaging/imported-tickets.js';
import { unifyIdentity } from '../contacts/contact-identity.js';
import type { ContactChannel } from '@guiche/contracts';
import { IMPORT_DONE_STATUS } from '@guiche/contracts';
import type { TicketRow } from '../messaging/ticket-access.js';
import type { AuthStateStore, ConnectionInfo, DisconnectInfo, SessionIO, SessionStatus } from './types.js';

const ACTIVE = ['pending', 'open', 'group'];

/** What the supervisor learns from a session through its io. */
export interface SessionReports {
  /** False once this io's session was replaced or stopped: its reports are ignored. */
  current(): boolean;
  onStatus(status: SessionStatus): void;
  onDisconnected(info: DisconnectInfo): void;
}

async function activeTicketOf(core: CoreServices, connection: ConnectionInfo, peerId: string): Promise<TicketRow | undefined> {
  return core
    .db('tickets')
    .join('contacts', 'contacts.id', 'tickets.contactId')
    .where({ 'tickets.companyId': connection.companyId, 'tickets.whatsappId': connection.id, 'contacts.channel': connection.channel })
    .where((q) => q.where('contacts.number', peerId).orWhere('contacts.remoteJid', peerId).orWhere('contacts.lid', peerId))
    .whereIn('tickets.status', ACTIVE)
    .first('tickets.*');
}

/**
 * The io handed to one session. Everything it reports after the supervisor replaced or stopped
 * that session is dropped, so a late callback of an old session never overwrites the new one's state.
 */
export function createSessionIO(
  core: CoreServices,
  connection: ConnectionInfo,
  authState: AuthStateStore,
  log: FastifyBaseLogger,
  reports: SessionReports,
): SessionIO {
  const id = connection.id;
  const live = (): boolean => reports.current();
  return {
    connection,
    authState,
    log,
    async status(status, extra = {}) {
      if (!live()) return;
      let importStatus = extra.statusImportMessages;
      if (importStatus === IMPORT_DONE_STATUS) {
        const settings = await core.db('whatsapps').where({ id }).first('closedTicketsPostImported');
        if (settings?.closedTicketsPostImported) {
          await closeImportedTickets(core, connection.companyId, id, null);
          importStatus = null;
        }
      }
      // The running session learns its status before the row does: whoever reads the stored
      // status and then asks the session (a pairing code, a send) finds it already answering.
      reports.onStatus(status);
      await setSessionState(core, connection.companyId, id, {
        status,
        qrcode: extra.qrcode ?? (status === 'qrcode' ? undefined : null),
        ...(extra.retries !== undefined ? { retries: extra.retries } : {}),
        ...(extra.number !== undefined ? { number: extra.number } : {}),
        ...(importStatus !== undefined ? { statusImportMessages: importStatus } : {}),
      });
    },
    async inbound(message) {
      if (!live()) return;
      await core.ingest.ingest(id, message);
    },
    async ack(wid, ack) {
      if (!live()) return;
      await core.ingest.applyAck(id, wid, ack);
    },
    async edited(wid, body) {
      if (!live()) return;
      await core.ingest.applyEdit(id, wid, body);
    },
    async deleted(wid) {
      if (!live()) return;
      await core.ingest.applyDelete(id, wid);
    },
    presence(peerId, state) {
      if (!live()) return;
      void activeTicketOf(core, connection, peerId)
        .then((ticket) => (ticket ? emitPresence(core, ticket, state) : undefined))
        .catch((err: unknown) => log.warn({ err, connectionId: id }, 'presence not emitted'));
    },
    importProgress(progress) {
      if (!live()) return;
      void connectionRooms(core, connection.companyId)
        .then((rooms) => core.realtime.emit(rooms, `importMessages-${connection.companyId}`, progress))
        .catch((err: unknown) => log.warn({ err, connectionId: id }, 'import progress not emitted'));
    },
    disconnected(info) {
      if (!live()) return;
      reports.onDisconnected(info);
    },
    async identity(number, lid) {
      if (!live()) return;
      await unifyIdentity(core, connection.companyId, connection.channel as ContactChannel, number, lid);
    },
    async storedMark() {
      // Row ids grow with every insert: the table's newest id (read off the primary key) marks this moment.
      const row = await core.db('messages').max({ mark: 'id' }).first();
      return Number(row?.mark ?? 0);
    },
    async lastStored(peerId, mark) {
      const query = core
        .db('messages')
        .join('contacts', 'contacts.id', 'messages.contactId')
        .where({ 'messages.companyId': connection.companyId, 'messages.whatsappId': id, 'contacts.channel': connection.channel });
      if (mark !== undefined) query.where('messages.id', '<=', mark);
      const row = await query
        .where((q) => q.where('contacts.number', peerId).orWhere('contacts.lid', peerId).orWhere('contacts.remoteJid', peerId))
        .orderBy('messages.createdAt', 'desc')
        .first('messages.wid', 'messages.fromMe', 'messages.createdAt');
      return row ? { wid: row.wid, fromMe: Boolean(row.fromMe), timestamp: new Date(row.createdAt) } : null;
    },
    async findMessage(wid) {
      const row = await core.db('messages').where({ whatsappId: id, wid }).first('body', 'mediaType', 'data');
      return row ? { body: row.body, mediaType: row.mediaType, data: row.data ?? null } : null;
    },
  };
}
