import type { Knex } from 'knex';

/** The flow builder's plan flag (issue #34): off in every existing plan until the super admin turns it on. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    t.boolean('use_flow_builder').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    t.dropColumn('use_flow_builder');
  });
}
