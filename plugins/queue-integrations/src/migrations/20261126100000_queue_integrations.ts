import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('queue_integrations', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('type', 20).notNullable();
    t.string('name', 50).notNullable();
    t.string('project_name', 100).notNullable().defaultTo('');
    t.text('json_content');
    t.string('language', 10);
    t.string('url_n8n', 500);
    t.string('typebot_slug', 255);
    t.integer('typebot_expires').notNullable().defaultTo(1);
    t.integer('typebot_delay_message').notNullable().defaultTo(1000);
    t.string('typebot_keyword_finish', 100);
    t.string('typebot_keyword_restart', 100);
    t.text('typebot_unknown_message');
    t.text('typebot_restart_message');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'name']);
  });
  // A ticket's conversation with an outside bot (Typebot's sessionId and the input it waits for).
  await knex.schema.createTable('integration_sessions', (t) => {
    t.integer('ticket_id').primary().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('integration_id').notNullable().references('id').inTable('queue_integrations').onDelete('CASCADE');
    t.string('session_id', 255).notNullable();
    t.jsonb('input');
    t.timestamp('last_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('integration_sessions');
  await knex.schema.dropTableIfExists('queue_integrations');
}
