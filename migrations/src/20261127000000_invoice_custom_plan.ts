import type { Knex } from 'knex';

/**
 * Marks the invoices of a custom plan (checkout's Personalizar step, account-admin.md §9): paying
 * one makes its users and connections the company's own maxima, so what was bought is what is
 * allowed. Existing custom-plan invoices are recognised by the detail they were written with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.boolean('custom_plan').notNullable().defaultTo(false);
  });
  await knex('invoices').where({ detail: 'Plano personalizado' }).update({ custom_plan: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('custom_plan');
  });
}
