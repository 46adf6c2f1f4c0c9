import type { Knex } from 'knex';

/**
 * The rest of the spec's Queue entity (outreach-config.md §3): rotation, close-ticket flag,
 * per-queue service hours and the references to integrations, file lists and prompts (tables
 * owned by later modules, hence no foreign keys). Colour and name are unique per company
 * regardless of case.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('queues', (t) => {
    t.boolean('ativar_roteador').notNullable().defaultTo(false);
    t.integer('tempo_roteador').notNullable().defaultTo(0);
    t.boolean('close_ticket').notNullable().defaultTo(false);
    t.integer('integration_id');
    t.integer('file_list_id');
    t.integer('prompt_id');
    t.jsonb('schedules').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  });
  await knex.raw('CREATE UNIQUE INDEX queues_company_color_ci ON queues (company_id, lower(color))');
  await knex.raw('CREATE UNIQUE INDEX queues_company_name_ci ON queues (company_id, lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS queues_company_name_ci');
  await knex.raw('DROP INDEX IF EXISTS queues_company_color_ci');
  await knex.schema.alterTable('queues', (t) => {
    t.dropColumns('ativar_roteador', 'tempo_roteador', 'close_ticket', 'integration_id', 'file_list_id', 'prompt_id', 'schedules');
  });
}
