import type { Knex } from 'knex';
import type { AnyPlanFlag } from '@guiche/contracts';
import type { TicketRow } from './tickets.js';
import type { WithinTransaction } from './timed-work.js';

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
  planFlag?: AnyPlanFlag | null;
}

/** What a conversation starter sees: a customer's message on a ticket no agent, handler or menu holds yet. */
export interface StarterInput {
  /** The message's ingest transaction: read and write your own rows with it. */
  trx: Knex.Transaction;
  companyId: number;
  connectionId: number;
  ticket: TicketRow;
  /** True when this message opened the conversation (a new or reopened ticket). */
  newConversation: boolean;
  /** True when the contact had no ticket before on this connection (first contact). */
  firstContact: boolean;
  message: { id: number; body: string; mediaType: string };
}

/**
 * Claims the ticket for a registered handler type (the message then goes to that handler, and
 * the ticket stays with it until the handler lets go), or answers null to leave it to the menu bot.
 */
export type ConversationStarter = (input: StarterInput) => Promise<string | null>;

export interface BotRegistry {
  /** Registers the handler of a conversation type: an integration type (dialogflow, n8n, webhook, typebot) or 'openai' for prompts. */
  registerHandler(type: string, handler: ConversationHandler, options?: HandlerOptions): void;
  /** Registers a starter, asked (in registration order) before the menu bot for each message of an unattended ticket. */
  registerStarter(starter: ConversationStarter, options?: { planFlag?: AnyPlanFlag | null }): void;
}

/** What plugins get as ctx.bot: the registry, and steps of a conversation no customer message started. */
export interface PluginBot extends BotRegistry {
  /**
   * In the caller's transaction: the ticket (pending or open) goes to the handler of `type` without
   * a customer message — pending, unassigned, announced after the commit. Null when the ticket is
   * not the company's, is closed, or no handler of `type` is registered.
   */
  claimTicket(within: WithinTransaction, ref: { companyId: number; ticketId: number }, type: string): Promise<TicketRow | null>;
  /**
   * In the caller's transaction (a timed job's): locks the ticket and, while a handler still holds
   * it, runs `step` and applies its outcome as for a handler's answer (announced after the commit).
   * Answers 'skipped' when the ticket left the handler (an agent took it, it was closed).
   */
  continueConversation(
    within: WithinTransaction,
    ref: { companyId: number; ticketId: number },
    step: (ticket: TicketRow) => Promise<ConversationOutcome | void>,
  ): Promise<ConversationOutcome | 'skipped'>;
}
