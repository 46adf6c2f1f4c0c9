import type { Knex } from 'knex';

/**
 * A campaign on WhatsApp Cloud API connections may send an approved message template instead of its
 * free-text messages (issue #29): `{ name, language, variables }`, the variables taking the contact
 * placeholders ({nome}, {numero}, {email}, the company's shortcuts) like the messages do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.jsonb('template');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('template');
  });
}
