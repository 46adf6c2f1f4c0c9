import type { Knex } from 'knex';

/**
 * The audit log (issue #33): one append-only row per configuration change, sign-in, failed sign-in,
 * token regeneration and data export. A trigger refuses UPDATE and DELETE unless the transaction
 * set `guiche.audit_purge` (only the retention job does), so no route — nor a bug in one — can
 * rewrite history. company_id is null for platform rows (plans, unknown e-mails).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_logs', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').nullable();
    t.integer('user_id').nullable();
    t.string('user_name').nullable();
    t.string('user_email').nullable();
    t.string('action', 40).notNullable();
    t.string('entity', 60).notNullable();
    t.string('entity_id', 120).nullable();
    t.string('ip', 64).nullable();
    t.string('method', 10).nullable();
    t.string('path', 300).nullable();
    t.jsonb('old_values').nullable();
    t.jsonb('new_values').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX audit_logs_company_created ON audit_logs (company_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX audit_logs_created ON audit_logs (created_at DESC, id DESC)');
  await knex.raw(`
    CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND current_setting('guiche.audit_purge', true) = 'on' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_logs is append-only';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
    FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_logs');
  await knex.raw('DROP FUNCTION IF EXISTS audit_logs_append_only()');
}
