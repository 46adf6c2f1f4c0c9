import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prompts', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 100).notNullable().defaultTo('');
    t.text('prompt').notNullable().defaultTo('');
    // Secrets are AES-256-GCM ciphertexts (src/secrets.ts), never plain text.
    t.text('api_key').notNullable().defaultTo('');
    t.string('voice', 50).notNullable().defaultTo('texto');
    t.text('voice_key').notNullable().defaultTo('');
    t.string('voice_region', 50).notNullable().defaultTo('');
    t.integer('max_tokens').notNullable().defaultTo(100);
    t.float('temperature').notNullable().defaultTo(1);
    t.integer('max_messages').notNullable().defaultTo(10);
    t.integer('queue_id').references('id').inTable('queues').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'name']);
  });
  // Token usage per company (one row per model answer).
  await knex.schema.createTable('prompt_usage', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('prompt_id').references('id').inTable('prompts').onDelete('SET NULL');
    t.integer('ticket_id').references('id').inTable('tickets').onDelete('SET NULL');
    t.integer('prompt_tokens').notNullable().defaultTo(0);
    t.integer('completion_tokens').notNullable().defaultTo(0);
    t.integer('total_tokens').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('prompt_usage');
  await knex.schema.dropTableIfExists('prompts');
}
