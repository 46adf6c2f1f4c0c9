import type { Knex } from 'knex';

/**
 * Cloud API connections' guard (issue #31): when Meta last lowered the number's standing (RED, a
 * lower tier, a downgrade / flag / restriction event) and what it said. A resume click after that
 * time acknowledges it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_connection_guards', (t) => {
    t.timestamp('quality_dropped_at', { useTz: true });
    t.jsonb('quality_drop');
    t.timestamp('standing_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_connection_guards', (t) => {
    t.dropColumn('quality_dropped_at');
    t.dropColumn('quality_drop');
    t.dropColumn('standing_at');
  });
}
