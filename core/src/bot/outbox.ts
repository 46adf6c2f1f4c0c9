import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';

/** A file the bot sends: a stored path (storage-relative), its mimetype and name. */
export interface BotMedia {
  path: string;
  mimetype: string;
  fileName: string;
}

/** Runs after the transaction that wrote the bot's messages committed. */
export type AfterCommit = (fn: () => Promise<void> | void) => void;

/**
 * The bot's messages go through the outbound sender (core.channels.sender, the ordered queue of
 * the connection) inside the caller's transaction: each row exists exactly when the decision that
 * sent it commits, and is announced and queued after the commit.
 */
export function createOutbox(core: CoreServices, trx: Knex.Transaction, afterCommit: AfterCommit, ticket: { id: number; companyId: number; whatsappId: number | null }) {
  let sent = 0;
  return {
    async send(body: string, media?: BotMedia): Promise<number | null> {
      if (!ticket.whatsappId || (!body.trim() && !media)) return null;
      const { id } = await core.channels.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, userId: null, body, media }, { trx, afterCommit });
      sent++;
      return id;
    },
    /** How many messages were sent (the ticket's last message changed). */
    get sent(): number {
      return sent;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
