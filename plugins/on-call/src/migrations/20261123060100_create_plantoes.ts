import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plantoes', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('phone', 30).notNullable();
    /** Minutes between two notifications of one waiting ticket. */
    t.integer('interval').notNullable().defaultTo(1);
    /** Seven entries { weekday, weekdayEn, startTime, endTime } (HH:MM or ''). */
    t.jsonb('days').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'id']);
  });
  // One row per (on-call person, waiting ticket): the notifications sent so far.
  await knex.schema.createTable('plantao_alerts', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('plantao_id').notNullable().references('id').inTable('plantoes').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('notifications').notNullable().defaultTo(0);
    t.timestamp('last_notified_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['plantao_id', 'ticket_id']);
    t.index(['ticket_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('plantao_alerts');
  await knex.schema.dropTableIfExists('plantoes');
}
