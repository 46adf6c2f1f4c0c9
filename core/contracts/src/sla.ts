import { z } from 'zod';
import { id, int } from './primitives.js';

/** SLA targets with alerts (issue #33). */

/** Validation keys (namespace "validation"). */
export const SlaV = {
  minutes: 'validation.slaMinutes',
  oneTarget: 'validation.slaOneTarget',
} as const;

/** The longest target: 30 days of minutes. */
export const SLA_MAX_MINUTES = 43200;
/** The row turns amber when this share of the target has gone by. */
export const SLA_WARN_SHARE = 0.75;

const minutes = int(1, SLA_MAX_MINUTES, SlaV.minutes).nullable();

const targetFields = z.object({
  queueId: id,
  /** null: every connection of the queue; a connection id narrows it (and wins over the queue-wide one). */
  whatsappId: id.nullable().default(null),
  firstResponseMinutes: minutes.default(null),
  resolutionMinutes: minutes.default(null),
});

/** POST /sla-targets (admins). At least one of the two targets. */
export const slaTargetInputSchema = targetFields.refine((t) => t.firstResponseMinutes !== null || t.resolutionMinutes !== null, {
  message: SlaV.oneTarget,
  path: ['firstResponseMinutes'],
});
export type SlaTargetInput = z.infer<typeof slaTargetInputSchema>;

/** PUT /sla-targets/{id}: the same fields (the whole target). */
export const slaTargetUpdateSchema = slaTargetInputSchema;

export interface SlaTarget {
  id: number;
  queueId: number;
  queue: { id: number; name: string; color: string };
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A ticket's SLA as the ticket list and its live events carry it (`ticket.sla`, null without a
 * target). Due and warning instants already count only business hours when hours apply; the
 * web compares them with the clock.
 */
export interface TicketSla {
  startedAt: string;
  firstResponseDueAt: string | null;
  firstResponseWarnAt: string | null;
  resolutionDueAt: string | null;
  resolutionWarnAt: string | null;
  firstResponseBreachedAt: string | null;
  resolutionBreachedAt: string | null;
  /** From the ticket metrics: the first agent answer (the first-response clock stops). */
  firstResponseAt: string | null;
}

export type SlaKind = 'firstResponse' | 'resolution';

/** company-{id}-slaBreach, to the company's admins and the queue's supervisors (users with the dashboard). */
export interface SlaBreachEvent {
  action: 'breach';
  kind: SlaKind;
  ticketId: number;
  uuid: string;
  queueId: number | null;
  queueName: string | null;
  contactName: string | null;
  dueAt: string;
}

/** Verdict of one target of one ticket: met, breached, still running, or none (no target / closed unanswered). */
export type SlaStatus = 'met' | 'breached' | 'running';

export interface SlaCounts {
  met: number;
  breached: number;
  running: number;
}

/** GET /dashboard/sla: tickets created in the range that had an SLA. Seconds run from the SLA start on the targets' clock (business hours when they apply, else calendar). */
export interface SlaDashboard {
  firstResponse: SlaCounts;
  resolution: SlaCounts;
  byDay: ({ day: string } & SlaRowCounts)[];
  byQueue: ({ queueId: number | null; queueName: string | null } & SlaRowCounts)[];
  byUser: ({ userId: number | null; userName: string | null } & SlaRowCounts)[];
  percentiles: {
    firstResponse: { p50: number | null; p90: number | null; p95: number | null };
    resolution: { p50: number | null; p90: number | null; p95: number | null };
  };
}

export interface SlaRowCounts {
  firstResponseMet: number;
  firstResponseBreached: number;
  resolutionMet: number;
  resolutionBreached: number;
}
