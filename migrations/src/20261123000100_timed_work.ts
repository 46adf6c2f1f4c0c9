import type { Knex } from 'knex';

/**
 * Durable timed work (ARCHITECTURE.md §11): one row per pending timer, (kind, key) unique so a
 * timer is replaced, not doubled, when it is set again. A node's sweeper claims due rows with
 * FOR UPDATE SKIP LOCKED and deletes a row in the same transaction as the effects it fires.
 * failed_at is set when a timer gave up after its attempts; such rows are kept for inspection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('timed_work', (t) => {
    t.bigIncrements('id');
    t.string('kind', 100).notNullable();
    t.string('key', 200).notNullable();
    t.integer('company_id').references('id').inTable('companies').onDelete('CASCADE');
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('failed_at', { useTz: true });
    t.timestamps(true, true, false);
    t.unique(['kind', 'key']);
    t.index(['company_id']);
  });
  await knex.raw('CREATE INDEX timed_work_due ON timed_work (due_at, id) WHERE failed_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('timed_work');
}
