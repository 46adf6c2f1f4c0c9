import type { Knex } from 'knex';

/**
 * A company's own maximum of users (numberAttendants) and connections (numberConections, spelled
 * as the spec's API field) in place of its plan's; null = the plan's (account-admin.md §3, §5).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.integer('number_attendants').checkBetween([0, 9999], 'companies_number_attendants_range');
    t.integer('number_conections').checkBetween([0, 9999], 'companies_number_conections_range');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('number_attendants');
    t.dropColumn('number_conections');
  });
}
