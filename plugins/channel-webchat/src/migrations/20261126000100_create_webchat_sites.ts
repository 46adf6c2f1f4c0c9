import type { Knex } from 'knex';

/** A webchat connection's site settings: the widget's default look and the sites allowed to embed it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webchat_sites', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('title', 60);
    t.string('color', 7);
    t.string('position', 5).notNullable().defaultTo('right');
    t.string('lang', 2);
    t.jsonb('allowed_origins').notNullable().defaultTo('[]');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webchat_sites');
}
