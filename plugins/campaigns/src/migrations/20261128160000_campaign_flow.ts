import type { Knex } from 'knex';

/**
 * A campaign may name a flow of the flow builder that starts on each contact's reply (issue 34).
 * No foreign key: the flow is the flow builder's row, checked by that module when it starts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.integer('flow_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('flow_id');
  });
}
