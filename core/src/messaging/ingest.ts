import path from 'node:path';
import { ActiveTicketStatuses, type ContactChannel } from '@guiche/contracts';
import type { NormalizedMessage } from '../channels/types.js';
import { findContact } from '../contacts/contact-repository.js';
import { emitContact } from '../contacts/contact-events.js';
import { announceMerge } from '../contacts/contact-merge-events.js';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { upsertContact, type IngestedContact } from './ingest-contact.js';
import { isConversationMessage, storeMessage } from './ingest-message.js';
import { runIngestSteps } from './ingest-steps.js';
import { findOrCreateTicket, type FoundTicket, type IngestConnection } from './ingest-ticket.js';
import type { MessageRow } from './messages-repository.js';
import type { TicketRow } from './ticket-access.js';
import { ticketDetails } from './ticket-details.js';
import { emitMessage, emitTicket } from './ticket-events.js';
import { replayIfRecent } from '../realtime/replay.js';
import type { IngestResult, IngestService } from './types.js';
import { deletionChanges, removeErasedFile } from './message-erasure.js';

/** A replay that raced past the early check: the whole transaction is rolled back. */
class AlreadyStored extends Error {}

const UNIQUE_VIOLATION = '23505';
/**
 * A contact merge (issue #31) racing this ingest: two merges of the same split person from both
 * sides may deadlock, and the contact this ingest found may be merged away before its ticket or
 * message row points at it. Both are retried from the start, which finds the kept contact.
 */
const DEADLOCK = '40P01';
const FOREIGN_KEY_VIOLATION = '23503';
const ATTEMPTS = 3;

/** A lost race worth one more attempt from the start: a unique index, or a merge (above). */
function isRetryableRace(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === UNIQUE_VIOLATION || code === DEADLOCK || code === FOREIGN_KEY_VIOLATION;
}

function mediaFileName(message: NormalizedMessage): string {
  const given = message.media?.fileName;
  if (given && path.extname(given)) return given;
  const subtype = message.media?.mimetype.split('/')[1]?.split(/[;+]/)[0] ?? 'bin';
  return `${message.wid}.${subtype.replace(/[^a-z0-9]/gi, '') || 'bin'}`;
}

interface Outcome {
  /** What the routing steps asked to run after the commit (their messages' events and enqueues). */
  afterCommit: (() => Promise<void> | void)[];
  contact: IngestedContact;
  found: FoundTicket;
  ticket: TicketRow;
  message: MessageRow;
}

