import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One row per Idempotency-Key of a connection: the unique key makes a retried request send once.
  await knex.schema.createTable('external_api_idempotency', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('key', 200).notNullable();
    t.string('request_hash', 64).notNullable();
    /** null while the first request is in flight. */
    t.integer('status_code');
    t.jsonb('response');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['whatsapp_id', 'key']);
  });
  // Every call, per connection, for the admin's "last calls".
  await knex.schema.createTable('external_api_calls', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('status_code').notNullable();
    t.string('error', 60);
    t.string('number', 30);
    t.integer('ticket_id');
    t.jsonb('message_ids');
    t.integer('media_count').notNullable().defaultTo(0);
    t.string('idempotency_key', 200);
    t.string('ip', 60);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['whatsapp_id', 'id']);
    t.index(['company_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('external_api_calls');
  await knex.schema.dropTableIfExists('external_api_idempotency');
}
