import type { Knex } from 'knex';

/** Issue #33: a rota pages its person on SLA breaches only when the admin says so (off by default). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plantoes', (t) => {
    t.boolean('page_sla_breaches').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plantoes', (t) => {
    t.dropColumn('page_sla_breaches');
  });
}
