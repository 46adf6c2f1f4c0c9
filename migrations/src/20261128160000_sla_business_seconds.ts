import type { Knex } from 'knex';

/**
 * Issue #33: the SLA dashboard's percentiles on the targets' clock. met/breached are judged in business
 * hours (when the company's/queue's/connection's hours apply), so the seconds to the first answer and to
 * the close are measured the same way by the `sla.check` handler (core/src/sla/business-time.ts
 * businessSeconds) and kept on ticket_sla with the instant each was measured to:
 * - first_response_seconds / first_response_measured_to, resolution_seconds / resolution_measured_to.
 * The rollup (sla_figures_of, migration 20261128150000_sla_daily) takes a stored value while its instant
 * is still the metrics' one, and calendar seconds otherwise: until the check has measured a new answer
 * or close (it is set due in the same transaction), and for rows settled before this migration that no
 * check revisits — the same figure as before for companies without hours.
 * - resolution_started_at: where the resolution clock starts when it is not the SLA start — a reopened
 *   ticket's last reopen (ticket_metrics.reopened_at): the resolution target counts again from there,
 *   the first response stays as recorded. Null = started_at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_sla', (t) => {
    t.double('first_response_seconds').nullable();
    t.timestamp('first_response_measured_to', { useTz: true }).nullable();
    t.double('resolution_seconds').nullable();
    t.timestamp('resolution_measured_to', { useTz: true }).nullable();
    t.timestamp('resolution_started_at', { useTz: true }).nullable();
  });
  await knex.raw(`
    CREATE OR REPLACE FUNCTION sla_figures_of(s ticket_sla, m ticket_metrics) RETURNS sla_ticket_figures LANGUAGE sql STABLE RETURN ROW(
      s.ticket_id, s.company_id, (s.started_at AT TIME ZONE 'America/Sao_Paulo')::date, m.queue_id, m.user_id,
      (CASE WHEN s.first_response_due_at IS NULL THEN NULL
            WHEN m.first_response_at IS NOT NULL THEN CASE WHEN m.first_response_at <= s.first_response_due_at THEN 1 ELSE 2 END
            WHEN s.first_response_breached_at IS NOT NULL THEN 2 END)::smallint,
      (CASE WHEN s.resolution_due_at IS NULL THEN NULL
            WHEN m.closed_at IS NOT NULL THEN CASE WHEN m.closed_at <= s.resolution_due_at THEN 1 ELSE 2 END
            WHEN s.resolution_breached_at IS NOT NULL THEN 2 END)::smallint,
      CASE WHEN s.first_response_measured_to = m.first_response_at THEN s.first_response_seconds
           ELSE extract(epoch FROM m.first_response_at - s.started_at)::double precision END,
      CASE WHEN s.resolution_measured_to = m.closed_at THEN s.resolution_seconds
           ELSE extract(epoch FROM m.closed_at - coalesce(s.resolution_started_at, s.started_at))::double precision END,
      CASE WHEN m.first_response_at IS NULL AND s.first_response_breached_at IS NULL AND m.status IN ('pending', 'open') THEN s.first_response_due_at END,
      CASE WHEN m.closed_at IS NULL AND s.resolution_breached_at IS NULL THEN s.resolution_due_at END
    )::sla_ticket_figures
  `);
  await recreateUpdateTrigger(
    knex,
    ', OLD.first_response_seconds, OLD.first_response_measured_to, OLD.resolution_seconds, OLD.resolution_measured_to, OLD.resolution_started_at',
    ', NEW.first_response_seconds, NEW.first_response_measured_to, NEW.resolution_seconds, NEW.resolution_measured_to, NEW.resolution_started_at',
  );
}

/** The rollup's trigger on ticket_sla updates, firing on the given columns too (the measured seconds). */
async function recreateUpdateTrigger(knex: Knex, oldExtra: string, newExtra: string): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS sla_rollup_ticket_sla_update ON ticket_sla');
  await knex.raw(`CREATE TRIGGER sla_rollup_ticket_sla_update AFTER UPDATE ON ticket_sla FOR EACH ROW
    WHEN (ROW(OLD.company_id, OLD.started_at, OLD.first_response_due_at, OLD.resolution_due_at, OLD.first_response_breached_at, OLD.resolution_breached_at${oldExtra})
          IS DISTINCT FROM ROW(NEW.company_id, NEW.started_at, NEW.first_response_due_at, NEW.resolution_due_at, NEW.first_response_breached_at, NEW.resolution_breached_at${newExtra}))
    EXECUTE FUNCTION sla_rollup_on_ticket_sla()`);
}

export async function down(knex: Knex): Promise<void> {
  await recreateUpdateTrigger(knex, '', '');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION sla_figures_of(s ticket_sla, m ticket_metrics) RETURNS sla_ticket_figures LANGUAGE sql STABLE RETURN ROW(
      s.ticket_id, s.company_id, (s.started_at AT TIME ZONE 'America/Sao_Paulo')::date, m.queue_id, m.user_id,
      (CASE WHEN s.first_response_due_at IS NULL THEN NULL
            WHEN m.first_response_at IS NOT NULL THEN CASE WHEN m.first_response_at <= s.first_response_due_at THEN 1 ELSE 2 END
            WHEN s.first_response_breached_at IS NOT NULL THEN 2 END)::smallint,
      (CASE WHEN s.resolution_due_at IS NULL THEN NULL
            WHEN m.closed_at IS NOT NULL THEN CASE WHEN m.closed_at <= s.resolution_due_at THEN 1 ELSE 2 END
            WHEN s.resolution_breached_at IS NOT NULL THEN 2 END)::smallint,
      extract(epoch FROM m.first_response_at - s.started_at)::double precision,
      extract(epoch FROM m.closed_at - s.started_at)::double precision,
      CASE WHEN m.first_response_at IS NULL AND s.first_response_breached_at IS NULL AND m.status IN ('pending', 'open') THEN s.first_response_due_at END,
      CASE WHEN m.closed_at IS NULL AND s.resolution_breached_at IS NULL THEN s.resolution_due_at END
    )::sla_ticket_figures
  `);
  // The stored figures keep the seconds they were computed with until each ticket changes again: recompute them.
  await knex.schema.alterTable('ticket_sla', (t) => {
    t.dropColumn('first_response_seconds');
    t.dropColumn('first_response_measured_to');
    t.dropColumn('resolution_seconds');
    t.dropColumn('resolution_measured_to');
    t.dropColumn('resolution_started_at');
  });
  await knex.raw('SELECT sla_rollup_refresh(ticket_id) FROM ticket_sla');
}
