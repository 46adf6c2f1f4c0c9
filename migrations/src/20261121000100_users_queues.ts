import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('email', 120).notNullable();
    t.string('password_hash').notNullable();
    t.integer('token_version').notNullable().defaultTo(0);
    t.string('profile', 10).notNullable().defaultTo('user');
    t.boolean('super').notNullable().defaultTo(false);
    t.string('start_work', 8).notNullable().defaultTo('00:00');
    t.string('end_work', 8).notNullable().defaultTo('23:59');
    t.text('farewell_message');
    t.string('all_ticket', 10).notNullable().defaultTo('disable');
    t.boolean('allow_group').notNullable().defaultTo(false);
    t.string('default_theme', 10).notNullable().defaultTo('light');
    t.string('default_menu', 10).notNullable().defaultTo('open');
    t.integer('whatsapp_id');
    t.boolean('show_dashboard').notNullable().defaultTo(false);
    t.boolean('allow_real_time').notNullable().defaultTo(false);
    t.boolean('allow_connections').notNullable().defaultTo(false);
    t.boolean('online').notNullable().defaultTo(false);
    t.timestamp('last_seen_at', { useTz: true });
    t.string('language', 5);
    t.string('profile_image');
    t.timestamps(true, true, false);
    t.index(['company_id', 'name']);
  });
  // One account per e-mail across the platform: login is by e-mail alone.
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');

  await knex.schema.createTable('queues', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('color', 9).notNullable();
    t.text('greeting_message');
    t.text('out_of_hours_message');
    t.integer('order_queue');
    t.timestamps(true, true, false);
    t.unique(['company_id', 'name']);
    t.unique(['company_id', 'color']);
  });

  await knex.schema.createTable('user_queues', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('queue_id').notNullable().references('id').inTable('queues').onDelete('CASCADE');
    t.primary(['user_id', 'queue_id']);
    t.index(['company_id', 'queue_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_queues');
  await knex.schema.dropTable('queues');
  await knex.schema.dropTable('users');
}
