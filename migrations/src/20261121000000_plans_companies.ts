import type { Knex } from 'knex';

const planFlags = [
  'use_whatsapp',
  'use_facebook',
  'use_instagram',
  'use_campaigns',
  'use_schedules',
  'use_internal_chat',
  'use_external_api',
  'use_kanban',
  'use_open_ai',
  'use_integrations',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable().unique();
    t.integer('users').notNullable().defaultTo(0);
    t.integer('connections').notNullable().defaultTo(0);
    t.integer('queues').notNullable().defaultTo(0);
    t.decimal('amount', 12, 2).notNullable().defaultTo(0);
    t.boolean('is_public').notNullable().defaultTo(true);
    for (const flag of planFlags) t.boolean(flag).notNullable().defaultTo(false);
    t.timestamps(true, true, false);
  });

  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable().unique();
    t.string('email', 120);
    t.string('phone', 30);
    t.string('document', 20);
    t.integer('plan_id').references('id').inTable('plans').onDelete('RESTRICT');
    t.boolean('status').notNullable().defaultTo(true);
    t.date('due_date');
    t.string('recurrence', 20).notNullable().defaultTo('MENSAL');
    t.string('payment_method', 30);
    t.timestamp('last_login', { useTz: true });
    t.timestamps(true, true, false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
  await knex.schema.dropTable('plans');
}
