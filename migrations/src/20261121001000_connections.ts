import type { Knex } from 'knex';

/**
 * Connections (account-admin.md §3): one row per channel session of a company. The table keeps the
 * name `whatsapps` that the API (/whatsapp), users.whatsapp_id and whatsapp_queues use. A channel's
 * auth state (Baileys keys) is not here: the channel SDK keeps it in its own table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapps', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('channel', 20).notNullable().defaultTo('whatsapp');
    t.string('number', 50);
    t.string('status', 20).notNullable().defaultTo('OPENING');
    t.boolean('is_default').notNullable().defaultTo(false);
    // Unique across companies: the website widget and webhooks find their connection by token.
    t.string('token', 30).notNullable().unique();
    t.text('qrcode');
    t.text('session');
    t.integer('retries').notNullable().defaultTo(0);
    t.integer('prompt_id');
    t.integer('integration_id');
    t.text('greeting_message');
    t.text('complation_message');
    t.text('out_of_hours_message');
    t.text('rating_message');
    t.text('inactive_message');
    t.text('expires_inactive_message');
    t.string('status_import_messages', 40);
    t.timestamp('import_old_messages', { useTz: true });
    t.timestamp('import_recent_messages', { useTz: true });
    t.boolean('import_old_messages_groups').notNullable().defaultTo(false);
    t.boolean('closed_tickets_post_imported').notNullable().defaultTo(false);
    t.string('greeting_media_attachment');
    t.string('provider', 20).notNullable().defaultTo('beta');
    t.integer('max_use_bot_queues').notNullable().defaultTo(3);
    t.integer('max_use_bot_queues_nps').notNullable().defaultTo(3);
    t.integer('time_use_bot_queues').notNullable().defaultTo(0);
    t.integer('expires_ticket').notNullable().defaultTo(0);
    t.integer('expires_ticket_nps').notNullable().defaultTo(0);
    t.integer('time_inactive_message').notNullable().defaultTo(0);
    t.integer('time_create_new_ticket').notNullable().defaultTo(0);
    t.integer('time_send_queue').notNullable().defaultTo(0);
    t.integer('send_id_queue').references('id').inTable('queues').onDelete('SET NULL');
    t.integer('when_expires_ticket').notNullable().defaultTo(0);
    t.boolean('allow_group').notNullable().defaultTo(false);
    t.string('group_as_ticket', 10).notNullable().defaultTo('disabled');
    t.jsonb('schedules').notNullable().defaultTo('[]');
    t.string('wavoip');
    t.timestamps(true, true, false);
    t.index(['company_id', 'channel']);
  });
  await knex.raw('CREATE UNIQUE INDEX whatsapps_company_name_unique ON whatsapps (company_id, lower(name))');
  // At most one default per company; the API keeps it at exactly one while any connection exists.
  await knex.raw('CREATE UNIQUE INDEX whatsapps_company_default_unique ON whatsapps (company_id) WHERE is_default');

  await knex.schema.createTable('whatsapp_queues', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('queue_id').notNullable().references('id').inTable('queues').onDelete('CASCADE');
    t.primary(['whatsapp_id', 'queue_id']);
    t.index(['company_id', 'queue_id']);
  });

  await knex.schema.alterTable('users', (t) => {
    t.foreign('whatsapp_id').references('id').inTable('whatsapps').onDelete('SET NULL');
    t.index(['company_id', 'whatsapp_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['company_id', 'whatsapp_id']);
    t.dropForeign(['whatsapp_id']);
  });
  await knex.schema.dropTable('whatsapp_queues');
  await knex.schema.dropTable('whatsapps');
}
