import type { Knex } from 'knex';

/** One row per SLA breach told to the on-call phones (the breach timer's record: how many people it reached). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plantao_sla_alerts', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.string('kind', 20).notNullable();
    t.integer('notified').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['ticket_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plantao_sla_alerts');
}
