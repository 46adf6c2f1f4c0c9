import type { Knex } from 'knex';

/**
 * A channel session's credentials and keys (ARCHITECTURE §3: never files). One row per
 * connection, category and key; value is JSON text. Written by AuthStateStore, one transaction per
 * batch, and dropped with its connection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('channel_auth_state', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('category', 64).notNullable();
    t.string('key_id', 255).notNullable();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['whatsapp_id', 'category', 'key_id']);
    t.index(['company_id', 'whatsapp_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('channel_auth_state');
}
