import type { Knex } from 'knex';
import type { Conversations, WithinTransaction } from '@guiche/core';

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

/** Who of `people` has the window closed on the connection (never wrote there, or not in the last 24 h): a free-text send to them would be refused by Meta. */
export async function closedWindowNumbers(
  conversations: Pick<Conversations, 'lastInbound'>,
  ref: { companyId: number; connectionId: number },
  people: { numbers?: readonly string[]; tagId?: number | null; contactIds?: readonly number[] },
  options: { now?: number; within?: Pick<WithinTransaction, 'trx'> } = {},
): Promise<{ closed: string[]; total: number }> {
  const now = options.now ?? Date.now();
  const last = await conversations.lastInbound(ref, people, options.within);
  const closed = [...last].filter(([, at]) => !at || now - at.getTime() >= CUSTOMER_WINDOW_MS).map(([number]) => number);
  return { closed, total: last.size };
}
