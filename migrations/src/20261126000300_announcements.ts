import type { Knex } from 'knex';

/**
 * Announcements (outreach-config.md Announcements): written by super users for every company's
 * users. company_id is the author's company (the platform's); priority 1 high … 3 low.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('announcements', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('text').notNullable();
    t.integer('priority').notNullable().defaultTo(3);
    t.boolean('status').notNullable().defaultTo(true);
    t.string('media_path', 300);
    t.string('media_name', 200);
    t.timestamps(true, true, false);
    t.index(['status', 'priority']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('announcements');
}
