import type { ErrorCode } from '@guiche/contracts';
import { AppError, type PluginContext, type TimedHandler, type TimedJob } from '@guiche/core';
import { dueContent } from './cloud-rules.js';
import { nextOccurrence } from './recurrence.js';
import type { ScheduleEvents } from './schedule-events.js';
import { findSchedule, SCHEDULES_TABLE, type ScheduleRow } from './schedule-repository.js';
import type { SendPayload } from './schedule-service.js';

/** A connection that is not CONNECTED is waited for this long between checks… */
export const CONNECTION_RETRY_MS = 60_000;
/** …this many times; then the schedule ends in ERRO with ERR_WAPP_NOT_INITIALIZED. */
export const CONNECTION_WAITS = 5;

type Ctx = Pick<PluginContext, 'tickets' | 'messages' | 'db' | 'connections' | 'conversations'>;

/**
 * The due schedule's sending, inside the timer's claim transaction: the row is locked, the
 * message is stored into the contact's ticket (found, reopened or created like any outbound) and
 * queued on the connection's ordered outbound queue after commit, and the schedule is marked —
 * all in one commit, so a crash before it sends nothing and the timer fires again, and a commit
 * means exactly one message. A repeat returns its next occurrence: the same timer is set again.
 */
export function createScheduleSender(ctx: Ctx, events: ScheduleEvents): TimedHandler<SendPayload> {
  return async (job: TimedJob<SendPayload>) => {
    const { trx } = job;
    const row: ScheduleRow | undefined = await trx(SCHEDULES_TABLE).where({ id: job.payload.scheduleId }).forUpdate().first();
    if (!row || row.status !== 'PENDENTE') return;
    const { companyId } = row;
    const announce = () =>
      job.afterCommit(async () => {
        const schedule = await findSchedule(ctx.db, companyId, row.id);
        if (schedule) events.saved('update', schedule);
      });
    const fail = async (error: ErrorCode) => {
      await trx(SCHEDULES_TABLE).where({ id: row.id }).update({ status: 'ERRO', error, waits: 0, updatedAt: trx.fn.now() });
      announce();
    };

    const connectionId: number | undefined = row.whatsappId ?? (await ctx.connections.defaultOf(companyId, { trx }))?.id;
    if (!connectionId) return fail('ERR_NO_DEF_WAPP_FOUND');
    const connection = await ctx.connections.find(companyId, connectionId, { trx });
    if (!connection) return fail('ERR_NO_WAPP_FOUND');
    if (connection.status !== 'CONNECTED') {
      if (row.waits + 1 >= CONNECTION_WAITS) return fail('ERR_WAPP_NOT_INITIALIZED');
      // Still PENDENTE: the reason shows while it waits for the connection.
      await trx(SCHEDULES_TABLE).where({ id: row.id }).update({ waits: row.waits + 1, error: 'ERR_WAPP_NOT_INITIALIZED', updatedAt: trx.fn.now() });
      announce();
      return { rescheduleAt: new Date(job.now.getTime() + CONNECTION_RETRY_MS) };
    }

    // A Cloud API connection: the template (approved still), or free text only inside the contact's window.
    let content: Awaited<ReturnType<typeof dueContent>>;
    try {
      content = await dueContent(ctx, trx, row, connection, job.now);
    } catch (err) {
      if (err instanceof AppError) return fail(err.code);
      throw err;
    }
    const target = await ctx.tickets.forOutbound(trx, companyId, connectionId, row.contactId);
    const media = row.mediaPath && !content.template ? { path: row.mediaPath, mimetype: row.mediaType ?? 'application/octet-stream', fileName: row.mediaName ?? 'file' } : undefined;
    await ctx.messages.send({ companyId, ticketId: target.ticketId, userId: row.userId, ...content, media }, job);

    // The next occurrence after both this one and now: a late tick sends once, never a burst.
    const after = new Date(Math.max(job.now.getTime(), new Date(row.sendAt).getTime()));
    const next = nextOccurrence(new Date(row.firstSendAt), row.repeat, 1, after, row.repeatUntil ? new Date(row.repeatUntil) : null);
    await trx(SCHEDULES_TABLE)
      .where({ id: row.id })
      .update({
        status: next ? 'PENDENTE' : 'ENVIADA',
        sentAt: job.now,
        sendAt: next?.at ?? row.sendAt,
        sentCount: row.sentCount + 1,
        ticketId: target.ticketId,
        waits: 0,
        error: null,
        updatedAt: trx.fn.now(),
      });
    job.afterCommit(async () => {
      if (target.change) await ctx.tickets.announce(target.ticketId, target.previous);
    });
    announce();
    return next ? { rescheduleAt: next.at, payload: job.payload } : undefined;
  };
}
