import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import type { TimedJob } from '../timed-work/index.js';
import { ActiveTicketStatuses } from '@guiche/contracts';
import { queueById } from './catalog.js';
import { closeByBot } from './flow.js';
import { availableUsers, handOver, pick, rotationMinutes } from './handover.js';
import { createRun, finishRun, loadBotContact, logTicket, say, setTicket, type BotRun } from './run.js';
import { applyTimers, BotTimers } from './timers.js';
import { timerSilence } from './cloud-window.js';
import { emitTicket } from '../messaging/ticket-events.js';
import { defineHandOff } from './hand-off.js';

/** A BotRun inside a timer's claim: the same writes, sends and timers as on a message, in the claim's transaction. */
async function runFor(core: CoreServices, job: TimedJob<unknown>, ticketId: number): Promise<BotRun | undefined> {
  const ticket: TicketRow | undefined = await job.trx('tickets').where({ id: ticketId }).forUpdate().first();
  if (!ticket || !ticket.whatsappId || !(ActiveTicketStatuses as readonly string[]).includes(ticket.status)) return undefined;
  const connection = await core.connectionCache.get(ticket.whatsappId);
  if (!connection) return undefined;
  const run = createRun({
    core,
    trx: job.trx,
    connection,
    settings: await core.settings.all(ticket.companyId),
    now: job.now,
    contact: await loadBotContact(job.trx, ticket.companyId, ticket.contactId),
    ticket,
    afterCommit: (fn) => job.afterCommit(fn),
  });
  // A message said later may fall outside a Cloud API contact's 24-hour window: skipped (logged), the rest of the step goes on.
  run.silence = await timerSilence(job.trx, ticket, connection.channel, job.now);
  return run;
}

/** Writes the run; the ticket's viewers (as it was, and as it is) hear of it after the commit. */
async function finish(core: CoreServices, run: BotRun, before: TicketRow): Promise<void> {
  const updated = (await finishRun(run)) ?? run.ticket;
  await applyTimers(core, run.trx, updated, run.timers);
  if (updated !== run.ticket || run.logs.length) run.afterCommit(() => emitTicket(core, updated, 'update', before));
}

const ticketIdOf = (job: TimedJob<unknown>) => Number(job.key.split(':')[1]);

/** timeInactiveMessage: the bot asked and nobody answered since. */
async function inactive(core: CoreServices, job: TimedJob<{ askedAt: string }>): Promise<void> {
  const run = await runFor(core, job, ticketIdOf(job));
  if (!run || !run.ticket.botStage || !run.ticket.botAskedAt) return;
  const before = run.ticket;
  if (new Date(run.ticket.botAskedAt).getTime() !== new Date(job.payload.askedAt).getTime()) return;
  if (await say(run, run.connection.inactiveMessage)) logTicket(run, 'chatBot', { data: { inactive: true } });
  await finish(core, run, before);
}

/**
 * expiresTicket: a ticket without activity for that many minutes closes with
 * expiresInactiveMessage. whenExpiresTicket 1: only while the company spoke last (the customer
 * is the one silent); otherwise whoever spoke last. Until then the timer moves to the next due time.
 */
async function expire(core: CoreServices, job: TimedJob<unknown>): Promise<void | { rescheduleAt: Date }> {
  const run = await runFor(core, job, ticketIdOf(job));
  if (!run || run.ticket.isGroup) return;
  const minutes = run.connection.expiresTicket;
  if (minutes <= 0) return;
  const last = new Date(run.ticket.lastMessageAt ?? run.ticket.createdAt).getTime();
  const due = last + minutes * 60000;
  if (job.now.getTime() < due) return { rescheduleAt: new Date(due) };
  if (run.connection.whenExpiresTicket === 1) {
    const lastMessage = await run.trx('messages').where({ ticketId: run.ticket.id, isPrivate: false }).orderBy('id', 'desc').first('fromMe');
    if (lastMessage && !lastMessage.fromMe) return { rescheduleAt: new Date(job.now.getTime() + minutes * 60000) };
  }
  const before = run.ticket;
  await closeByBot(run, run.connection.expiresInactiveMessage, 'expired');
  await finish(core, run, before);
}

/** timeSendQueue: a pending ticket still without a queue goes to sendIdQueue (the bot stops). */
async function sendQueue(core: CoreServices, job: TimedJob<unknown>): Promise<void> {
  const run = await runFor(core, job, ticketIdOf(job));
  if (!run || run.ticket.status !== 'pending' || run.ticket.queueId || run.ticket.userId || !run.connection.sendIdQueue) return;
  const queue = await queueById(run.trx, run.ticket.companyId, run.connection.sendIdQueue);
  if (!queue) return;
  const before = run.ticket;
  setTicket(run, { queueId: queue.id });
  run.queueName = queue.name;
  logTicket(run, 'queue', { queueId: queue.id, data: { by: 'timeSendQueue' } });
  run.timers.push({ kind: BotTimers.inactive, cancel: true });
  await handOver(run, queue);
  await finish(core, run, before);
}

/**
 * Rotation: while the ticket waits (pending) in a queue with ativarRoteador, every tempoRoteador
 * minutes it is offered to the next available user (userRandom: a random one; otherwise the least
 * loaded), never the one who had it.
 */
async function rotate(core: CoreServices, job: TimedJob<{ queueId: number }>): Promise<void | { rescheduleAt: Date }> {
  const run = await runFor(core, job, ticketIdOf(job));
  if (!run || run.ticket.status !== 'pending' || run.ticket.queueId !== job.payload.queueId || run.ticket.botStage) return;
  const queue = await queueById(run.trx, run.ticket.companyId, job.payload.queueId);
  const minutes = queue ? rotationMinutes(queue) : 0;
  if (!queue || !minutes) return;
  const candidates = await availableUsers(run.trx, run.ticket.companyId, queue.id, job.now, run.ticket.userId);
  const user = pick(candidates, run.settings.userRandom === 'enabled');
  if (user) {
    const before = run.ticket;
    setTicket(run, { userId: user.id });
    logTicket(run, 'transfered', { userId: user.id, data: { toUserId: user.id, fromUserId: before.userId, by: 'rotation' } });
    await finish(core, run, before);
  }
  return { rescheduleAt: new Date(job.now.getTime() + minutes * 60000) };
}

/** expiresTicketNPS: an unanswered rating question is dropped. */
async function ratingWait(_core: CoreServices, job: TimedJob<{ ratingId: number }>): Promise<void> {
  await job.trx('ticketRatings').where({ id: job.payload.ratingId }).whereNull('answeredAt').update({ answeredAt: job.now });
}

/** Defines the bot's timer kinds (before the kernel starts its sweeper). */
export function defineBotTimers(core: CoreServices): void {
  const { timedWork } = core;
  timedWork.define<{ askedAt: string }>(BotTimers.inactive, (job) => inactive(core, job));
  timedWork.define(BotTimers.expire, (job) => expire(core, job));
  timedWork.define(BotTimers.sendQueue, (job) => sendQueue(core, job));
  timedWork.define<{ queueId: number }>(BotTimers.rotate, (job) => rotate(core, job));
  timedWork.define<{ ratingId: number }>(BotTimers.ratingWait, (job) => ratingWait(core, job));
  defineHandOff(core);
}
