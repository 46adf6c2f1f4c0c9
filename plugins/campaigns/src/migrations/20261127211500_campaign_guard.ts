import type { Knex } from 'knex';

/** Ban guardrails (issue #31): per-connection limits and the log of what the guard decided. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('campaign_connection_guards', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('connection_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    // null = the documented default (guard-rules.ts GUARD_DEFAULTS).
    t.integer('daily_cap');
    t.integer('warmup_start');
    t.integer('warmup_days');
    t.string('sending_from', 5);
    t.string('sending_to', 5);
    t.integer('failure_threshold');
    t.integer('failure_window_minutes');
    // The first campaign send through this connection: day 0 of its warm-up ramp.
    t.timestamp('first_send_at', { useTz: true });
    // Cloud API connections: Meta's messaging limit tier and quality rating, last read.
    t.string('messaging_tier', 40);
    t.string('quality_rating', 20);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['connection_id']);
    t.index(['company_id']);
  });
  await knex.schema.createTable('campaign_guard_events', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.integer('connection_id');
    t.string('decision', 40).notNullable();
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['campaign_id', 'id']);
  });
  await knex.schema.alterTable('campaigns', (t) => {
    // A resume click: failures before it no longer count toward the automatic pause.
    t.timestamp('guard_resumed_at', { useTz: true });
  });
  await knex.schema.alterTable('campaign_shippings', (t) => {
    t.index(['connection_id', 'sending_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_shippings', (t) => t.dropIndex(['connection_id', 'sending_at']));
  await knex.schema.alterTable('campaigns', (t) => t.dropColumn('guard_resumed_at'));
  await knex.schema.dropTable('campaign_guard_events');
  await knex.schema.dropTable('campaign_connection_guards');
}
