import type { Knex } from 'knex';

/** One row per connection alert told to the on-call phones: every node hears the alert, one sends it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plantao_connection_alerts', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('connection_id').notNullable();
    t.timestamp('alerted_at', { useTz: true }).notNullable();
    t.integer('notified').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['connection_id', 'alerted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plantao_connection_alerts');
}
