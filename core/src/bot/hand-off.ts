import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import type { TimedJob } from '../timed-work/index.js';
import { emitTicket } from '../messaging/ticket-events.js';
import { dispatchConversation, fallBackIn, HANDLER_TIMEOUT_MS, type HandlerRegistry } from './handlers.js';

/**
 * The hand-off of a customer's message to the ticket's conversation handler, as a timed-work row
 * (one per message) scheduled in the ingest transaction, due at once: it survives kill -9 and is
 * run by one node. The handler talks to an outside service for up to its timeout, so it does not
 * run inside the claim's transaction: the claim takes a lease (the row set again for the end of
 * the lease, with a token) and the node runs the handler after the commit; when it is done it
 * deletes the row if the lease is still its own. A node that died mid-way leaves the row to come
 * due when the lease ends, and another node runs it again; after HAND_OFF_MAX_RUNS leases the
 * ticket goes to a human ('handlerCrashed') instead.
 *
 * Order per ticket, whatever the number of nodes: a row runs only when no row of an earlier
 * message of its ticket is left (pending or leased); otherwise it waits until that row's lease
 * ends, and the row that finishes pulls the next one of its ticket forward (due now, waking the
 * sweeper), so the next answer comes at once.
 */
export const HAND_OFF_KIND = 'bot.handOff';
/** Leases a hand-off may take (runs that never came back) before the ticket goes to a human. */
export const HAND_OFF_MAX_RUNS = 3;
/** Beyond the longest handler timeout: the time to write the outcome before another node may take over. */
const LEASE_MARGIN_MS = 30_000;

export interface HandOffPayload {
  ticketId: number;
  messageId: number;
  body: string;
  mediaType: string;
  /** Leases taken so far. */
  runs?: number;
  /** The token of the current lease. */
  lease?: string;
}

const ticketPrefix = (ticketId: number) => `ticket:${ticketId}:message:`;
export const handOffKey = (ticketId: number, messageId: number) => `${ticketPrefix(ticketId)}${messageId}`;

/** How long a claimed hand-off is left to its node: the longest handler timeout and a margin. */
export function handOffLeaseMs(registry: Pick<HandlerRegistry, 'types' | 'get'>): number {
  const timeouts = registry.types().map((type) => registry.get(type)?.timeoutMs ?? HANDLER_TIMEOUT_MS);
  return (timeouts.length ? Math.max(...timeouts) : HANDLER_TIMEOUT_MS) + LEASE_MARGIN_MS;
}

/** In the ingest transaction: the message goes to the ticket's handler once this commits (any node). */
export async function scheduleHandOff(core: CoreServices, trx: Knex.Transaction, ticket: Pick<TicketRow, 'id' | 'companyId'>, message: { id: number; body: string; mediaType: string }): Promise<void> {
  const payload: HandOffPayload = { ticketId: ticket.id, messageId: message.id, body: message.body, mediaType: message.mediaType };
  await core.timedWork.schedule({ kind: HAND_OFF_KIND, key: handOffKey(ticket.id, message.id), companyId: ticket.companyId, dueAt: new Date(), payload }, trx);
}

/** The ticket's hand-off rows still there (pending or leased), not given up, oldest message first. */
function rowsOfTicket(trx: Knex.Transaction, ticketId: number) {
  return trx('timedWork')
    .where({ kind: HAND_OFF_KIND })
    .where('key', 'like', `${ticketPrefix(ticketId)}%`)
    .whereNull('failedAt')
    .orderByRaw(`(payload->>'messageId')::bigint`);
}

/** The next hand-off of the ticket (other than `except`) becomes due now; the sweeper wakes on commit. */
async function pullNext(core: CoreServices, trx: Knex.Transaction, ticketId: number, except: string): Promise<void> {
  const next = await rowsOfTicket(trx, ticketId).whereNot('key', except).first('key', 'companyId', 'payload');
  if (next) await core.timedWork.schedule({ kind: HAND_OFF_KIND, key: next.key, companyId: next.companyId, dueAt: new Date(), payload: next.payload }, trx);
}

/** After the run: the row goes (with the lease still ours) and the ticket's next message is due. */
async function release(core: CoreServices, key: string, payload: HandOffPayload): Promise<void> {
  await core.db.transaction(async (trx) => {
    const deleted = await trx('timedWork').where({ kind: HAND_OFF_KIND, key }).whereRaw(`payload->>'lease' = ?`, [payload.lease ?? '']).delete();
    if (deleted) await pullNext(core, trx, payload.ticketId, key);
  });
}

/** Runs the handler on this node, outside any transaction (not awaited by the sweeper: other timers go on). */
async function run(core: CoreServices, registry: HandlerRegistry, ticket: TicketRow, key: string, payload: HandOffPayload): Promise<void> {
  const message = { id: payload.messageId, body: payload.body, mediaType: payload.mediaType, mediaUrl: null };
  try {
    await dispatchConversation(core, registry, ticket, message);
  } catch (err) {
    // The row stays leased: it runs again when the lease ends (at most HAND_OFF_MAX_RUNS times).
    core.log.warn({ err, ticketId: ticket.id, messageId: payload.messageId }, 'conversation hand-off failed; it runs again when its lease ends');
    return;
  }
  await release(core, key, payload).catch((err: unknown) => core.log.warn({ err, ticketId: ticket.id }, 'conversation hand-off release failed'));
}

async function claim(core: CoreServices, job: TimedJob<HandOffPayload>): Promise<void | { rescheduleAt: Date; payload: HandOffPayload }> {
  const { ticketId, messageId } = job.payload;
  const earlier = await rowsOfTicket(job.trx, ticketId).whereNot('key', job.key).whereRaw(`(payload->>'messageId')::bigint < ?`, [messageId]).first('dueAt');
  if (earlier) {
    // An earlier message of the ticket is pending or being handled: wait for it (it pulls this one forward).
    return { rescheduleAt: new Date(Math.max(new Date(earlier.dueAt).getTime(), job.now.getTime()) + 1), payload: job.payload };
  }
  const ticket: TicketRow | undefined = await job.trx('tickets').where({ id: ticketId }).first();
  if (!ticket) return;
  const runs = job.payload.runs ?? 0;
  if (runs >= HAND_OFF_MAX_RUNS) {
    // Every lease so far ended without an answer (the node died or the run failed): a human takes it.
    core.log.error({ ticketId, messageId, runs }, 'conversation hand-off never completed; the ticket goes to a human');
    const updated = await fallBackIn(job.trx, ticket, 'handlerCrashed');
    if (updated) job.afterCommit(() => emitTicket(core, updated, 'update', ticket));
    await pullNext(core, job.trx, ticketId, job.key);
    return;
  }
  const payload: HandOffPayload = { ...job.payload, runs: runs + 1, lease: randomUUID() };
  job.afterCommit(() => void run(core, core.bot, ticket, job.key, payload));
  return { rescheduleAt: new Date(job.now.getTime() + handOffLeaseMs(core.bot)), payload };
}

/** Defines the hand-off kind (before the kernel starts its sweeper). */
export function defineHandOff(core: CoreServices): void {
  core.timedWork.define<HandOffPayload>(HAND_OFF_KIND, (job) => claim(core, job));
}
