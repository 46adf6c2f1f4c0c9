import type { Knex } from 'knex';

/**
 * Issue #29: N8N and webhook integrations sign each call (X-Guiche-Signature) with their own
 * secret, sealed with the core's secret box. Rows created before this get theirs when the plugin
 * starts (the key lives outside SQL, so the migration cannot seal one).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('queue_integrations', (t) => {
    t.text('signing_secret');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('queue_integrations', (t) => {
    t.dropColumn('signing_secret');
  });
}
