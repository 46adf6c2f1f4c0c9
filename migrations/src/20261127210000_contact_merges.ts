import type { Knex } from 'knex';

/**
 * The log of contact merges (issue #31): which contact absorbed which, why (a LID ↔ phone mapping
 * that arrived, or an admin), and what moved. The merged contact's row is gone, so its name and
 * addresses are kept here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_merges', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('kept_contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.integer('merged_contact_id').notNullable();
    t.string('merged_name', 255).notNullable();
    t.string('merged_number', 100).notNullable().defaultTo('');
    t.string('merged_lid', 100);
    t.string('reason', 20).notNullable();
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.jsonb('moved').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'kept_contact_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_merges');
}
