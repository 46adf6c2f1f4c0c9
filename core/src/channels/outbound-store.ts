import objection from 'objection';
import type { Knex } from 'knex';
import { AppError } from '../plugin-sdk/types.js';
import type { SendRequest } from '../messaging/types.js';
import { MESSAGE_COLUMNS, type MessageRow } from '../messaging/messages-repository.js';
import type { MessageMediaType } from './types.js';

const { postProcessResponse: camelCaseKeys } = objection.knexSnakeCaseMappers();
const snake = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const RETURNING = MESSAGE_COLUMNS.map((c) => snake(c.replace(/^messages\./, ''))).join(', ');

function mediaTypeOf(mimetype: string): MessageMediaType {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
}

/**
 * One statement stores an outbound message (issue 28: the send was BEGIN, lock, insert, update,
 * COMMIT). The ticket's UPDATE comes first and takes the ticket's row lock; the INSERT reads its row
 * from that UPDATE, so the message id is drawn under the lock: two sends on one ticket still get
 * ids in the order they took it, and the worker's id order stays the ticket's order. Every check of
 * the former transaction (ticket of the company, its contact, a connection unless private, the
 * quoted message of the company) is a condition of the UPDATE: a failed check writes nothing.
 */
export async function storeOutbound(db: Knex | Knex.Transaction, request: SendRequest): Promise<MessageRow> {
  const isPrivate = Boolean(request.isPrivate);
  const media = request.media;
  // A private note is not the conversation's last word: the list keeps showing what the customer saw.
  const preview = isPrivate ? '' : 'last_message = ?, last_message_at = now(),';
  const previewBindings = isPrivate ? [] : [request.body || media?.fileName || ''];
  const quoted = request.quotedMsgId ?? null;
  const data = media
    ? JSON.stringify({ mimetype: media.mimetype, asVoiceNote: Boolean(media.asVoiceNote) })
    : request.location
      ? JSON.stringify({ location: request.location })
      : request.template
        ? JSON.stringify({ template: request.template })
        : null;
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `WITH touched AS (
       UPDATE tickets t SET ${preview} updated_at = now()
        WHERE t.id = ? AND t.company_id = ?
          AND EXISTS (SELECT 1 FROM contacts c WHERE c.id = t.contact_id AND c.company_id = t.company_id)
          AND (?::boolean OR t.whatsapp_id IS NOT NULL)
          AND (?::bigint IS NULL OR EXISTS (SELECT 1 FROM messages q WHERE q.company_id = t.company_id AND q.id = ?::bigint))
       RETURNING t.id, t.contact_id, t.whatsapp_id, t.company_id
     )
     INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, user_id, from_me, body, ack, media_type, media_url,
                           media_name, quoted_msg_id, is_private, is_forwarded, send_status, data)
     SELECT touched.company_id, touched.id, touched.contact_id, touched.whatsapp_id, ?::integer, true, ?, 0, ?, ?, ?, ?::bigint, ?, ?, ?, ?::jsonb
       FROM touched
     RETURNING ${RETURNING}`,
    [
      ...previewBindings,
      request.ticketId,
      request.companyId,
      isPrivate,
      quoted,
      quoted,
      request.userId,
      request.body,
      media ? mediaTypeOf(media.mimetype) : request.location ? 'locationMessage' : 'chat',
      media?.path ?? null,
      media?.fileName ?? null,
      quoted,
      isPrivate,
      Boolean(request.isForwarded),
      isPrivate ? null : 'pending',
      data,
    ],
  );
  if (rows[0]) return camelCaseKeys(rows[0]) as MessageRow;
  throw await refusal(db, request, isPrivate);
}

/** Which check refused the send (only read when nothing was written), in the former order. */
async function refusal(db: Knex | Knex.Transaction, request: SendRequest, isPrivate: boolean): Promise<AppError> {
  const ticket = await db('tickets')
    .where({ id: request.ticketId, companyId: request.companyId })
    .first('whatsappId', db.raw('EXISTS (SELECT 1 FROM contacts WHERE contacts.id = tickets.contact_id AND contacts.company_id = tickets.company_id) AS "contactExists"'));
  if (!ticket) return new AppError('ERR_NO_TICKET_FOUND', 404);
  if (!ticket.contactExists) return new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (!isPrivate && !ticket.whatsappId) return new AppError('ERR_NO_WAPP_FOUND', 404);
  return new AppError('ERR_NO_MESSAGE_FOUND', 404);
}
