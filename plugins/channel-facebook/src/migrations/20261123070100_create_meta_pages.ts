import type { Knex } from 'knex';

/** Facebook pages and Instagram business accounts linked to connections (page tokens AES-GCM encrypted). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('meta_pages', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.string('meta_id', 64).notNullable();
    t.string('page_id', 64).notNullable();
    t.string('name', 255).notNullable();
    t.text('page_token').notNullable();
    t.string('last_error', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['company_id', 'kind', 'meta_id']);
    t.index(['kind', 'meta_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('meta_pages');
}
