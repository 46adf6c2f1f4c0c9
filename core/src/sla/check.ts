import type { Knex } from 'knex';
import { SLA_WARN_SHARE, type SlaKind } from '@guiche/contracts';
import type { WeekdayHours } from '../bot/hours.js';
import type { CoreServices } from '../services.js';
import type { TimedJob } from '../plugin-sdk/timed-work.js';
import { currentTicketDetails } from '../messaging/ticket-details.js';
import { emitTicket } from '../messaging/ticket-events.js';
import { businessDeadline, businessSeconds } from './business-time.js';
import { applicableTarget } from './targets.js';
import { breachOf, notifyBreach } from './notify.js';

/** Timed-work kind: re-evaluates one ticket's SLA (key `ticket:<id>`); set due now by the ticket_metrics trigger, then due at the next deadline. */
export const SLA_CHECK = 'sla.check';

interface MetricsRow {
  ticketId: number;
  companyId: number;
  status: string;
  queueId: number | null;
  whatsappId: number | null;
  createdAt: Date;
  firstPendingAt: Date | null;
  firstQueuedAt: Date | null;
  firstResponseAt: Date | null;
  closedAt: Date | null;
  reopenedAt: Date | null;
}

interface SlaRow {
  targetId: number | null;
  queueId: number | null;
  startedAt: Date;
  firstResponseDueAt: Date | null;
  firstResponseWarnAt: Date | null;
  resolutionDueAt: Date | null;
  resolutionWarnAt: Date | null;
  firstResponseBreachedAt: Date | null;
  resolutionBreachedAt: Date | null;
  firstResponseSeconds: number | null;
  firstResponseMeasuredTo: Date | null;
  resolutionSeconds: number | null;
  resolutionMeasuredTo: Date | null;
  resolutionStartedAt: Date | null;
}

type Clocks = Omit<SlaRow, 'firstResponseBreachedAt' | 'resolutionBreachedAt'>;

const ACTIVE = new Set(['pending', 'open']);
const time = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);

/**
 * The weekly hours that count for a ticket, by the company's scheduleType (the same hours the bot
 * answers "out of hours" by): the queue's, the company's or the connection's; none when disabled.
 */
async function hoursFor(trx: Knex, m: MetricsRow): Promise<WeekdayHours[] | null> {
  const setting = await trx('settings').where({ companyId: m.companyId, key: 'scheduleType' }).first('value');
  const type = setting?.value;
  if (type === 'queue' && m.queueId !== null) return (await trx('queues').where({ id: m.queueId, companyId: m.companyId }).first('schedules'))?.schedules ?? null;
  if (type === 'company') return (await trx('companies').where({ id: m.companyId }).first('schedules'))?.schedules ?? null;
  if (type === 'connection' && m.whatsappId !== null) return (await trx('whatsapps').where({ id: m.whatsappId, companyId: m.companyId }).first('schedules'))?.schedules ?? null;
  return null;
}

function sameClocks(a: SlaRow | undefined, b: Clocks): boolean {
  if (!a) return false;
  return (
    a.targetId === b.targetId &&
    a.queueId === b.queueId &&
    time(a.startedAt) === time(b.startedAt) &&
    time(a.firstResponseDueAt) === time(b.firstResponseDueAt) &&
    time(a.firstResponseWarnAt) === time(b.firstResponseWarnAt) &&
    time(a.resolutionDueAt) === time(b.resolutionDueAt) &&
    time(a.resolutionWarnAt) === time(b.resolutionWarnAt) &&
    a.firstResponseSeconds === b.firstResponseSeconds &&
    time(a.firstResponseMeasuredTo) === time(b.firstResponseMeasuredTo) &&
    a.resolutionSeconds === b.resolutionSeconds &&
    time(a.resolutionMeasuredTo) === time(b.resolutionMeasuredTo) &&
    time(a.resolutionStartedAt) === time(b.resolutionStartedAt)
  );
}

/**
 * One ticket's SLA, in the claim's transaction (ARCHITECTURE §11): the clocks from the ticket
 * metrics (start = first queue entry, else first pending moment, else creation; first response and
 * close as the triggers recorded them) and the target that applies now; a breach is stamped once
 * (the column is set only while empty) and announced after commit. Returns the next deadline that
 * can still be breached, so this same row is the breach timer.
 */
