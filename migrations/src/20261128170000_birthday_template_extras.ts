import type { Knex } from 'knex';

/**
 * Issue #29: a birthday template's header text variable, header file address and URL buttons'
 * suffixes (`{ headerParameters?, headerMedia?, buttonParameters? }`, message variables allowed),
 * for templates that have them; null for those that do not.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('birthday_templates', (t) => {
    t.jsonb('extras');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('birthday_templates', (t) => {
    t.dropColumn('extras');
  });
}
