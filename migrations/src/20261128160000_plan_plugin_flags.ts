import type { Knex } from 'knex';

/**
 * Plugins' own plan flags (issue #30): a flag a plugin declares that core has no column for lives in
 * this map (`{ "useMyModule": true }`), so a third-party plugin needs no core migration. Core's
 * flags stay columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    t.jsonb('plugin_flags').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    t.dropColumn('plugin_flags');
  });
}
