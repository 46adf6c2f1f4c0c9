import { AppError } from '../plugin-sdk/types.js';
import type { AudioMessage, MessageTranscripts } from '../plugin-sdk/tickets.js';
import type { CoreServices } from '../services.js';
import { announceMessage } from '../channels/outbound-sender.js';
import { canSeeTicket, findTicket } from './ticket-access.js';

/** ctx.messages' transcript half (issue #33): the visibility rule of the conversation, then one column. */
export function createMessageTranscripts(core: CoreServices): MessageTranscripts {
  const { db } = core;
  return {
    async visibleAudio(auth, messageId): Promise<AudioMessage> {
      const row = await db('messages').where({ companyId: auth.companyId, id: messageId }).first('id', 'ticketId', 'mediaType', 'mediaUrl', 'isDeleted', 'transcript');
      const ticket = row && (await findTicket(db, auth.companyId, row.ticketId));
      if (!row || !ticket || !(await canSeeTicket(core, auth, ticket))) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      if (row.mediaType !== 'audio' || !row.mediaUrl || row.isDeleted) throw new AppError('ERR_NOT_AUDIO', 400);
      return { id: Number(row.id), ticketId: Number(row.ticketId), mediaPath: row.mediaUrl, transcript: row.transcript ?? null };
    },
    async inboundAudio(companyId, messageId, trx) {
      const row = await (trx ?? db)('messages as m')
        .join('tickets as t', 't.id', 'm.ticketId')
        .where({ 'm.companyId': companyId, 'm.id': messageId, 't.companyId': companyId, 'm.fromMe': false, 'm.mediaType': 'audio' })
        .first('m.id', 'm.ticketId', 'm.mediaUrl', 'm.isDeleted', 'm.transcript', 't.queueId');
      if (!row || !row.mediaUrl || row.isDeleted) return null;
      return { id: Number(row.id), ticketId: Number(row.ticketId), mediaPath: row.mediaUrl, transcript: row.transcript ?? null, queueId: row.queueId ?? null };
    },
    async setTranscript(companyId, messageId, transcript) {
      const updated = await db('messages').where({ companyId, id: messageId }).update({ transcript, updatedAt: db.fn.now() });
      if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      await announceMessage(core, messageId, 'update');
    },
  };
}
