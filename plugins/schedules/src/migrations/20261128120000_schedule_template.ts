import type { Knex } from 'knex';

/**
 * A schedule on a WhatsApp Cloud API connection may send an approved template instead of free text
 * (issue #29): `{ name, language, variables }`; `body` then keeps the template's text as the
 * customer reads it (the list and the conversation show it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schedules', (t) => {
    t.jsonb('template');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schedules', (t) => {
    t.dropColumn('template');
  });
}