export async function checkTicketSla(core: CoreServices, job: TimedJob<{ ticketId: number }>): Promise<void | { rescheduleAt: Date }> {
  const { trx, now } = job;
  const ticketId = Number(job.payload.ticketId);
  const m: MetricsRow | undefined = await trx('ticketMetrics')
    .where({ ticketId })
    .first('ticketId', 'companyId', 'status', 'queueId', 'whatsappId', 'createdAt', 'firstPendingAt', 'firstQueuedAt', 'firstResponseAt', 'closedAt', 'reopenedAt');
  if (!m) return;
  const existing: SlaRow | undefined = await trx('ticketSla').where({ ticketId }).forUpdate().first();
  const target = await applicableTarget(trx, m.companyId, m.queueId, m.whatsappId);
  const announce = () => job.afterCommit(async () => {
    const details = await currentTicketDetails(core.db, ticketId);
    if (details) await emitTicket(core, details, 'update');
  });

  if (!target) {
    // No target now (moved to a queue without one, target removed): a recorded breach stays for the dashboard.
    if (existing && !existing.firstResponseBreachedAt && !existing.resolutionBreachedAt) {
      await trx('ticketSla').where({ ticketId }).delete();
      announce();
    }
    return;
  }

  const startedAt = new Date(m.firstQueuedAt ?? m.firstPendingAt ?? m.createdAt);
  // A reopened ticket is a new request to resolve: its resolution clock counts again from the last reopen;
  // the first response stays the ticket's first answer (docs/architecture.md, "A reopened ticket's SLA").
  const reopenedAt = m.reopenedAt && new Date(m.reopenedAt).getTime() > startedAt.getTime() ? new Date(m.reopenedAt) : null;
  const resolutionStart = reopenedAt ?? startedAt;
  const hours = await hoursFor(trx, m);
  const at = (minutes: number | null, share = 1, from = startedAt) => (minutes ? businessDeadline(from, minutes * share, hours) : null);
  // The seconds to the answer and to the close on the same clock as the targets (the dashboard's percentiles).
  const measured = (end: Date | null, from = startedAt) => (end ? businessSeconds(from, new Date(end), hours) : null);
  const clocks: Clocks = {
    targetId: target.id,
    queueId: m.queueId,
    startedAt,
    firstResponseDueAt: at(target.firstResponseMinutes),
    firstResponseWarnAt: at(target.firstResponseMinutes, SLA_WARN_SHARE),
    resolutionDueAt: at(target.resolutionMinutes, 1, resolutionStart),
    resolutionWarnAt: at(target.resolutionMinutes, SLA_WARN_SHARE, resolutionStart),
    firstResponseSeconds: measured(m.firstResponseAt),
    firstResponseMeasuredTo: m.firstResponseAt ? new Date(m.firstResponseAt) : null,
    resolutionSeconds: measured(m.closedAt, resolutionStart),
    resolutionMeasuredTo: m.closedAt ? new Date(m.closedAt) : null,
    resolutionStartedAt: reopenedAt,
  };
  const changed = !sameClocks(existing, clocks);
  if (changed) {
    await trx('ticketSla')
      .insert({ ticketId, companyId: m.companyId, ...clocks, updatedAt: now })
      .onConflict('ticketId')
      .merge({ ...clocks, updatedAt: now });
  }

  const active = ACTIVE.has(m.status);
  const nowMs = now.getTime();
  const frDue = time(clocks.firstResponseDueAt);
  const resDue = time(clocks.resolutionDueAt);
  const frRunning = active && frDue !== null && !m.firstResponseAt;
  const resRunning = active && resDue !== null && !m.closedAt;
  const breaches: { kind: SlaKind; dueAt: Date; column: string }[] = [];
  if (frRunning && nowMs >= frDue && !existing?.firstResponseBreachedAt) breaches.push({ kind: 'firstResponse', dueAt: clocks.firstResponseDueAt!, column: 'firstResponseBreachedAt' });
  if (resRunning && nowMs >= resDue && !existing?.resolutionBreachedAt) breaches.push({ kind: 'resolution', dueAt: clocks.resolutionDueAt!, column: 'resolutionBreachedAt' });

  const fired: typeof breaches = [];
  for (const breach of breaches) {
    // Set only while empty: whatever the number of runs, nodes or restarts, a breach is stamped once.
    const stamped = await trx('ticketSla').where({ ticketId }).whereNull(breach.column).update({ [breach.column]: now, updatedAt: now });
    if (stamped) fired.push(breach);
  }
  if (changed || fired.length) announce();
  for (const { kind, dueAt } of fired) {
    const breach = await breachOf(trx, m.companyId, ticketId, kind, dueAt, now);
    if (!breach) continue;
    // The plugins' breach timers commit with the stamp: their reaction fires once, like the breach.
    await core.slaBreachTimers.set(trx, core, breach);
    job.afterCommit(() => notifyBreach(core, breach));
  }

  const next = [frRunning ? frDue : null, resRunning ? resDue : null].filter((t): t is number => t !== null && t > nowMs);
  if (!next.length) return;
  return { rescheduleAt: new Date(Math.min(...next)) };
}
