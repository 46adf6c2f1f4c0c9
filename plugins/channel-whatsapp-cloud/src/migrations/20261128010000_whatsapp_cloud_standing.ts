import type { Knex } from 'knex';

/**
 * Meta's standing of each Cloud API number (issue #31): its portfolio's messaging limit tier and the
 * number's quality rating as last read, and the display number (webhooks about the number's quality
 * name it by display number, not by phone_number_id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.string('display_number', 32);
    t.string('messaging_tier', 40);
    t.string('quality_rating', 20);
    t.timestamp('standing_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.dropColumn('display_number');
    t.dropColumn('messaging_tier');
    t.dropColumn('quality_rating');
    t.dropColumn('standing_at');
  });
}
