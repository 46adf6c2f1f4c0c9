import type { Knex } from 'knex';

/** WhatsApp Cloud API connections: Meta delivers free text only within 24 hours of the contact's last message. */
const CLOUD_CHANNEL = 'whatsappapi';
const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Why a bot message sent later by a timer (the inactivity message, the expiry's closing message, a
 * queue's greeting on timeSendQueue) must not go out now: 'ERR_WINDOW_CLOSED' on a Cloud API
 * connection when the contact has not written there in the last 24 hours (Meta would refuse the
 * free text; the queue chatbot has no template setting), else null.
 */
export async function timerSilence(trx: Knex.Transaction, ticket: { companyId: number; contactId: number; whatsappId: number | null }, channel: string, now: Date): Promise<string | null> {
  if (channel !== CLOUD_CHANNEL || !ticket.whatsappId) return null;
  const last = await trx('messages')
    .where({ companyId: ticket.companyId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, fromMe: false })
    .whereNot({ mediaType: 'reactionMessage' })
    .max({ at: 'createdAt' })
    .first();
  const at = last?.at ? new Date(last.at).getTime() : null;
  return at !== null && now.getTime() - at < CUSTOMER_WINDOW_MS ? null : 'ERR_WINDOW_CLOSED';
}
