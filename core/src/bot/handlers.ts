import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';
import { OutsideServiceError } from './outside.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import type { ConversationInput, ConversationOutcome, TransferOutcome } from '../plugin-sdk/bot.js';
import type { WithinTransaction } from '../plugin-sdk/timed-work.js';

export type { BotRegistry, ConversationHandler, ConversationInput, ConversationOutcome, HandlerOptions, TransferOutcome } from '../plugin-sdk/bot.js';
import { emitTicket } from '../messaging/ticket-events.js';


import { PROMPT_HANDLER, type HandlerRegistry } from './handler-registry.js';

export { HANDLER_TIMEOUT_MS, PROMPT_HANDLER, createHandlerRegistry, type HandlerRegistry } from './handler-registry.js';

/**
 * The type of conversation a ticket with useIntegration is in: 'openai' for a prompt, else the
 * type of its queue integration (the integrations module's table queue_integrations; absent until
 * that module is installed).
 */
export async function conversationType(core: Pick<CoreServices, 'db'>, ticket: Pick<TicketRow, 'companyId' | 'promptId' | 'integrationId' | 'conversationHandler'>): Promise<string | null> {
  if (ticket.conversationHandler) return ticket.conversationHandler;
  if (ticket.promptId) return PROMPT_HANDLER;
  if (!ticket.integrationId) return null;
  try {
    const row = await core.db('queueIntegrations').where({ companyId: ticket.companyId, id: ticket.integrationId }).first('type');
    return row?.type ?? null;
  } catch {
    return null;
  }
}

/** Whether the company's plan still has the module that registered `type` (unknown types: true). */
export async function handlerEnabled(core: Pick<CoreServices, 'plans'>, registry: HandlerRegistry, companyId: number, type: string | null): Promise<boolean> {
  const flag = type ? registry.get(type)?.planFlag : null;
  return !flag || (await core.plans.has(companyId, flag));
}

/**
 * The same, read through `trx` (inside ingest's transaction: on the embedded default a query
 * outside it would wait for it to end).
 */
export async function handlerEnabledIn(trx: Knex.Transaction, registry: HandlerRegistry, companyId: number, type: string | null): Promise<boolean> {
  const flag = type ? registry.get(type)?.planFlag : null;
  if (!flag) return true;
  const row = await trx('companies').join('plans', 'plans.id', 'companies.planId').where('companies.id', companyId).first(`plans.${flag}`);
  return Boolean(row?.[flag]);
}

/**
 * The ticket goes back to a human in the caller's transaction: the integration off, a chatBot log
 * entry saying why. Answers the updated row (nothing when the ticket had already left the handler).
 */
export async function fallBackIn(trx: Knex.Transaction, ticket: Pick<TicketRow, 'id' | 'companyId' | 'queueId'>, reason: string): Promise<TicketRow | undefined> {
  const [row] = await trx('tickets')
    .where({ id: ticket.id, useIntegration: true })
    .whereIn('status', ['pending', 'open'])
    .update({ useIntegration: false, isBot: false, conversationHandler: null, updatedAt: trx.fn.now() })
    .returning('*');
  if (row) await trx('ticketLogs').insert({ companyId: ticket.companyId, ticketId: ticket.id, type: 'chatBot', queueId: ticket.queueId, data: JSON.stringify({ handover: reason }) });
  return row as TicketRow | undefined;
}

/** The ticket goes back to a human: pending in its queue, the integration off. */
export async function fallBack(core: CoreServices, ticket: TicketRow, reason: string): Promise<void> {
  const updated = await core.db.transaction((trx) => fallBackIn(trx, ticket, reason));
  if (updated) await emitTicket(core, updated, 'update', ticket);
}

async function transferIn(trx: Knex.Transaction, ticket: TicketRow, to: TransferOutcome['transfer']): Promise<TicketRow | undefined> {
  {
    const change: Record<string, unknown> = { useIntegration: false, isBot: false, conversationHandler: null, status: 'pending', updatedAt: trx.fn.now() };
    if (to.queueId && (await trx('queues').where({ companyId: ticket.companyId, id: to.queueId }).first('id'))) change.queueId = to.queueId;
    if (to.userId && (await trx('users').where({ companyId: ticket.companyId, id: to.userId }).first('id'))) change.userId = to.userId;
    const [row] = await trx('tickets').where({ id: ticket.id }).whereIn('status', ['pending', 'open']).update(change).returning('*');
    if (row) {
      await trx('ticketLogs').insert({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        type: 'transfered',
        queueId: row.queueId,
        userId: row.userId,
        data: JSON.stringify({ by: 'integration', toQueueId: change.queueId ?? null, toUserId: change.userId ?? null }),
      });
    }
    return row as TicketRow | undefined;
  }
}

async function transfer(core: CoreServices, ticket: TicketRow, to: TransferOutcome['transfer']): Promise<void> {
  const updated = await core.db.transaction((trx) => transferIn(trx, ticket, to));
  if (updated) await emitTicket(core, updated, 'update', ticket);
}

async function closeIn(trx: Knex.Transaction, ticket: TicketRow): Promise<TicketRow | undefined> {
  {
    const [row] = await trx('tickets')
      .where({ id: ticket.id })
      .whereIn('status', ['pending', 'open'])
      .update({ status: 'closed', closedAt: trx.fn.now(), useIntegration: false, isBot: false, conversationHandler: null, updatedAt: trx.fn.now() })
      .returning('*');
    if (row) await trx('ticketLogs').insert({ companyId: ticket.companyId, ticketId: ticket.id, type: 'closed', queueId: ticket.queueId, data: JSON.stringify({ by: 'integration' }) });
    return row as TicketRow | undefined;
  }
}

