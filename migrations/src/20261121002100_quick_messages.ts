import type { Knex } from 'knex';

/**
 * Quick messages (outreach-config.md §3 Quick message). A category is a row with is_category
 * (its shortcode is the category's name) so one table serves the list, the '/' suggestion and
 * the categories the web groups them by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quick_messages', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.string('shortcode', 100).notNullable();
    t.text('message').notNullable().defaultTo('');
    /** General: every user of the company sees and uses it; only admins set it or change such a row. */
    t.boolean('geral').notNullable().defaultTo(false);
    t.boolean('status').notNullable().defaultTo(true);
    t.boolean('is_category').notNullable().defaultTo(false);
    t.integer('category_id').references('id').inTable('quick_messages').onDelete('SET NULL');
    t.boolean('is_media').notNullable().defaultTo(false);
    t.string('media_path');
    t.string('media_name');
    t.timestamps(true, true, false);
    t.index(['company_id', 'user_id']);
    t.index(['company_id', 'geral']);
  });
  // A shortcode names one message (or one category) per company, whatever the case: '/oi' must not
  // suggest two different texts to the same agent.
  await knex.raw('CREATE UNIQUE INDEX quick_messages_company_shortcode_unique ON quick_messages (company_id, is_category, lower(shortcode))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quick_messages');
}
