import type { Knex } from 'knex';
import type { TicketLogType } from '@guiche/contracts';
import type { CachedConnection } from '../connections/connection-cache.js';
import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { addTicketLog, type TicketLogInput } from '../messaging/ticket-logs.js';
import { buildVariables, renderVariables } from '../messaging/variables.js';
import { createOutbox, type AfterCommit, type BotMedia, type Outbox } from './outbox.js';

/** A timer of this ticket to set (or cancel) in the same transaction; its key is the ticket's. */
export type TimerOp = { kind: string; dueAt: Date; payload: Record<string, unknown> } | { kind: string; cancel: true };

export interface BotContact {
  id: number;
  name: string;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt: Date | null;
}

/**
 * One decision of the bot about one ticket, inside one transaction: it reads the ticket as it is,
 * collects the ticket's changes and log entries, sends through the outbox, and `finish` writes the
 * row once. Nothing is kept between messages but the ticket's columns.
 */
export interface BotRun {
  core: CoreServices;
  trx: Knex.Transaction;
  connection: CachedConnection;
  settings: Record<string, string>;
  now: Date;
  contact: BotContact;
  /** The ticket as the changes so far leave it. */
  ticket: TicketRow;
  changes: Record<string, unknown>;
  logs: TicketLogInput[];
  outbox: Outbox;
  timers: TimerOp[];
  /** The ticket was handed to a conversation handler: the message gets a hand-off row in this transaction (hand-off.ts). */
  handOff?: boolean;
  afterCommit: AfterCommit;
  /** Names used by message variables ({{queue}}). */
  queueName: string | null;
  userName: string | null;
  /** Set by a timer's run when its messages must not go out (cloud-window.ts): say() skips them with this reason in the log. */
  silence?: string | null;
}

export async function loadBotContact(trx: Knex.Transaction, companyId: number, contactId: number): Promise<BotContact> {
  return trx('contacts').where({ companyId, id: contactId }).first('id', 'name', 'disableBot', 'acceptAudioMessage', 'lgpdAcceptedAt');
}

export function createRun(input: Omit<BotRun, 'changes' | 'logs' | 'outbox' | 'timers' | 'queueName' | 'userName'> & { queueName?: string | null }): BotRun {
  return {
    ...input,
    changes: {},
    logs: [],
    timers: [],
    outbox: createOutbox(input.core, input.trx, input.afterCommit, input.ticket),
    queueName: input.queueName ?? null,
    userName: null,
  };
}

export function setTicket(run: BotRun, changes: Partial<TicketRow> & Record<string, unknown>): void {
  Object.assign(run.changes, changes);
  run.ticket = { ...run.ticket, ...changes } as TicketRow;
}

export function logTicket(run: BotRun, type: TicketLogType, extra: Partial<TicketLogInput> = {}): void {
  run.logs.push({ companyId: run.ticket.companyId, ticketId: run.ticket.id, type, queueId: run.ticket.queueId, ...extra });
}

/** Sends a configured text with the message variables rendered; blank texts are not sent. */
export async function say(run: BotRun, template: string | null | undefined, media?: BotMedia): Promise<boolean> {
  const text = template?.trim() ? template : '';
  if (!text && !media) return false;
  if (run.silence) {
    run.core.log.info({ ticketId: run.ticket.id, connectionId: run.connection.id, reason: run.silence }, 'bot message skipped: sent later by a timer outside the Cloud API window');
    return false;
  }
  const variables = buildVariables({
    contactName: run.contact.name,
    userName: run.userName,
    ticketId: run.ticket.id,
    ticketCreatedAt: new Date(run.ticket.createdAt),
    queueName: run.queueName,
    connectionName: run.connection.name,
    now: run.now,
  });
  return (await run.outbox.send(text ? renderVariables(text, variables) : '', media)) !== null;
}

/** Writes the collected ticket changes and log entries; answers the ticket as stored. */
export async function finishRun(run: BotRun): Promise<TicketRow | undefined> {
  await addTicketLog(run.trx, run.logs);
  if (!Object.keys(run.changes).length) {
    // The sends changed the ticket's last message: answer the row as it is now.
    return run.outbox.sent ? ((await run.trx('tickets').where({ id: run.ticket.id }).first()) as TicketRow) : undefined;
  }
  const [row] = await run.trx('tickets').where({ id: run.ticket.id }).update({ ...run.changes, updatedAt: run.trx.fn.now() }).returning('*');
  return row as TicketRow;
}