/** normalized inbound → contact upsert → ticket find-or-create → persist → routing steps → live events. */
export function createIngestService(core: CoreServices): IngestService {
  const { db } = core;

  async function loadConnection(id: number): Promise<IngestConnection> {
    const connection = await core.connectionCache.get(id);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return connection;
  }

  async function stored(connectionId: number, wid: string): Promise<IngestResult | undefined> {
    const row = await db('messages').where({ whatsappId: connectionId, wid }).first('id', 'ticketId', 'contactId');
    if (!row) return undefined;
    return { created: false, messageId: Number(row.id), ticketId: row.ticketId, contactId: row.contactId };
  }

  /** Everything of one message in one transaction; a lost race on a unique index is retried from the start. */
  async function store(connection: IngestConnection, message: NormalizedMessage, mediaUrl: string | null): Promise<Outcome> {
    const acceptAudioMessage = (await core.settings.get(connection.companyId, 'acceptAudioMessageContact')) === 'enabled';
    for (let attempt = 1; ; attempt++) {
      try {
        // Per attempt: a rolled-back attempt's after-commit work is dropped with it.
        const afterCommit: Outcome['afterCommit'] = [];
        return await db.transaction(async (trx) => {
          // The contact's statement also reads its active ticket and whether this wid is stored already.
          const contact = await upsertContact(trx, connection.companyId, connection.channel as ContactChannel, message.peer, {
            connectionId: connection.id,
            updateProfile: !message.fromMe,
            acceptAudioMessage,
            probe: { wid: message.wid, activeStatuses: ActiveTicketStatuses },
          });
          if (contact.replayed) throw new AlreadyStored();
          const active = contact.activeTicketId ?? null;
          const created = active === null ? await findOrCreateTicket(trx, connection, contact.id, Boolean(message.peer.isGroup), Boolean(message.imported)) : null;
          const input = { companyId: connection.companyId, connectionId: connection.id, contactId: contact.id, ticketId: created?.ticket.id ?? active!, message, mediaUrl };
          const written = await storeMessage(trx, input);
          if (written === null) throw new AlreadyStored();
          const { message: stored } = written;
          const messageId = Number(stored.id);
          let ticket = written.ticket;
          // An active ticket found with the contact: the touched row is the ticket as found (a touch changes no audience).
          const found: FoundTicket = created ?? { ticket, change: null };
          if (!message.fromMe && !message.imported && isConversationMessage(message)) {
            ticket = await runIngestSteps({
              core, trx, connection, message, messageId, contactId: contact.id, pendingRating: contact.pendingRating,
              ticket, ticketChange: found.change, previous: found.previous, afterCommit: (fn) => afterCommit.push(fn),
            });
          }
          // A step may have moved the message to another ticket (a rating answer).
          return { afterCommit, contact, found, ticket, message: { ...stored, ticketId: ticket.id } };
        });
      } catch (error) {
        if (!isRetryableRace(error) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  async function publish(companyId: number, outcome: Outcome): Promise<void> {
    const { contact, found, ticket, message } = outcome;
    try {
      if (contact.change) {
        const record = await findContact(db, companyId, contact.id);
        if (record) await emitContact(core, companyId, contact.change, record);
      }
      if (contact.merged) await announceMerge(core, companyId, contact.merged);
      // The ticket event and the message event carry the same ticket: its details are read once.
      const details = await ticketDetails(db, ticket);
      // A step may have moved the message to another ticket (a rating answer): no audience change to announce then.
      await emitTicket(core, ticket, 'update', ticket.id === found.ticket.id ? (found.previous ?? found.ticket) : undefined, details);
      await emitMessage(core, ticket, message, 'create', details);
    } catch (err) {
      core.log.warn({ err, messageId: message.id }, 'ingest: live events failed');
    }
  }

  /** Received again: the node that stored it may have died before its live event. */
  async function announceReplay(companyId: number, replay: IngestResult): Promise<IngestResult> {
    await replayIfRecent(core, companyId, replay.messageId).catch((err: unknown) => core.log.warn({ err }, 'ingest: replay not announced'));
    return replay;
  }

  async function ingest(connectionId: number, message: NormalizedMessage): Promise<IngestResult> {
    const connection = await loadConnection(connectionId);
    if (message.peer.isGroup && !connection.allowGroup) {
      return { created: false, skipped: 'groupNotAllowed', messageId: 0, ticketId: 0, contactId: 0 };
    }
    // A replay of a text is found by the contact's statement inside the transaction; one with media
    // is looked up first, so its file is not saved again.
    if (message.media) {
      const replay = await stored(connectionId, message.wid);
      if (replay) return announceReplay(connection.companyId, replay);
    }

    const media = message.media
      ? await core.storage.save(connection.companyId, 'messages', mediaFileName(message), message.media.data)
      : null;
    let outcome: Outcome;
    try {
      outcome = await store(connection, message, media?.path ?? null);
    } catch (error) {
      if (media) await core.storage.remove(media.path).catch(() => undefined);
      if (error instanceof AlreadyStored) {
        const raced = await stored(connectionId, message.wid);
        if (raced) return announceReplay(connection.companyId, raced);
      }
      throw error;
    }
    core.metrics.inbound(connection.channel);
    await publish(connection.companyId, outcome);
    for (const fn of outcome.afterCommit) {
      try {
        await fn();
      } catch (err) {
        core.log.warn({ err, messageId: outcome.message.id }, 'ingest: after-commit work failed');
      }
    }
    return { created: true, messageId: Number(outcome.message.id), ticketId: outcome.ticket.id, contactId: outcome.contact.id };
  }

  /** Applies a change to a stored message found by (connection, wid) and tells the ticket's viewers. */
  async function change(connectionId: number, wid: string, changes: Record<string, unknown>, onlyIfAckBelow?: number): Promise<void> {
    const query = db('messages').where({ whatsappId: connectionId, wid });
    if (onlyIfAckBelow !== undefined) query.where('ack', '<', onlyIfAckBelow);
    const [row] = await query.update({ ...changes, updatedAt: db.fn.now() }).returning(['id', 'ticketId']);
    if (!row) return;
    const ticket = await db('tickets').where({ id: row.ticketId }).first();
    if (ticket) await emitMessage(core, ticket, Number(row.id), 'update');
  }

  return {
    ingest,
    async applyAck(connectionId, wid, ack) {
      // Acks only move forward: a late "delivered" never undoes "read".
      if (!Number.isInteger(ack) || ack < 0 || ack > 4) return;
      await change(connectionId, wid, { ack }, ack);
    },
    async applyEdit(connectionId, wid, body) {
      await change(connectionId, wid, { body, isEdited: true });
    },
    async applyDelete(connectionId, wid) {
      const row = await db('messages').where({ whatsappId: connectionId, wid }).first('companyId', 'mediaUrl');
      if (!row) return;
      const changes = await deletionChanges(core, row.companyId);
      await change(connectionId, wid, changes);
      await removeErasedFile(core, changes, row.mediaUrl);
    },
    async applyMedia(connectionId, wid, media, within) {
      const q = within?.trx ?? db;
      const row = await q('messages').where({ whatsappId: connectionId, wid }).first('id', 'companyId', 'mediaUrl');
      if (!row || row.mediaUrl) return false;
      const file = await core.storage.save(row.companyId, 'messages', mediaFileName({ wid, media } as NormalizedMessage), media.data);
      const [updated] = await q('messages')
        .where({ id: row.id })
        .whereNull('mediaUrl')
        .update({ mediaUrl: file.path, mediaName: media.fileName ?? null, data: q.raw("coalesce(data, '{}'::jsonb) - 'mediaPending'"), updatedAt: q.fn.now() })
        .returning(['id', 'ticketId']);
      if (!updated) {
        await core.storage.remove(file.path).catch(() => undefined);
        return false;
      }
      const announce = async () => {
        const ticket = await db('tickets').where({ id: updated.ticketId }).first();
        if (ticket) await emitMessage(core, ticket, Number(updated.id), 'update');
      };
      if (within) within.afterCommit(announce);
      else await announce();
      return true;
    },
    async applyFailure(connectionId, wid, error) {
      await change(connectionId, wid, { sendStatus: 'failed', sendError: error.slice(0, 500) });
    },
  };
}
