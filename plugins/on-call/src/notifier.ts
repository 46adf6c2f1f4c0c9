import type { Knex } from 'knex';
import { TICKET_CHANGED, type PluginContext, type TicketChange, type TimedJob } from '@guiche/core';
import { PLANTOES } from './plantao-service.js';
import { pageOne, rotaRecipient } from './on-duty.js';
import { waitingText } from './page-texts.js';
import { isOnCall, nextWindowStart } from './window.js';

export const ALERTS = 'plantao_alerts';
export const ALERT_KIND = 'on-call.alert';
const MINUTE = 60_000;

interface AlertPayload {
  plantaoId: number;
  ticketId: number;
}

const keyOf = (plantaoId: number, ticketId: number) => `${plantaoId}:${ticketId}`;
const waiting = (t: { status: string; userId: number | null }) => t.status === 'pending' && !t.userId;


/**
 * While a ticket waits (pending, nobody assigned), each on-call person of its company has one
 * alert row and one durable timer (timed work, kind on-call.alert, key `<plantaoId>:<ticketId>`).
 * The timer first fires `interval` minutes after the ticket started waiting; inside the person's
 * weekday window it sends one WhatsApp message to their phone through the company's default
 * connection and sets itself `interval` minutes later; outside it, it sleeps until the window
 * opens. Claim, message row and alert count commit together, so each interval sends once, across
 * restarts and nodes. Accepting (or closing, deleting) the ticket cancels the timers.
 */
export function createNotifier(ctx: PluginContext) {
  const { db, timedWork } = ctx;

  /** One alert + timer per on-call person; an existing alert keeps its timer (a new message does not push it back). */
  async function watch(trx: Knex.Transaction, companyId: number, ticketId: number, plantoes: { id: number; interval: number }[], now: Date): Promise<void> {
    for (const plantao of plantoes) {
      const inserted = await trx(ALERTS).insert({ companyId, plantaoId: plantao.id, ticketId }).onConflict(['plantao_id', 'ticket_id']).ignore().returning('id');
      if (!inserted.length) continue;
      await timedWork.schedule<AlertPayload>(
        { kind: ALERT_KIND, key: keyOf(plantao.id, ticketId), companyId, dueAt: new Date(now.getTime() + plantao.interval * MINUTE), payload: { plantaoId: plantao.id, ticketId } },
        trx,
      );
    }
  }

  async function ticketWaiting(companyId: number, ticketId: number, now = new Date()): Promise<void> {
    const plantoes = await db(PLANTOES).where({ companyId }).select('id', 'interval');
    if (!plantoes.length) return;
    await db.transaction((trx) => watch(trx, companyId, ticketId, plantoes, now));
  }

  async function ticketAttended(ticketId: number): Promise<void> {
    const alerts = await db(ALERTS).where({ ticketId }).select('plantaoId');
    if (!alerts.length) return;
    await db.transaction(async (trx) => {
      for (const alert of alerts) await timedWork.cancel(ALERT_KIND, keyOf(alert.plantaoId, ticketId), trx);
      await trx(ALERTS).where({ ticketId }).delete();
    });
  }

  /** A rota created or changed: the tickets already waiting get its alerts too. */
  async function rotaChanged(companyId: number, plantaoId: number, now = new Date()): Promise<void> {
    const plantao = await db(PLANTOES).where({ companyId, id: plantaoId }).first('id', 'interval');
    if (!plantao) return;
    const tickets = await db('tickets').where({ companyId, status: 'pending' }).whereNull('userId').orderBy('id').limit(1000).select('id');
    if (!tickets.length) return;
    await db.transaction(async (trx) => {
      for (const ticket of tickets) await watch(trx, companyId, ticket.id, [plantao], now);
    });
  }

  async function fire(job: TimedJob<AlertPayload>): Promise<void | { rescheduleAt: Date }> {
    const { trx, now } = job;
    const { plantaoId, ticketId } = job.payload;
    const drop = async () => {
      await trx(ALERTS).where({ plantaoId, ticketId }).delete();
    };
    const alert = await trx(ALERTS).where({ plantaoId, ticketId }).forUpdate().first();
    const ticket = await trx('tickets as t')
      .join('contacts as c', 'c.id', 't.contactId')
      .leftJoin('queues as q', 'q.id', 't.queueId')
      .where('t.id', ticketId)
      .first('t.id', 't.companyId', 't.status', 't.userId', 'c.name as contactName', 'c.number as contactNumber', 'q.name as queueName');
    if (!alert || !ticket || !waiting(ticket)) return drop();
    const plantao = await rotaRecipient(trx, plantaoId);
    if (!plantao) return drop();
    const days = plantao.days;
    const every = new Date(now.getTime() + plantao.interval * MINUTE);
    if (!isOnCall(days, now)) {
      const opens = nextWindowStart(days, now);
      if (!opens) return drop();
      return { rescheduleAt: opens };
    }
    const connection = await ctx.connections.defaultOf(ticket.companyId, { trx });
    if (!connection) {
      ctx.log.warn({ companyId: ticket.companyId, plantaoId }, 'on-call: no default connection to notify through');
      return { rescheduleAt: every };
    }
    const waited = Math.max(0, Math.round((now.getTime() - new Date(alert.createdAt).getTime()) / MINUTE));
    const fields = (language: Parameters<typeof waitingText>[2]) => ({ ticket: ticket.id, contact: ticket.contactName, number: ticket.contactNumber, queue: ticket.queueName, minutes: waited, text: waitingText(ticket, waited, language) });
    // Not sendable (a Cloud API window closed without a template): kept on the rota, tried again next interval.
    if (!(await pageOne(ctx, job, { companyId: ticket.companyId, connection }, plantao, fields, now))) return { rescheduleAt: every };
    await trx(ALERTS).where({ id: alert.id }).update({ notifications: alert.notifications + 1, lastNotifiedAt: now });
    return { rescheduleAt: every };
  }

  function start(): void {
    timedWork.define<AlertPayload>(ALERT_KIND, fire, { maxAttempts: 5, backoffMs: 5000 });
    ctx.bus.subscribe<TicketChange>(TICKET_CHANGED, async ({ payload }) => {
      if (payload.action !== 'delete' && waiting(payload)) await ticketWaiting(payload.companyId, payload.ticketId);
      else await ticketAttended(payload.ticketId);
    });
  }

  return { start, ticketWaiting, ticketAttended, rotaChanged };
}
