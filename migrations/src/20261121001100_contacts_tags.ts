import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contacts', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    // Digits only on phone channels (whatsapp, whatsappapi); the platform's id on the others.
    t.string('number', 100).notNullable();
    t.string('email', 120).notNullable().defaultTo('');
    t.text('profile_pic_url');
    t.text('url_picture');
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('disable_bot').notNullable().defaultTo(false);
    t.boolean('accept_audio_message').notNullable().defaultTo(true);
    t.timestamp('lgpd_accepted_at', { useTz: true });
    t.string('channel', 20).notNullable().defaultTo('whatsapp');
    t.boolean('is_group').notNullable().defaultTo(false);
    t.string('remote_jid', 255);
    // WhatsApp's LID (linked id) of the same person, so a LID-addressed message finds this contact.
    t.string('lid', 100);
    // Kept by the ingest pipeline on every message, so the contacts table needs no join.
    t.timestamp('last_message_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['company_id', 'name', 'id']);
  });
  // One person is one contact per company and channel; an empty number (none known yet) is not a key.
  await knex.raw(`CREATE UNIQUE INDEX contacts_company_channel_number_unique ON contacts (company_id, channel, number) WHERE number <> ''`);
  await knex.raw('CREATE UNIQUE INDEX contacts_company_channel_lid_unique ON contacts (company_id, channel, lid) WHERE lid IS NOT NULL');

  await knex.schema.createTable('contact_custom_fields', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.text('value').notNullable().defaultTo('');
    t.timestamps(true, true, false);
    t.index(['company_id', 'contact_id']);
  });

  await knex.schema.createTable('tags', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('color', 9).notNullable();
    t.boolean('kanban').notNullable().defaultTo(false);
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true, false);
    t.index(['company_id', 'name', 'id']);
  });
  await knex.raw('CREATE UNIQUE INDEX tags_company_name_unique ON tags (company_id, lower(name))');

  await knex.schema.createTable('contact_tags', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['contact_id', 'tag_id']);
    // The tag filter of the contacts list and the tag's contactsCount.
    t.index(['company_id', 'tag_id', 'contact_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_tags');
  await knex.schema.dropTable('tags');
  await knex.schema.dropTable('contact_custom_fields');
  await knex.schema.dropTable('contacts');
}
