import { RATING_MAX, RATING_MIN, RATING_SCALE_HINT } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import type { IngestStep } from './ingest-step.js';
import type { TicketRow } from './ticket-access.js';
import { renderVariables, ticketVariables } from './variables.js';

const RATINGS = 'ticketRatings';
/** The timer kind that drops an unanswered question (defined by core/src/bot/timer-handlers.ts). */
const RATING_WAIT = 'bot.ratingWait';

/**
 * Resolve with requestRating under the setting userRating: stores the pending question and sends
 * the connection's ratingMessage. Without a ratingMessage, on groups or without a connection,
 * nobody is asked. A failed send is logged and never undoes the resolve.
 */
export async function requestRating(core: CoreServices, ticket: TicketRow): Promise<boolean> {
  if (ticket.isGroup || !ticket.whatsappId) return false;
  if ((await core.settings.get(ticket.companyId, 'userRating')) !== 'enabled') return false;
  const connection = await core.db('whatsapps').where({ id: ticket.whatsappId, companyId: ticket.companyId }).first('ratingMessage', 'expiresTicketNps');
  const template = connection?.ratingMessage?.trim();
  if (!template) return false;
  try {
    const body = `${renderVariables(template, await ticketVariables(core.db, ticket, ticket.userId))}\n\n${RATING_SCALE_HINT}`;
    await core.db.transaction(async (trx) => {
      const key = { companyId: ticket.companyId, contactId: ticket.contactId, whatsappId: ticket.whatsappId };
      // A newer question replaces one the contact never answered.
      await trx(RATINGS).where(key).whereNull('answeredAt').update({ answeredAt: trx.fn.now() });
      const [row] = await trx(RATINGS).insert({ ...key, ticketId: ticket.id, userId: ticket.userId }).returning('id');
      // expiresTicketNPS: an unanswered question is dropped after that many minutes.
      if (connection.expiresTicketNps > 0) {
        await core.timedWork.schedule(
          { kind: RATING_WAIT, key: `rating:${row.id}`, companyId: ticket.companyId, dueAt: new Date(Date.now() + connection.expiresTicketNps * 60000), payload: { ratingId: row.id } },
          trx,
        );
      }
    });
    await core.channels.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, userId: null, body });
    return true;
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, 'rating request not sent');
    return false;
  }
}

/** "4", " 4 ", "4." → 4; anything else is not an answer to the rating question. */
export function parseRate(body: string): number | null {
  const match = /^\s*(\d)\s*[.!]?\s*$/.exec(body);
  const rate = match ? Number(match[1]) : NaN;
  return rate >= RATING_MIN && rate <= RATING_MAX ? rate : null;
}

/**
 * The rating step of ingest: the contact's first message after a rating question answers it. A
 * number 1–5 stores the rate and stays in the rated (closed) conversation: the ticket this message
 * created or reopened is undone and later steps (the bot) do not run. Any other message drops the
 * question and the conversation goes on as usual. With a conversation already active when the
 * message came, the message is never taken as a rating.
 */
export const ratingStep: IngestStep = async ({ core, trx, connection, contactId, pendingRating, message, messageId, ticket, ticketChange, previous, afterCommit }) => {
  // Ratings are not in play for this contact: no question to lock and answer.
  if (!pendingRating) return;
  const pending = await trx(RATINGS)
    .where({ companyId: connection.companyId, contactId, whatsappId: connection.id })
    .whereNull('answeredAt')
    .forUpdate()
    .first();
  if (!pending) return;
  const rate = ticketChange ? parseRate(message.body) : null;
  // maxUseBotQueuesNPS: an answer that is not a rate asks again, that many times, then the question is dropped.
  const askAgain = rate === null && ticketChange !== null && pending.attempts + 1 < connection.maxUseBotQueuesNPS;
  if (rate === null && !askAgain) {
    await trx(RATINGS).where({ id: pending.id }).update({ attempts: pending.attempts + 1, answeredAt: trx.fn.now() });
    return;
  }
  await trx(RATINGS).where({ id: pending.id }).update(rate === null ? { attempts: pending.attempts + 1 } : { rate, answeredAt: trx.fn.now() });

  await trx('messages').where({ id: messageId }).update({ ticketId: pending.ticketId });
  if (ticketChange === 'create') {
    await trx('tickets').where({ id: ticket.id }).delete();
  } else if (ticketChange === 'reopen' && previous) {
    const reopenLog = await trx('ticketLogs').where({ ticketId: ticket.id, type: 'reopen' }).orderBy('id', 'desc').first('id');
    if (reopenLog) await trx('ticketLogs').where({ id: reopenLog.id }).delete();
    await trx('tickets').where({ id: ticket.id }).update({
      status: previous.status,
      userId: previous.userId,
      closedAt: previous.closedAt,
      unreadMessages: previous.unreadMessages,
    });
  }
  const rated: TicketRow = await trx('tickets').where({ id: pending.ticketId }).first();
  // After the rate the complation message; after anything else the question again.
  const template = rate === null ? connection.ratingMessage && `${connection.ratingMessage}\n\n${RATING_SCALE_HINT}` : connection.complationMessage;
  if (template?.trim()) {
    const body = renderVariables(template, await ticketVariables(trx, rated, rated.userId));
    await core.channels.sender.send({ companyId: rated.companyId, ticketId: rated.id, userId: null, body }, { trx, afterCommit: (fn) => afterCommit(fn) });
  }
  if (rate !== null) await core.timedWork.cancel(RATING_WAIT, `rating:${pending.id}`, trx);
  const current: TicketRow = await trx('tickets').where({ id: pending.ticketId }).first();
  return { ticket: current, done: true };
};
