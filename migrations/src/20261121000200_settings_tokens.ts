import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Company settings (account-admin.md §3 keys); a missing row means the default.
  await knex.schema.createTable('settings', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('key', 60).notNullable();
    t.text('value').notNullable().defaultTo('');
    t.timestamps(true, true, false);
    t.unique(['company_id', 'key']);
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'user_id']);
  });

  // Deployment-wide values every node must share (e.g. the generated JWT secret).
  await knex.schema.createTable('system_config', (t) => {
    t.string('key', 60).primary();
    t.text('value').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('system_config');
  await knex.schema.dropTable('refresh_tokens');
  await knex.schema.dropTable('settings');
}
