import type { Knex } from 'knex';

/**
 * Tickets and their messages (inbox.md §3). The messaging core's contract between ingest, the
 * tickets/messages API and outbound delivery: one active ticket per (company, contact, connection)
 * is enforced here, and a channel message id (wid) is unique per connection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tickets', (t) => {
    t.increments('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('whatsapp_id').references('id').inTable('whatsapps').onDelete('SET NULL');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('queue_id').references('id').inTable('queues').onDelete('SET NULL');
    t.string('status', 10).notNullable().defaultTo('pending');
    t.string('channel', 20).notNullable().defaultTo('whatsapp');
    t.boolean('is_group').notNullable().defaultTo(false);
    t.boolean('is_bot').notNullable().defaultTo(false);
    t.boolean('use_integration').notNullable().defaultTo(false);
    t.integer('integration_id');
    t.integer('prompt_id');
    t.integer('unread_messages').notNullable().defaultTo(0);
    t.text('last_message').notNullable().defaultTo('');
    t.timestamp('last_message_at', { useTz: true });
    t.integer('amount_used_bot_queues').notNullable().defaultTo(0);
    t.boolean('imported').notNullable().defaultTo(false);
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamps(true, true, false);
    // Ticket list: status views ordered by last activity, keyset on (updated_at, id).
    t.index(['company_id', 'status', 'updated_at', 'id']);
    t.index(['company_id', 'queue_id', 'status', 'updated_at']);
    t.index(['company_id', 'user_id', 'status', 'updated_at']);
    t.index(['company_id', 'contact_id']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX tickets_one_active_per_contact ON tickets (company_id, contact_id, whatsapp_id)
     WHERE status IN ('pending', 'open', 'group')`,
  );

  await knex.schema.createTable('messages', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.integer('whatsapp_id').references('id').inTable('whatsapps').onDelete('SET NULL');
    /** The agent who wrote an outgoing message (null for the contact's and the bot's). */
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    /** The channel's own message id; null until an outgoing message is sent. */
    t.string('wid', 255);
    t.boolean('from_me').notNullable().defaultTo(false);
    t.text('body').notNullable().defaultTo('');
    t.smallint('ack').notNullable().defaultTo(0);
    t.string('media_type', 30).notNullable().defaultTo('chat');
    t.string('media_url');
    t.string('media_name');
    t.bigInteger('quoted_msg_id').references('id').inTable('messages').onDelete('SET NULL');
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.boolean('is_edited').notNullable().defaultTo(false);
    t.boolean('is_private').notNullable().defaultTo(false);
    t.boolean('is_forwarded').notNullable().defaultTo(false);
    t.string('remote_jid', 255);
    t.string('participant', 255);
    /** Outbound delivery: pending until the channel accepted it, then sent, or failed. Null inbound. */
    t.string('send_status', 10);
    t.text('send_error');
    t.jsonb('data');
    t.timestamps(true, true, false);
    t.index(['company_id', 'ticket_id', 'id']);
  });
  await knex.raw('CREATE UNIQUE INDEX messages_wid_per_connection ON messages (whatsapp_id, wid) WHERE wid IS NOT NULL');
  await knex.raw("CREATE INDEX messages_pending_outbound ON messages (whatsapp_id, id) WHERE send_status = 'pending'");

  await knex.schema.createTable('ticket_logs', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.string('type', 30).notNullable();
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('queue_id').references('id').inTable('queues').onDelete('SET NULL');
    t.jsonb('data');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'ticket_id', 'id']);
  });

  await knex.schema.createTable('ticket_notes', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('note').notNullable();
    t.timestamps(true, true, false);
    t.index(['company_id', 'contact_id']);
    t.index(['company_id', 'ticket_id']);
  });

  await knex.schema.createTable('ticket_tags', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.primary(['ticket_id', 'tag_id']);
    t.index(['company_id', 'tag_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ticket_tags');
  await knex.schema.dropTable('ticket_notes');
  await knex.schema.dropTable('ticket_logs');
  await knex.schema.dropTable('messages');
  await knex.schema.dropTable('tickets');
}
