import type { Knex } from 'knex';
import type { NormalizedMessage } from '../plugin-sdk/channels.js';
import type { TicketRow } from '../plugin-sdk/tickets.js';
import type { CoreServices } from '../services.js';
import type { FoundTicket, IngestConnection } from './ingest-ticket.js';

/** What a routing step sees: the stored message, its ticket (as of now) and how it came to be. */
export interface IngestStepContext {
  core: CoreServices;
  trx: Knex.Transaction;
  connection: IngestConnection;
  message: NormalizedMessage;
  messageId: number;
  contactId: number;
  /** The contact has an unanswered rating question on this connection (known from the contact lookup). */
  pendingRating: boolean;
  ticket: TicketRow;
  ticketChange: FoundTicket['change'];
  /** For a reopen: the closed row as it was before this message reopened it. */
  previous?: TicketRow;
  /** Runs `fn` once the message's transaction committed (after the message's live events): announce and enqueue what a step sent. */
  afterCommit(fn: () => Promise<void> | void): void;
}

/**
 * A step may change the ticket inside the message's transaction (queue, status, bot flags) and
 * returns the updated row, or nothing when it leaves the ticket as it is. `done` ends routing:
 * the message was consumed (e.g. a rating answer) and later steps do not run.
 */
export type IngestStep = (ctx: IngestStepContext) => Promise<TicketRow | { ticket: TicketRow; done: true } | void>;
