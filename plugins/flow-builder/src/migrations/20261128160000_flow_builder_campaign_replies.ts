import type { Knex } from 'knex';

/**
 * A campaign's message reached a contact and the campaign names a flow (issue 34): the contact's
 * next reply on the connection starts it, once per contact per campaign (`started_at` set then).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('flow_builder_campaign_replies', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    /** The campaigns module's campaign (no foreign key: another module's table). */
    t.integer('campaign_id').notNullable();
    t.integer('flow_id').notNullable().references('id').inTable('flow_builder_flows').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('connection_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.integer('ticket_id').references('id').inTable('tickets').onDelete('SET NULL');
    t.unique(['campaign_id', 'contact_id']);
  });
  await knex.raw(`CREATE INDEX flow_builder_campaign_replies_waiting ON flow_builder_campaign_replies (company_id, contact_id, connection_id) WHERE started_at IS NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('flow_builder_campaign_replies');
}
