import type { Knex } from 'knex';

/** Meta's customer-service window: free-form replies within 24 h of the contact's last message. */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Messenger/Instagram HUMAN_AGENT tag: replies up to 7 days after, where the page has the feature. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface ConversationWindow {
  lastInboundAt: string | null;
  open: boolean;
  closesAt: string | null;
  /** Messenger/Instagram: still inside the human-agent tag's 7 days. */
  humanAgentOpen: boolean;
}

/** The window of a contact on a connection, from the last message the contact sent there (`humanAgent`: the channel has the 7-day tag). */
export async function conversationWindow(db: Knex, connectionId: number, contactId: number, options: { humanAgent?: boolean; now?: number } = {}): Promise<ConversationWindow> {
  const now = options.now ?? Date.now();
  const row = await db('messages').where({ whatsappId: connectionId, contactId, fromMe: false }).whereNot({ mediaType: 'reactionMessage' }).max({ at: 'createdAt' }).first();
  const last = row?.at ? new Date(row.at).getTime() : null;
  if (last === null) return { lastInboundAt: null, open: false, closesAt: null, humanAgentOpen: false };
  return {
    lastInboundAt: new Date(last).toISOString(),
    open: now - last < CUSTOMER_WINDOW_MS,
    closesAt: new Date(last + CUSTOMER_WINDOW_MS).toISOString(),
    // WhatsApp has no such tag: only Messenger/Instagram callers ask for it.
    humanAgentOpen: Boolean(options.humanAgent) && now - last < HUMAN_AGENT_WINDOW_MS,
  };
}

/**
 * The numbers, of those given, whose window on the connection is closed (the contact never wrote
 * there, or not in the last 24 h): what a free-text send to them would be refused by Meta for.
 * By the number as contacts store it (digits), before any contact or ticket is created.
 */
export async function closedWindowNumbers(db: Knex, ref: { companyId: number; connectionId: number }, numbers: string[], now = Date.now()): Promise<Set<string>> {
  const closed = new Set(numbers);
  if (!numbers.length) return closed;
  const since = new Date(now - CUSTOMER_WINDOW_MS);
  for (let i = 0; i < numbers.length; i += 1000) {
    const open: { number: string }[] = await db('messages')
      .join('contacts', 'contacts.id', 'messages.contactId')
      .where({ 'messages.whatsappId': ref.connectionId, 'messages.fromMe': false, 'contacts.companyId': ref.companyId })
      .whereNot({ 'messages.mediaType': 'reactionMessage' })
      .where('messages.createdAt', '>', since)
      .whereIn('contacts.number', numbers.slice(i, i + 1000))
      .distinct('contacts.number');
    for (const row of open) closed.delete(row.number);
  }
  return closed;
}
