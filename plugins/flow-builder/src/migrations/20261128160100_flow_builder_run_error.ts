import type { Knex } from 'knex';

/** Why a run failed at its node (issue 29: ERR_WINDOW_CLOSED when a Cloud API window closed and the message had no template). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('flow_builder_runs', (t) => {
    t.string('error', 64);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('flow_builder_runs', (t) => {
    t.dropColumn('error');
  });
}
