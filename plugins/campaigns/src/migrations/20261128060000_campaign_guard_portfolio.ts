import type { Knex } from 'knex';

/**
 * Cloud API connections' WABA and business portfolio, as the channel reports them (issue #31): Meta's
 * messaging limit is the portfolio's, so the tier cap counts the recipients of every connection of the
 * company in the same portfolio (or, when Graph did not name it, the same WABA).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_connection_guards', (t) => {
    t.string('waba_id', 32);
    t.string('portfolio_id', 32);
    t.index(['company_id', 'portfolio_id']);
    t.index(['company_id', 'waba_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_connection_guards', (t) => {
    t.dropIndex(['company_id', 'portfolio_id']);
    t.dropIndex(['company_id', 'waba_id']);
    t.dropColumn('waba_id');
    t.dropColumn('portfolio_id');
  });
}
