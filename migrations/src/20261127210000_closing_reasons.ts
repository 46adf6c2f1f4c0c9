import type { Knex } from 'knex';

/**
 * Closing reasons (issue #33): the company's list, and the reason a resolved ticket was closed
 * for. The ticket keeps only the last close's reason (a reopen clears it); each close's reason is
 * also in that close's ticket log entry.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('closing_reasons', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 80).notNullable();
    t.string('color', 9).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true, false);
    t.index(['company_id', 'name', 'id']);
  });
  await knex.raw('CREATE UNIQUE INDEX closing_reasons_company_name_unique ON closing_reasons (company_id, lower(name))');
  await knex.schema.alterTable('tickets', (t) => {
    // A reason is never deleted while tickets name it (the API refuses; deactivate instead).
    t.integer('close_reason_id').references('id').inTable('closing_reasons').onDelete('RESTRICT');
  });
  // A reason's ticket count and the foreign key's check when a reason is deleted.
  await knex.raw('CREATE INDEX tickets_close_reason ON tickets (close_reason_id) WHERE close_reason_id IS NOT NULL');
  // The dashboard's reason counts: closes of a company in a range that carry a reason.
  await knex.raw('CREATE INDEX tickets_close_reason_closed_at ON tickets (company_id, closed_at) INCLUDE (close_reason_id, queue_id, user_id) WHERE close_reason_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_close_reason_closed_at');
  await knex.raw('DROP INDEX IF EXISTS tickets_close_reason');
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('close_reason_id');
  });
  await knex.schema.dropTable('closing_reasons');
}
