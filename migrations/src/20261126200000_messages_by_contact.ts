import type { Knex } from 'knex';

/**
 * A returning customer's earlier conversations are read newest first by contact (GET
 * /messages/{ticketId}/earlier): without this index each page sorted every message of every
 * earlier ticket (linear in the contact's history, bench/p6-contact-history.mjs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX messages_by_contact ON messages (company_id, contact_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS messages_by_contact');
}
