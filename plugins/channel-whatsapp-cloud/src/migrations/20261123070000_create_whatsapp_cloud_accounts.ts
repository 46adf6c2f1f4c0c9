import type { Knex } from 'knex';

/** A WhatsApp Cloud connection's Meta side; the secrets are AES-GCM ciphertexts (@guiche/meta-graph secrets). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapp_cloud_accounts', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('phone_number_id', 64).notNullable().unique();
    t.string('waba_id', 64).notNullable();
    t.text('access_token').notNullable();
    t.text('app_secret').notNullable();
    t.text('verify_token').notNullable();
    t.string('last_error', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('whatsapp_cloud_accounts');
}
