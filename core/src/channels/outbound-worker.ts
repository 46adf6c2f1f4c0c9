import type { CoreServices } from '../services.js';
import type { ChannelSession, OutboundMessage, SessionStatus } from './types.js';
import type { RegisteredChannel } from '../plugin-sdk/context.js';
import { peerOfContact } from './connection-info.js';
import { announceMessage } from './outbound-sender.js';
import { SEND_ATTEMPTS, SEND_BACKOFF_MS, type OutboundJob } from './outbound-queue.js';
import { outboundPaused } from '../billing/paused.js';
import { MESSAGE_COLUMNS, type MessageRow } from '../messaging/messages-repository.js';
import { emitMessageAsCommitted } from '../messaging/ticket-events.js';
import { isPermanentSendError } from '../plugin-sdk/send-errors.js';

/** The session of a connection this node runs, when it is connected and may deliver. */
export interface ReadySession {
  session: ChannelSession;
  definition: RegisteredChannel;
  /** False once the session stopped or left CONNECTED: delivery pauses, rows stay pending. */
  isReady(): boolean;
  /** The status the session last reported, or null once it stopped or was replaced. */
  status(): SessionStatus | null;
}

/**
 * The same for every attempt at one row, and different for a row of another database that reuses
 * the id (a reinstall on the same number): the creation time is part of it.
 */
export function wireKeyOf(row: Record<string, any>): string {
  return `${row.id}@${new Date(row.createdAt).getTime()}`;
}

/** A row not yet due for another attempt: the job fails now and its retry comes back later. */
class NotDue extends Error {}

const UNIQUE_VIOLATION = '23505';

/** Pending rows read (with their contact) per statement; the tickets' details are read once per batch. */
const BATCH = 25;
/** Messages this node settled whose own send-<id> trigger may still come: it has nothing left to do. */
const SETTLED_MEMORY = 10_000;

/** The contact columns a send needs, read in the same statement as the pending rows. */
const PEER_COLUMNS = ['remoteJid', 'number', 'name', 'email', 'lid', 'isGroup'] as const;
const peerColumn = (column: string) => `peer${column[0]!.toUpperCase()}${column.slice(1)}`;

/**
 * The consumer of outbound:<connectionId>, run by the node holding the connection's lease. Each
 * job delivers every pending row of the connection in id order, so a retried row never lets a
 * later one overtake it. The database is the truth: a row is pending until the channel accepted
 * it, and a job that finds nothing to do is harmless.
 */
