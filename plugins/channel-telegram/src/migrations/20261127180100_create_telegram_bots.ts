import type { Knex } from 'knex';

/** A Telegram connection's bot: its token and webhook secret sealed with core's secretBox, and the long-polling offset. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('telegram_bots', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.bigInteger('bot_id').notNullable().unique();
    t.string('username', 64).notNullable();
    t.text('token').notNullable();
    t.text('webhook_secret').notNullable();
    t.bigInteger('update_offset').notNullable().defaultTo(0);
    t.string('last_error', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('telegram_bots');
}
