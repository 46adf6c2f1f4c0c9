import type { Knex } from 'knex';

/**
 * The business portfolio that owns each Cloud API number's WABA (Graph's owner_business_info):
 * Meta's messaging limit is the portfolio's, shared by all its numbers (issue #31).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.string('portfolio_id', 32);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.dropColumn('portfolio_id');
  });
}
