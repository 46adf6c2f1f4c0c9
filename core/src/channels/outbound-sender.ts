import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { MessageSender, SendRequest } from '../messaging/types.js';
import type { WithinTransaction } from '../timed-work/index.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { emitMessage, emitMessageAsCommitted } from '../messaging/ticket-events.js';
import type { ChannelCapabilities } from './types.js';
import { enqueueOperation, enqueueSend } from './outbound-queue.js';
import { storeOutbound } from './outbound-store.js';
import { deletionChanges, removeErasedFile } from '../messaging/message-erasure.js';

/** inbox.md §9: an own message may be edited for 15 minutes. */
export const EDIT_WINDOW_MS = 900_000;

type Capabilities = (channel: string) => ChannelCapabilities | null;

/** Live update of one message to the people allowed to see its ticket. */
export async function announceMessage(core: CoreServices, messageId: number, action: 'create' | 'update'): Promise<void> {
  try {
    const message = await core.db('messages').where({ id: messageId }).first('ticketId');
    if (!message) return;
    const ticket: TicketRow | undefined = await core.db('tickets').where({ id: message.ticketId }).first();
    if (ticket) await emitMessage(core, ticket, messageId, action);
  } catch (err) {
    core.log.warn({ err, messageId }, 'message event not emitted');
  }
}

/** After commit: the row is the truth, a failed enqueue is repaired by the lease holder's sweep. */
async function trigger(core: CoreServices, run: () => Promise<void>, messageId: number): Promise<void> {
  await run().catch((err: unknown) => core.log.warn({ err, messageId }, 'outbound job not enqueued; the sweep will retry'));
}

/**
 * The storing side of outbound delivery (ctx.messages): every change is written in one transaction,
 * announced, then handed to the connection's ordered queue (outbound:<connectionId>).
 */
export function createMessageSender(core: CoreServices, capabilitiesOf: Capabilities): MessageSender {
  const { db } = core;

  async function ownMessage(companyId: number, messageId: number) {
    const row = await db('messages').where({ companyId, id: messageId }).first();
    if (!row) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    return row;
  }

  async function channelOf(connectionId: number | null): Promise<ChannelCapabilities | null> {
    if (!connectionId) return null;
    const connection = await db('whatsapps').where({ id: connectionId }).first('channel');
    return connection ? capabilitiesOf(connection.channel) : null;
  }

  return {
    async send(request: SendRequest, within?: WithinTransaction) {
      const message = await storeOutbound(within ? within.trx : db, request);
      const id = Number(message.id);
      const connectionId = message.whatsappId as number | null;
      const deliver = async () => {
        // The ticket as committed, read with its details in the event's one statement: inside the
        // caller's transaction the ticket may change after the send (the bot routes it to another
        // queue), and an event with an earlier row would put it back in the lists of the queue it left.
        await emitMessageAsCommitted(core, Number(message.ticketId), message, 'create').catch((err: unknown) => core.log.warn({ err, messageId: id }, 'message event not emitted'));
        if (!request.isPrivate && connectionId) await trigger(core, () => enqueueSend(core.jobs, connectionId, id), id);
      };
      if (within) within.afterCommit(deliver);
      else await deliver();
      return { id };
    },

    async edit(companyId, messageId, body) {
      const row = await ownMessage(companyId, messageId);
      if (!row.fromMe || row.mediaType === 'reactionMessage') throw new AppError('ERR_NO_PERMISSION', 403);
      if (row.isDeleted || Date.now() - new Date(row.createdAt).getTime() > EDIT_WINDOW_MS) throw new AppError('ERR_FETCH_WAPP_MSG', 400);
      await db('messages').where({ id: messageId }).update({ body, isEdited: true, updatedAt: db.fn.now() });
      await announceMessage(core, messageId, 'update');
      const capabilities = await channelOf(row.whatsappId);
      if (!row.isPrivate && row.sendStatus !== 'failed' && capabilities?.edit) {
        await trigger(core, () => enqueueOperation(core.jobs, 'edit', row.whatsappId, messageId), messageId);
      }
    },

    async remove(companyId, messageId) {
      const row = await ownMessage(companyId, messageId);
      if (!row.fromMe) throw new AppError('ERR_NO_PERMISSION', 403);
      if (row.isDeleted) return;
      const changes = await deletionChanges(core, companyId);
      // A message not delivered yet is withdrawn instead: it never leaves.
      const withdrawn = await db('messages')
        .where({ id: messageId, sendStatus: 'pending' })
        .update({ ...changes, sendStatus: 'failed', sendError: 'deleted before delivery', updatedAt: db.fn.now() });
      if (!withdrawn) await db('messages').where({ id: messageId }).update({ ...changes, updatedAt: db.fn.now() });
      await removeErasedFile(core, changes, row.mediaUrl);
      await announceMessage(core, messageId, 'update');
      const capabilities = await channelOf(row.whatsappId);
      if (!withdrawn && !row.isPrivate && row.sendStatus === 'sent' && capabilities?.delete) {
        await trigger(core, () => enqueueOperation(core.jobs, 'delete', row.whatsappId, messageId), messageId);
      }
    },

    async react(companyId, messageId, emoji, userId) {
      const target = await ownMessage(companyId, messageId);
      if (target.isDeleted || target.isPrivate) throw new AppError('ERR_NO_PERMISSION', 403);
      const capabilities = await channelOf(target.whatsappId);
      const deliver = Boolean(capabilities?.react && target.whatsappId);
      const id = await db.transaction(async (trx) => {
        const ticket = await trx('tickets').where({ id: target.ticketId, companyId }).forUpdate().first('id', 'contactId');
        if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
        const [row] = await trx('messages')
          .insert({
            companyId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            whatsappId: target.whatsappId,
            userId,
            fromMe: true,
            body: emoji,
            ack: 0,
            mediaType: 'reactionMessage',
            sendStatus: deliver ? 'pending' : null,
            data: JSON.stringify({ targetId: Number(target.id), targetWid: target.wid, emoji }),
          })
          .returning('id');
        await trx('tickets').where({ id: ticket.id }).update({ updatedAt: trx.fn.now() });
        return Number(row.id);
      });
      await announceMessage(core, id, 'create');
      if (deliver) await trigger(core, () => enqueueSend(core.jobs, target.whatsappId, id), id);
    },
  };
}
