import type { Knex } from 'knex';

/**
 * The HTTP node's request is durable work of its own (timed work `flow-builder.http`): a run
 * waiting on it names the call it waits for, so only that call's result moves it on, once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('flow_builder_runs', (t) => {
    t.string('http_call_id', 36);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('flow_builder_runs', (t) => {
    t.dropColumn('http_call_id');
  });
}
