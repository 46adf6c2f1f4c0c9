import type { Knex } from 'knex';

/** The bus path files a ticket's outbox rows before its own event (webhooks/outbox-filing.ts): found by ticket. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX webhook_outbox_company_ticket ON webhook_outbox (company_id, ticket_id, id) WHERE ticket_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_outbox_company_ticket');
}
