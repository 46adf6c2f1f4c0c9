import type { Knex } from 'knex';

/**
 * Invoices (account-admin.md §3 Invoice) — one per company per billing period, enforced by the
 * unique (company_id, due_date) so the scheduled generator can never create two — and the payment
 * provider's webhook events, unique by (provider, event_id) so a redelivered event is applied once.
 * companies gains the custom plan chosen at checkout (users, connections, monthly value).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('detail', 200).notNullable();
    t.integer('users').notNullable().defaultTo(0);
    t.integer('connections').notNullable().defaultTo(0);
    t.integer('queues').notNullable().defaultTo(0);
    t.decimal('value', 12, 2).notNullable().defaultTo(0);
    t.date('due_date').notNullable();
    t.string('status', 10).notNullable().defaultTo('open');
    t.string('provider', 30);
    t.string('provider_payment_id', 100);
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true, false);
    t.unique(['company_id', 'due_date']);
    t.index(['provider', 'provider_payment_id']);
  });
  await knex.schema.createTable('payment_events', (t) => {
    t.increments('id');
    t.string('provider', 30).notNullable();
    t.string('event_id', 200).notNullable();
    t.string('event', 60).notNullable();
    t.integer('invoice_id').references('id').inTable('invoices').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'event_id']);
  });
  await knex.schema.alterTable('companies', (t) => {
    t.integer('custom_users');
    t.integer('custom_connections');
    t.decimal('custom_value', 12, 2);
    t.string('provider_customer_id', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('custom_users');
    t.dropColumn('custom_connections');
    t.dropColumn('custom_value');
    t.dropColumn('provider_customer_id');
  });
  await knex.schema.dropTable('payment_events');
  await knex.schema.dropTable('invoices');
}
