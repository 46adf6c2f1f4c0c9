import type { Knex } from 'knex';

/**
 * Satisfaction ratings (inbox.md §3 Ticket userRating.rate 1 to 5) and the read path of GET
 * /tickets without a status filter.
 *
 * A row is written when an agent resolves a ticket asking for a rating (setting userRating); it
 * is pending while answered_at is null. The contact's next message answers it: a number 1 to 5
 * stores the rate, anything else drops the request (rate stays null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_ratings', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('whatsapp_id').references('id').inTable('whatsapps').onDelete('CASCADE');
    /** The agent being rated (the ticket's assignee when it was resolved). */
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.smallint('rate');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true });
    t.index(['company_id', 'ticket_id']);
    t.index(['company_id', 'user_id']);
  });
  await knex.raw('ALTER TABLE ticket_ratings ADD CONSTRAINT ticket_ratings_rate_range CHECK (rate IS NULL OR rate BETWEEN 1 AND 5)');
  // At most one open question per contact and connection: the one ingest looks up on every inbound message.
  await knex.raw(
    `CREATE UNIQUE INDEX ticket_ratings_one_pending ON ticket_ratings (company_id, contact_id, whatsapp_id)
     WHERE answered_at IS NULL`,
  );
  // GET /tickets without a status filter (showAll, searches): newest activity first, keyset on (updated_at, id).
  await knex.raw('CREATE INDEX tickets_company_updated_at_id ON tickets (company_id, updated_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_company_updated_at_id');
  await knex.schema.dropTable('ticket_ratings');
}
