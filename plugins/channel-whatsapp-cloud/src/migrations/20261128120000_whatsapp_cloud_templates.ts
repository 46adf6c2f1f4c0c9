import type { Knex } from 'knex';

/**
 * Each Cloud API connection's WABA message templates, synced from Graph on demand and daily
 * (issue #29), so campaigns, schedules and the external API check a template and its variables
 * without a Graph call per send. A template Graph no longer lists is kept with status DELETED.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapp_cloud_templates', (t) => {
    t.increments('id');
    t.integer('connection_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('meta_id', 64);
    t.string('name', 512).notNullable();
    t.string('language', 20).notNullable();
    t.string('category', 32).notNullable();
    t.string('status', 32).notNullable();
    t.string('parameter_format', 16).notNullable().defaultTo('POSITIONAL');
    t.text('body').notNullable().defaultTo('');
    t.text('header');
    t.text('footer');
    t.jsonb('variable_names').notNullable().defaultTo('[]');
    t.integer('variables').notNullable().defaultTo(0);
    t.jsonb('components').notNullable().defaultTo('[]');
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['connection_id', 'name', 'language']);
    t.index(['company_id']);
  });
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.timestamp('templates_synced_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_cloud_accounts', (t) => {
    t.dropColumn('templates_synced_at');
  });
  await knex.schema.dropTableIfExists('whatsapp_cloud_templates');
}
