import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schedules', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    // The connection chosen in the dialog; null = the company's default connection at send time.
    t.integer('whatsapp_id').references('id').inTable('whatsapps').onDelete('SET NULL');
    t.integer('ticket_id').references('id').inTable('tickets').onDelete('SET NULL');
    t.text('body').notNullable();
    t.timestamp('send_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.string('status', 12).notNullable().defaultTo('PENDENTE');
    t.string('error', 60);
    t.string('repeat', 10).notNullable().defaultTo('none');
    t.timestamp('first_send_at', { useTz: true }).notNullable();
    t.timestamp('repeat_until', { useTz: true });
    t.integer('sent_count').notNullable().defaultTo(0);
    t.integer('waits').notNullable().defaultTo(0);
    t.string('media_path', 500);
    t.string('media_name', 255);
    t.string('media_type', 120);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'id']);
    t.index(['company_id', 'contact_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('schedules');
}
