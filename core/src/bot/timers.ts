import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import type { TimerOp } from './run.js';

/** The bot's timer kinds (core timed work), one of each per ticket, keyed by the ticket. */
export const BotTimers = {
  /** timeInactiveMessage after the bot asked: the inactivity message. */
  inactive: 'bot.inactive',
  /** expiresTicket without activity: the ticket closes with expiresInactiveMessage. */
  expire: 'bot.expire',
  /** timeSendQueue on a queue-less pending ticket: it moves to sendIdQueue. */
  sendQueue: 'bot.sendQueue',
  /** Rotation (ativarRoteador every tempoRoteador minutes) of a pending ticket over its queue's users. */
  rotate: 'bot.rotate',
  /** expiresTicketNPS after a rating question: the question is dropped. */
  ratingWait: 'bot.ratingWait',
} as const;

export const ticketTimerKey = (ticketId: number) => `ticket:${ticketId}`;

/** Sets and cancels the ticket's timers in the caller's transaction. */
export async function applyTimers(core: CoreServices, trx: Knex.Transaction, ticket: TicketRow, ops: TimerOp[]): Promise<void> {
  // The last operation of a kind wins (a menu asked twice in one run keeps the later timer).
  const last = new Map<string, TimerOp>();
  for (const op of ops) last.set(op.kind, op);
  for (const op of last.values()) {
    const key = ticketTimerKey(ticket.id);
    if ('cancel' in op) await core.timedWork.cancel(op.kind, key, trx);
    else await core.timedWork.schedule({ kind: op.kind, key, companyId: ticket.companyId, dueAt: op.dueAt, payload: op.payload }, trx);
  }
}

/** Cancels the given kinds of the ticket's timers in the caller's transaction (the event made them moot). */
export async function cancelTicketTimers(core: CoreServices, trx: Knex.Transaction, ticketId: number, kinds: string[]): Promise<void> {
  for (const kind of kinds) await core.timedWork.cancel(kind, ticketTimerKey(ticketId), trx);
}