export function createOutboundWorker(core: CoreServices, readySession: (connectionId: number) => ReadySession | null) {
  const { db } = core;
  /** Failed attempts per message on this node; a restart grants a fresh series, never a lost message. */
  const failures = new Map<number, { count: number; nextAt: number }>();

  /** Sets the row sent and answers it as it is now (undefined when it stopped being pending meanwhile). */
  async function markSent(row: Record<string, any>, wid: string | null, ack: number, data?: Record<string, unknown>): Promise<MessageRow | undefined> {
    const write = async (trx: typeof db): Promise<MessageRow | undefined> => {
      const [updated] = await trx('messages')
        .where({ id: row.id, sendStatus: 'pending' })
        .update({
          wid,
          ack,
          sendStatus: 'sent',
          sendError: null,
          updatedAt: trx.fn.now(),
          ...(data && Object.keys(data).length ? { data: trx.raw("coalesce(data, '{}'::jsonb) || ?::jsonb", [JSON.stringify(data)]) } : {}),
        })
        .returning(MESSAGE_COLUMNS);
      return updated as MessageRow | undefined;
    };
    try {
      return await write(db);
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION || !wid) throw err;
      // The channel echoed our own message back (fromMe) and ingest stored the echo first: same message, keep ours.
      return db.transaction(async (trx) => {
        await trx('messages').where({ whatsappId: row.whatsappId, wid, fromMe: true }).whereNot({ id: row.id }).delete();
        return write(trx as unknown as typeof db);
      });
    }
  }

  async function markFailed(row: Record<string, any>, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'send failed';
    await db('messages').where({ id: row.id, sendStatus: 'pending' }).update({ sendStatus: 'failed', sendError: message, updatedAt: db.fn.now() });
    core.log.warn({ err: error, messageId: row.id }, 'outbound message failed');
  }

  async function deliver(ready: ReadySession, row: Record<string, any>): Promise<MessageRow | undefined> {
    if (row.peerNumber == null && row.peerRemoteJid == null) throw new Error('contact not found');
    const to = peerOfContact(Object.fromEntries(PEER_COLUMNS.map((c) => [c, row[peerColumn(c)]])));
    const data = (row.data ?? {}) as Record<string, any>;
    if (row.mediaType === 'reactionMessage') {
      if (!ready.session.react) throw new Error('channel cannot react');
      const target = await db('messages').where({ id: data.targetId }).first('wid');
      if (!target?.wid) throw new Error('reacted message was not delivered');
      await ready.session.react(to, target.wid, row.body);
      return markSent(row, null, 1);
    }
    const quoted = row.quotedMsgId ? await db('messages').where({ id: row.quotedMsgId }).first('wid') : undefined;
    const outbound: OutboundMessage = {
      messageId: Number(row.id),
      wireKey: wireKeyOf(row),
      to,
      body: row.body,
      ...(row.mediaUrl
        ? {
            media: {
              path: row.mediaUrl,
              mimetype: data.mimetype ?? 'application/octet-stream',
              fileName: row.mediaName ?? row.mediaUrl.split('/').pop(),
              ...(data.asVoiceNote ? { asVoiceNote: true } : {}),
            },
          }
        : {}),
      ...(quoted?.wid ? { quotedWid: quoted.wid } : {}),
      ...(row.isForwarded ? { isForwarded: true } : {}),
      ...(row.mediaType === 'locationMessage' && data.location ? { location: data.location } : {}),
      ...(data.template ? { template: data.template } : {}),
    };
    const result = await ready.session.send(outbound);
    return markSent(row, result.wid, result.ack ?? 1, result.data);
  }

  /** Up to BATCH pending rows after `cursor`, in id order, each with its contact's address (peer* columns). */
  function pendingBatch(connectionId: number, cursor: number): Promise<Record<string, any>[]> {
    return db('messages')
      .leftJoin('contacts', 'contacts.id', 'messages.contactId')
      .where({ 'messages.whatsappId': connectionId, 'messages.sendStatus': 'pending' })
      .where('messages.id', '>', cursor)
      .orderBy('messages.id')
      .limit(BATCH)
      .select('messages.*', ...PEER_COLUMNS.map((c) => `contacts.${c} as ${peerColumn(c)}`));
  }

  /** The tickets of a batch with their details, read once for every message event of the batch. */
  /** No statement for a send-<id> job whose message this node already settled while draining. */
  const settled = new Set<number>();
  function remember(messageId: number): void {
    settled.add(messageId);
    if (settled.size > SETTLED_MEMORY) settled.delete(settled.values().next().value as number);
  }

  /**
   * Delivers one pending row: 'sent' (or failed for good after its last attempt), 'gone' when the
   * session stopped meanwhile. Throws when the row must wait for another attempt: nothing after it
   * in its conversation may overtake it.
   */
  async function sendRow(connectionId: number, row: Record<string, any>): Promise<'sent' | 'gone'> {
    const ready = readySession(connectionId);
    if (!ready?.isReady()) return 'gone';
    const id = Number(row.id);
    const tried = failures.get(id);
    if (tried && Date.now() < tried.nextAt) throw new NotDue(`message ${id} waits for its next attempt`);
    let sent: MessageRow | undefined;
    try {
      sent = await deliver(ready, row);
      core.metrics.sendResult(ready.definition.channel, 'sent');
      failures.delete(id);
    } catch (err) {
      if (!ready.isReady()) return 'gone'; // the session went away meanwhile: not the message's fault
      // The channel says retrying cannot help (blocked, no such recipient): failed now, its reason on the message.
      const count = isPermanentSendError(err) ? SEND_ATTEMPTS : (tried?.count ?? 0) + 1;
      if (count < SEND_ATTEMPTS) {
        failures.set(id, { count, nextAt: Date.now() + SEND_BACKOFF_MS * 2 ** (count - 1) });
        core.metrics.sendResult(ready.definition.channel, 'retry');
        throw err;
      }
      failures.delete(id);
      await markFailed(row, err);
      core.metrics.sendResult(ready.definition.channel, 'failed');
    }
    remember(id);
    await announceUpdate(id, sent);
    return 'sent';
  }

  /**
   * A batch on a channel that takes parallel sends (capabilities.parallelSends): one lane per
   * contact, each lane in id order, up to `parallel` lanes in flight. The first lane that must stop
   * (a retry, the session gone) lets no other lane start another row; the rows in flight finish.
   */
  async function sendLanes(connectionId: number, batch: Record<string, any>[], parallel: number): Promise<'sent' | 'gone'> {
    const lanes = new Map<unknown, Record<string, any>[]>();
    for (const row of batch) {
      const lane = lanes.get(row.contactId);
      if (lane) lane.push(row);
      else lanes.set(row.contactId, [row]);
    }
    const waiting = [...lanes.values()];
    const halt: { reason: null | { error?: unknown } } = { reason: null };
    const runLanes = async (): Promise<void> => {
      for (let lane = waiting.shift(); lane && !halt.reason; lane = waiting.shift()) {
        for (const row of lane) {
          if (halt.reason) return;
          try {
            if ((await sendRow(connectionId, row)) === 'gone') halt.reason ??= {};
          } catch (error) {
            halt.reason ??= { error };
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, waiting.length) }, runLanes));
    if (halt.reason && 'error' in halt.reason) throw halt.reason.error;
    return halt.reason ? 'gone' : 'sent';
  }

  async function drain(connectionId: number): Promise<void> {
    // An expired subscription pauses sending; payment triggers a drain again (billing/settle-payment).
    if (await outboundPaused(db, connectionId)) return;
    const parallel = Math.max(1, readySession(connectionId)?.definition.capabilities.parallelSends ?? 1);
    let cursor = 0;
    for (;;) {
      if (!readySession(connectionId)?.isReady()) return;
      const batch = await pendingBatch(connectionId, cursor);
      if (!batch.length) return;
      if (parallel > 1) {
        if ((await sendLanes(connectionId, batch, parallel)) === 'gone') return;
      } else {
        // One at a time in id order across the whole connection (WhatsApp Web pacing).
        for (const row of batch) if ((await sendRow(connectionId, row)) === 'gone') return;
      }
      cursor = Number(batch[batch.length - 1]!.id);
      if (batch.length < BATCH) return;
    }
  }

  /**
   * The message event of a settled row, with the ticket as it is now: the bot or an agent may have
   * moved it to another queue while this batch was sending, and an event carrying the ticket read
   * before that put it back in the lists of the queue it left.
   */
  async function announceUpdate(messageId: number, sent: MessageRow | undefined): Promise<void> {
    if (!sent) return announceMessage(core, messageId, 'update');
    await emitMessageAsCommitted(core, Number(sent.ticketId), sent, 'update').catch((err: unknown) => core.log.warn({ err, messageId }, 'message event not emitted'));
  }

  async function operate(job: Extract<OutboundJob, { kind: 'edit' | 'delete' }>): Promise<void> {
    const ready = readySession(job.connectionId);
    if (!ready?.isReady()) return;
    const row = await db('messages').where({ id: job.messageId, whatsappId: job.connectionId }).first();
    if (!row?.wid) return; // never delivered: nothing to change at the channel
    const contact = await db('contacts').where({ id: row.contactId }).first();
    if (!contact) return;
    const to = peerOfContact(contact);
    if (job.kind === 'edit' && ready.session.edit) await ready.session.edit(to, row.wid, row.body);
    if (job.kind === 'delete' && ready.session.delete) await ready.session.delete(to, row.wid);
  }

  async function markRead(job: Extract<OutboundJob, { kind: 'markRead' }>): Promise<void> {
    const ready = readySession(job.connectionId);
    if (!ready?.isReady() || !ready.session.markRead || !job.wids.length) return;
    const contact = await db('contacts').where({ id: job.contactId }).first();
    if (!contact) return;
    await ready.session.markRead(peerOfContact(contact), job.wids);
  }

  async function presence(job: Extract<OutboundJob, { kind: 'presence' }>): Promise<void> {
    const ready = readySession(job.connectionId);
    if (!ready?.isReady() || !ready.session.showPresence) return;
    const contact = await db('contacts').where({ id: job.contactId }).first();
    if (!contact) return;
    await ready.session.showPresence(peerOfContact(contact), job.state);
  }

  return async function handle(job: OutboundJob): Promise<void> {
    if (job.kind === 'edit' || job.kind === 'delete') return operate(job);
    if (job.kind === 'markRead') return markRead(job);
    if (job.kind === 'presence') return presence(job);
    // Every pending row has its own trigger (or a drain): one a drain already settled has no work left.
    if (job.kind === 'send' && settled.delete(job.messageId)) return;
    return drain(job.connectionId);
  };
}
