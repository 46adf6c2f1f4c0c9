import type { Knex } from 'knex';

/**
 * A rotated widget key stays valid for a grace period (./widget-key.ts), so pages already open with
 * the old snippet keep reconnecting while the site is updated. The current key is whatsapps.token
 * of the webchat connection: it is public (issue #26), and the external API refuses it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webchat_previous_keys', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('key', 30).notNullable().unique();
    t.timestamp('valid_until', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webchat_previous_keys');
}
