import type { Knex } from 'knex';

/**
 * The conversation handler a plan module claimed the ticket for (issue #34: the flow builder), when
 * neither an integration nor a prompt names it; null otherwise.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.string('conversation_handler', 40);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('conversation_handler');
  });
}
