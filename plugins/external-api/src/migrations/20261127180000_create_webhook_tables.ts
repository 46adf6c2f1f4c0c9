import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A company's webhook subscriptions: where to send which events, signed with its secret (sealed).
  await knex.schema.createTable('webhook_subscriptions', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('url', 2000).notNullable();
    t.jsonb('events').notNullable();
    t.text('secret').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    /** Failed attempts in a row (any delivery); a success resets it. */
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('failing_since', { useTz: true });
    t.timestamp('disabled_at', { useTz: true });
    t.string('disabled_reason', 30);
    t.timestamps(true, true);
    t.index(['company_id']);
  });
  // One event for one subscription. The body is kept as sent (text: jsonb would reorder its keys).
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('subscription_id').notNullable().references('id').inTable('webhook_subscriptions').onDelete('CASCADE');
    t.uuid('event_id').notNullable();
    /** Dedupe key of the event: every node hears the bus, one row is kept. */
    t.string('event_key', 200).notNullable();
    t.string('type', 40).notNullable();
    /** Deliveries sharing it go out in id order (`ticket:<id>`, `contact:<id>`). */
    t.string('order_key', 60);
    t.text('body').notNullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['subscription_id', 'event_key']);
    t.index(['subscription_id', 'order_key', 'id']);
  });
  // Every attempt of every delivery: the subscription's delivery log.
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('subscription_id').notNullable().references('id').inTable('webhook_subscriptions').onDelete('CASCADE');
    t.bigInteger('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.integer('status_code');
    t.integer('duration_ms').notNullable();
    t.string('response', 1024).notNullable().defaultTo('');
    t.string('error', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['subscription_id', 'id']);
    t.index(['delivery_id']);
  });
  // The last state of each ticket the webhooks saw, to tell which of status, queue and user changed.
  await knex.schema.createTable('webhook_ticket_state', (t) => {
    t.integer('ticket_id').primary().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.integer('queue_id');
    t.integer('user_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_ticket_state');
  await knex.schema.dropTableIfExists('webhook_attempts');
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_subscriptions');
}
