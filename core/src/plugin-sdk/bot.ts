import type { PlanFlag } from '@guiche/contracts';
import type { TicketRow } from './tickets.js';

/** What a conversation handler gets: the ticket handed to it and the customer's message. */
export interface ConversationInput {
  companyId: number;
  ticket: TicketRow;
  message: { id: number; body: string; mediaType: string; mediaUrl: string | null };
  /** Aborted when the handler's time is up; the ticket then goes to a human. */
  signal: AbortSignal;
}

/** The handler passes the ticket to a queue and/or a user of the company (a human takes it from there). */
export interface TransferOutcome {
  transfer: { queueId?: number | null; userId?: number | null };
}
export type ConversationOutcome = 'continue' | 'handover' | 'close' | TransferOutcome;

/**
 * A handler answers through ctx.messages.send and says how the conversation goes on: 'continue'
 * (it keeps the ticket), 'handover' (to a human of the ticket's queue), 'close', or a transfer.
 */
export type ConversationHandler = (input: ConversationInput) => Promise<ConversationOutcome | void>;

export interface HandlerOptions {
  timeoutMs?: number;
  /** The plan flag of the registering module: a company without it gets its tickets back from the handler. */
  planFlag?: PlanFlag | null;
}

export interface BotRegistry {
  /** Registers the handler of a conversation type: an integration type (dialogflow, n8n, webhook, typebot) or 'openai' for prompts. */
  registerHandler(type: string, handler: ConversationHandler, options?: HandlerOptions): void;
}
