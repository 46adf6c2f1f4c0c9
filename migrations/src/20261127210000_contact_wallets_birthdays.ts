import type { Knex } from 'knex';

/**
 * Issue #33: a contact's owner agent (its wallet) and birthday. birthday_greeted_on is the local day
 * the last greeting went out, so a greeting is sent once per contact and day whatever the number
 * of runs or nodes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.integer('owner_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.date('birthday').nullable();
    t.date('birthday_greeted_on').nullable();
    t.index(['company_id', 'owner_user_id'], 'contacts_company_owner_index');
  });
  // The daily greeting looks contacts up by month and day.
  await knex.raw(
    `CREATE INDEX contacts_company_birthday_index ON contacts (company_id, (extract(month from birthday)), (extract(day from birthday))) WHERE birthday IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS contacts_company_birthday_index');
  await knex.schema.alterTable('contacts', (t) => {
    t.dropIndex(['company_id', 'owner_user_id'], 'contacts_company_owner_index');
    t.dropColumn('owner_user_id');
    t.dropColumn('birthday');
    t.dropColumn('birthday_greeted_on');
  });
}
