import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('chat_id').notNullable().references('id').inTable('chats').onDelete('CASCADE');
    t.integer('sender_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('message').notNullable();
    t.string('media_path', 500);
    t.string('media_name', 255);
    t.string('media_type', 10);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Message pages: newest first per chat.
    t.index(['company_id', 'chat_id', 'id']);
    t.index(['company_id', 'sender_id']);
  });
  await knex.raw(
    "ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_media_type_check CHECK (media_type IN ('image', 'audio', 'video', 'other'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_messages');
}
