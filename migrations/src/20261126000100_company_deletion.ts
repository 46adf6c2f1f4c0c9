import type { Knex } from 'knex';

/**
 * A company being deleted in the background (account-admin.md §7 DELETE /companies/{id}): set when
 * the super user asks, the row itself goes last, with every other row and the media of the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.timestamp('deleting_since', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('deleting_since');
  });
}
