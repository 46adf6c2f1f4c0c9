import type { Knex } from 'knex';

/**
 * Queues' chatbot options, file lists and the bot's state (issue 10; outreach-config.md §3,
 * account-admin.md §3, inbox.md §3).
 *
 * - `files` / `files_options`: a file list is a message with named files the bot sends.
 * - `chatbots`: the options tree of a queue (parent_id; deleting an option deletes its subtree).
 *   Every option carries its queue and company, so a queue's whole tree is one indexed read.
 * - Company service hours (scheduleType company) beside the queue's and the connection's.
 * - Bot state lives in ticket columns, never in memory: the stage (lgpd consent, queue menu,
 *   options), the current option node, and the start of the invalid-answers window
 *   (amount_used_bot_queues counts the invalid answers in it).
 * - A rating question counts the answers that were not a rate (maxUseBotQueuesNPS).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.text('message').notNullable().defaultTo('');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true, false);
    t.index(['company_id', 'name', 'id']);
  });

  await knex.schema.createTable('files_options', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('file_id').notNullable().references('id').inTable('files').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    /** Storage path of the uploaded file; null until uploaded. */
    t.string('path');
    t.string('media_type', 100);
    t.timestamps(true, true, false);
    t.index(['company_id', 'file_id', 'id']);
  });

  await knex.schema.alterTable('queues', (t) => {
    t.foreign('file_list_id').references('id').inTable('files').onDelete('SET NULL');
  });

  await knex.schema.createTable('chatbots', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('queue_id').notNullable().references('id').inTable('queues').onDelete('CASCADE');
    t.integer('parent_id').references('id').inTable('chatbots').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.text('greeting_message');
    t.string('queue_type', 20).notNullable().defaultTo('text');
    t.boolean('close_ticket').notNullable().defaultTo(false);
    t.integer('opt_queue_id').references('id').inTable('queues').onDelete('SET NULL');
    t.integer('opt_user_id').references('id').inTable('users').onDelete('SET NULL');
    /** A queue integration (owned by the integrations module, hence no foreign key). */
    t.integer('opt_integration_id');
    t.integer('opt_file_id').references('id').inTable('files').onDelete('SET NULL');
    t.timestamps(true, true, false);
    t.index(['company_id', 'queue_id', 'id']);
    t.index(['parent_id']);
  });

  await knex.schema.alterTable('companies', (t) => {
    t.jsonb('schedules').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  });

  await knex.schema.alterTable('tickets', (t) => {
    /** null: the bot is not talking; 'lgpd': awaiting consent; 'menu': the queue menu; 'options': a queue's options. */
    t.string('bot_stage', 10);
    /** The option whose children are the menu being answered (null at a queue's first level). */
    t.integer('chatbot_id').references('id').inTable('chatbots').onDelete('SET NULL');
    /** Start of the window (timeUseBotQueues) in which amount_used_bot_queues invalid answers were counted. */
    t.timestamp('bot_attempts_at', { useTz: true });
    /** When the bot last asked something (inactivity is measured from it). */
    t.timestamp('bot_asked_at', { useTz: true });
    /** When the out-of-hours message was last sent on this ticket (sent at most once an hour). */
    t.timestamp('out_of_hours_sent_at', { useTz: true });
  });

  await knex.schema.alterTable('ticket_ratings', (t) => {
    /** Answers that were not a rate (bounded by the connection's maxUseBotQueuesNPS). */
    t.integer('attempts').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_ratings', (t) => t.dropColumn('attempts'));
  await knex.schema.alterTable('tickets', (t) => {
    t.dropForeign(['chatbot_id']);
    t.dropColumns('bot_stage', 'chatbot_id', 'bot_attempts_at', 'bot_asked_at', 'out_of_hours_sent_at');
  });
  await knex.schema.alterTable('companies', (t) => t.dropColumn('schedules'));
  await knex.schema.dropTable('chatbots');
  await knex.schema.alterTable('queues', (t) => t.dropForeign(['file_list_id']));
  await knex.schema.dropTable('files_options');
  await knex.schema.dropTable('files');
}
