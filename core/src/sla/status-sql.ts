/**
 * SQL verdicts of a ticket's two targets, from ticket_sla `s` and ticket_metrics `m` (the recorded
 * first response and close — never re-derived from messages): 'met', 'breached', 'running', or
 * null (no such target; or closed without an agent answer, which has no first-response verdict
 * unless its breach was recorded while it waited). Read by the tickets report; the SLA dashboard
 * reads the rollup (migration 20261128150000_sla_daily), whose triggers write these same rules for
 * settled verdicts — change both together (core/test/sla-dashboard-rollup.test.ts keeps this SQL
 * as its oracle and fails when they part).
 */
export const FIRST_RESPONSE_STATUS = `CASE
  WHEN s.first_response_due_at IS NULL THEN NULL
  WHEN m.first_response_at IS NOT NULL THEN CASE WHEN m.first_response_at <= s.first_response_due_at THEN 'met' ELSE 'breached' END
  WHEN s.first_response_breached_at IS NOT NULL THEN 'breached'
  WHEN m.status NOT IN ('pending', 'open') THEN NULL
  WHEN now() >= s.first_response_due_at THEN 'breached'
  ELSE 'running' END`;

export const RESOLUTION_STATUS = `CASE
  WHEN s.resolution_due_at IS NULL THEN NULL
  WHEN m.closed_at IS NOT NULL THEN CASE WHEN m.closed_at <= s.resolution_due_at THEN 'met' ELSE 'breached' END
  WHEN s.resolution_breached_at IS NOT NULL OR now() >= s.resolution_due_at THEN 'breached'
  ELSE 'running' END`;

/**
 * Seconds from the SLA start to the first answer / from the resolution clock's start (the last reopen,
 * else the SLA start) to the close, on the targets' clock (business hours
 * when they apply), as the `sla.check` measured them into ticket_sla; calendar seconds while the
 * metrics' instant is newer than the measured one (the check is due) or for rows never measured.
 * The rollup's sla_figures_of (migration 20261128160000_sla_business_seconds) follows this same rule.
 */
export const FIRST_RESPONSE_SECONDS = `CASE WHEN s.first_response_measured_to = m.first_response_at THEN s.first_response_seconds
  ELSE extract(epoch FROM m.first_response_at - s.started_at)::double precision END`;

export const RESOLUTION_SECONDS = `CASE WHEN s.resolution_measured_to = m.closed_at THEN s.resolution_seconds
  ELSE extract(epoch FROM m.closed_at - coalesce(s.resolution_started_at, s.started_at))::double precision END`;
