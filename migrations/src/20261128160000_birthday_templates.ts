import type { Knex } from 'knex';

/**
 * Issue #33: the birthday greeting on WhatsApp Cloud API connections. birthday_templates holds, per
 * Cloud connection, the approved template (name, language, one value per variable, message variables
 * allowed) a greeting goes out as when the contact's 24-hour window is closed; birthday_skips each
 * greeting that could not go (no template, or Meta no longer approves it), shown to the admins.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('birthday_templates', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('name', 512).notNullable();
    t.string('language', 20).notNullable();
    t.jsonb('variables').notNullable().defaultTo('[]');
    // Header text variable, header file address, URL buttons' suffixes (#29): null for templates without them.
    t.jsonb('extras');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['company_id', 'whatsapp_id']);
  });
  await knex.schema.createTable('birthday_skips', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsapp_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.date('day').notNullable();
    t.string('reason', 60).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['contact_id', 'day']);
    t.index(['company_id', 'whatsapp_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('birthday_skips');
  await knex.schema.dropTableIfExists('birthday_templates');
}
