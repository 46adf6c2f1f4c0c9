import type { Knex } from 'knex';

/** Issue #29: a rota's Cloud API template (pages to a closed window) and why its last page was not sent. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plantoes', (t) => {
    t.jsonb('template').nullable();
    t.string('last_error', 60).nullable();
    t.timestamp('last_error_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plantoes', (t) => {
    t.dropColumn('template');
    t.dropColumn('last_error');
    t.dropColumn('last_error_at');
  });
}