async function close(core: CoreServices, ticket: TicketRow): Promise<void> {
  const updated = await core.db.transaction((trx) => closeIn(trx, ticket));
  if (updated) await emitTicket(core, updated, 'update', ticket);
}

/** A handler's outcome applied in the caller's transaction; answers the changed row (to announce after the commit). */
export async function settleIn(trx: Knex.Transaction, ticket: TicketRow, outcome: ConversationOutcome | void): Promise<TicketRow | undefined> {
  if (outcome === 'handover') return fallBackIn(trx, ticket, 'handler');
  if (outcome === 'close') return closeIn(trx, ticket);
  if (outcome && typeof outcome === 'object') return transferIn(trx, ticket, outcome.transfer);
  return undefined;
}

/**
 * A module's handler takes the ticket without a customer message (an agent starts a flow on it, a
 * webhook does): in the caller's transaction, pending and unassigned, the menu bot's stage cleared.
 * Null when the ticket is not the company's, is closed, or `type` has no handler.
 */
export async function claimTicketIn(core: CoreServices, within: WithinTransaction, ref: { companyId: number; ticketId: number }, type: string): Promise<TicketRow | null> {
  if (!core.bot.get(type)) return null;
  const { trx } = within;
  const before: TicketRow | undefined = await trx('tickets').where({ id: ref.ticketId, companyId: ref.companyId }).whereIn('status', ['pending', 'open']).forUpdate().first();
  if (!before) return null;
  const [row] = await trx('tickets')
    .where({ id: before.id })
    .update({ useIntegration: true, isBot: true, conversationHandler: type, botStage: null, chatbotId: null, status: 'pending', userId: null, updatedAt: trx.fn.now() })
    .returning('*');
  await trx('ticketLogs').insert({ companyId: ref.companyId, ticketId: before.id, type: 'chatBot', queueId: before.queueId, data: JSON.stringify({ handler: type }) });
  within.afterCommit(() => emitTicket(core, row as TicketRow, 'update', before));
  return row as TicketRow;
}

/**
 * A conversation step that no customer message started (a module's timer: a flow's wait): in the
 * caller's transaction, with the ticket locked, `step` runs only while the ticket is still with a
 * handler; its outcome is applied like a handler's and announced after the commit.
 */
export async function continueConversationIn(
  core: CoreServices,
  within: WithinTransaction,
  ref: { companyId: number; ticketId: number },
  step: (ticket: TicketRow) => Promise<ConversationOutcome | void>,
): Promise<ConversationOutcome | 'skipped'> {
  const ticket: TicketRow | undefined = await within.trx('tickets').where({ id: ref.ticketId, companyId: ref.companyId }).forUpdate().first();
  if (!ticket || !ticket.useIntegration || !['pending', 'open'].includes(ticket.status)) return 'skipped';
  const outcome = await step(ticket);
  const updated = await settleIn(within.trx, ticket, outcome);
  if (updated) within.afterCommit(() => emitTicket(core, updated, 'update', ticket));
  return outcome ?? 'continue';
}

/**
 * Runs the ticket's handler for one message, outside the ingest transaction (hand-off.ts runs a
 * ticket's messages one at a time and in order, on any node): a missing handler, an error or a timeout hands the ticket to a human; a module
 * the plan no longer has lets go of the ticket the same way. Answers what became of the ticket.
 */
export async function dispatchConversation(core: CoreServices, registry: HandlerRegistry, ticket: TicketRow, message: ConversationInput['message']): Promise<'continue' | 'handover' | 'close' | 'skipped'> {
  // An earlier message may have ended the session, or an agent switched it off meanwhile.
  const current: TicketRow | undefined = await core.db('tickets').where({ id: ticket.id }).first();
  if (!current || !current.useIntegration || !['pending', 'open'].includes(current.status)) return 'skipped';
  if (message.mediaType !== 'chat' && !message.mediaUrl) {
    const stored = await core.db('messages').where({ id: message.id, companyId: current.companyId }).first('mediaUrl');
    message = { ...message, mediaUrl: stored?.mediaUrl ?? null };
  }
  return runHandler(core, registry, current, message);
}

async function runHandler(core: CoreServices, registry: HandlerRegistry, ticket: TicketRow, message: ConversationInput['message']): Promise<'continue' | 'handover' | 'close'> {
  const type = await conversationType(core, ticket);
  const entry = type ? registry.get(type) : undefined;
  if (!entry) {
    await fallBack(core, ticket, 'noHandler');
    return 'handover';
  }
  if (!(await handlerEnabled(core, registry, ticket.companyId, type))) {
    await fallBack(core, ticket, 'planDisabled');
    return 'handover';
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, entry.timeoutMs);
  });
  try {
    const outcome = await Promise.race([entry.handler({ companyId: ticket.companyId, ticket, message, signal: controller.signal }), timeout]);
    if (outcome === 'timeout' || outcome === 'handover') {
      await fallBack(core, ticket, outcome === 'timeout' ? 'handlerTimeout' : 'handler');
      return 'handover';
    }
    if (outcome === 'close') {
      await close(core, ticket);
      return 'close';
    }
    if (outcome && typeof outcome === 'object') {
      await transfer(core, ticket, outcome.transfer);
      return 'handover';
    }
    return 'continue';
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id, type }, 'conversation handler failed; the ticket goes to a human');
    await fallBack(core, ticket, err instanceof OutsideServiceError ? (err.reason === 'timeout' ? 'handlerTimeout' : `outside:${err.reason}`) : controller.signal.aborted ? 'handlerTimeout' : 'handlerError');
    return 'handover';
  } finally {
    clearTimeout(timer);
  }
}
