import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_lists', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'id']);
  });
  await knex.schema.createTable('contact_list_items', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_list_id').notNullable().references('id').inTable('contact_lists').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('number', 50).notNullable();
    t.string('email', 255);
    // null = not checked yet (a connection's session answers in the background).
    t.boolean('is_whatsapp_valid');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['contact_list_id', 'number']);
    t.index(['company_id', 'contact_list_id', 'id']);
  });
  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.string('status', 12).notNullable().defaultTo('INATIVA');
    t.boolean('confirmation').notNullable().defaultTo(false);
    t.integer('contact_list_id').references('id').inTable('contact_lists').onDelete('SET NULL');
    t.integer('tag_list_id').references('id').inTable('tags').onDelete('SET NULL');
    t.specificType('whatsapp_ids', 'integer[]').notNullable().defaultTo('{}');
    t.timestamp('scheduled_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    for (const n of [1, 2, 3, 4, 5]) {
      t.text(`message${n}`);
      t.text(`confirmation_message${n}`);
    }
    t.string('media_path', 500);
    t.string('media_name', 255);
    t.string('media_type', 120);
    // Why it does not send right now (a connection down: ERR_WAPP_NOT_INITIALIZED), shown in the report.
    t.string('pause_reason', 60);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'id']);
  });
  await knex.schema.createTable('campaign_settings', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('key', 40).notNullable();
    t.text('value').notNullable();
    t.unique(['company_id', 'key']);
  });
  await knex.schema.createTable('campaign_shippings', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.integer('contact_list_item_id').references('id').inTable('contact_list_items').onDelete('SET NULL');
    t.string('number', 50).notNullable();
    t.string('name', 255).notNullable().defaultTo('');
    t.string('email', 255);
    // pending → sending (message stored, queued) → sent | failed; confirmation_requested → confirmed.
    t.string('state', 24).notNullable().defaultTo('pending');
    t.string('reason', 500);
    t.smallint('message_index');
    t.integer('connection_id').references('id').inTable('whatsapps').onDelete('SET NULL');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.integer('message_id');
    t.timestamp('sending_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('confirmation_requested_at', { useTz: true });
    t.timestamp('confirmed_at', { useTz: true });
    t.unique(['campaign_id', 'number']);
    t.index(['campaign_id', 'state', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['campaign_shippings', 'campaign_settings', 'campaigns', 'contact_list_items', 'contact_lists']) await knex.schema.dropTableIfExists(table);
}
