import type { Knex } from 'knex';

/**
 * The flow's inbound webhook is signed (X-Guiche-Signature over t + "." + the raw body) with a
 * per-flow secret sealed by core's secret box. Flows created before this have none and keep
 * starting on their URL alone until an admin generates one (the trigger form warns); new flows
 * get theirs when created. Signatures already used are remembered for the tolerance window, so a
 * captured call cannot be played again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('flow_builder_flows', (t) => {
    t.text('webhook_secret');
  });
  await knex.schema.createTable('flow_builder_hook_signatures', (t) => {
    t.integer('flow_id').notNullable().references('id').inTable('flow_builder_flows').onDelete('CASCADE');
    t.string('signature', 64).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['flow_id', 'signature']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('flow_builder_hook_signatures');
  await knex.schema.alterTable('flow_builder_flows', (t) => {
    t.dropColumn('webhook_secret');
  });
}
