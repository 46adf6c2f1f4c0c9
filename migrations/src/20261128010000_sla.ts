import type { Knex } from 'knex';

/**
 * Issue #33, SLA targets with alerts.
 *
 * - sla_targets: per queue (optionally narrowed to one connection) the first-response and
 *   resolution targets in minutes; one row per (company, queue, connection or none).
 * - ticket_sla: a ticket's SLA as last evaluated by the `sla.check` timed work: the target that
 *   applied, the instant it started, the due and warning (75 %) instants of each target, and the
 *   instant each breach was recorded (set once, never cleared: a breach fires once).
 * - A trigger on ticket_metrics (itself kept by triggers in every ticket transaction) sets the
 *   ticket's `sla.check` timer due now whenever what an SLA depends on changes: status, queue,
 *   connection, first queue entry, first response, close. It is a timed_work row written in the
 *   ticket's own transaction, so no path that moves a ticket can forget it and a crash loses none.
 *   Companies without targets (and tickets without an SLA row) pay one index probe.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sla_targets', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('queue_id').notNullable().references('id').inTable('queues').onDelete('CASCADE');
    t.integer('whatsapp_id').nullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('first_response_minutes').nullable();
    t.integer('resolution_minutes').nullable();
    t.timestamps(true, true, false);
  });
  await knex.raw('CREATE UNIQUE INDEX sla_targets_scope_unique ON sla_targets (company_id, queue_id, coalesce(whatsapp_id, 0))');

  await knex.schema.createTable('ticket_sla', (t) => {
    t.integer('ticket_id').primary().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('target_id').nullable().references('id').inTable('sla_targets').onDelete('SET NULL');
    t.integer('queue_id').nullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('first_response_due_at', { useTz: true });
    t.timestamp('first_response_warn_at', { useTz: true });
    t.timestamp('resolution_due_at', { useTz: true });
    t.timestamp('resolution_warn_at', { useTz: true });
    t.timestamp('first_response_breached_at', { useTz: true });
    t.timestamp('resolution_breached_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX ticket_sla_company_started ON ticket_sla (company_id, started_at)');

  await knex.raw(`
    CREATE FUNCTION sla_on_metrics() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM sla_targets WHERE company_id = NEW.company_id)
         OR EXISTS (SELECT 1 FROM ticket_sla WHERE ticket_id = NEW.ticket_id) THEN
        INSERT INTO timed_work (kind, key, company_id, due_at, payload)
        VALUES ('sla.check', 'ticket:' || NEW.ticket_id, NEW.company_id, now(), jsonb_build_object('ticketId', NEW.ticket_id))
        ON CONFLICT (kind, key) DO UPDATE SET due_at = now(), attempts = 0, last_error = NULL, failed_at = NULL, updated_at = now();
      END IF;
      RETURN NULL;
    END $$;
  `);
  await knex.raw('CREATE TRIGGER sla_metrics_insert AFTER INSERT ON ticket_metrics FOR EACH ROW EXECUTE FUNCTION sla_on_metrics()');
  await knex.raw(`CREATE TRIGGER sla_metrics_update AFTER UPDATE ON ticket_metrics FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.queue_id IS DISTINCT FROM NEW.queue_id
       OR OLD.whatsapp_id IS DISTINCT FROM NEW.whatsapp_id OR OLD.first_queued_at IS DISTINCT FROM NEW.first_queued_at
       OR OLD.first_response_at IS DISTINCT FROM NEW.first_response_at OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
    EXECUTE FUNCTION sla_on_metrics()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS sla_metrics_update ON ticket_metrics');
  await knex.raw('DROP TRIGGER IF EXISTS sla_metrics_insert ON ticket_metrics');
  await knex.raw('DROP FUNCTION IF EXISTS sla_on_metrics()');
  await knex.schema.dropTableIfExists('ticket_sla');
  await knex.schema.dropTableIfExists('sla_targets');
}
