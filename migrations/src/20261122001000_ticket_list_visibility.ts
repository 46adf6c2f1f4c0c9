import type { Knex } from 'knex';

/**
 * The agent's ticket list reads each visibility branch (assigned to them; unassigned in one of
 * their queues; unassigned without a queue) as one index range in (updated_at, id) order, so the
 * scan stays a page long however many tickets belong to other people.
 *
 * - Assigned to a user: (company_id, user_id, status, updated_at, id) replaces the index without id,
 *   so the keyset tie-break needs no sort.
 * - Unassigned, per queue (NULL = no queue): partial on user_id IS NULL, so open tickets assigned to
 *   others are not in it at all.
 * - Unassigned in any queue (an admin's default view): the same partial, by status.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_company_id_user_id_status_updated_at_index');
  await knex.raw('CREATE INDEX tickets_user_status_updated_id ON tickets (company_id, user_id, status, updated_at, id)');
  await knex.raw(
    'CREATE INDEX tickets_unassigned_queue_status_updated_id ON tickets (company_id, queue_id, status, updated_at, id) WHERE user_id IS NULL',
  );
  await knex.raw('CREATE INDEX tickets_unassigned_status_updated_id ON tickets (company_id, status, updated_at, id) WHERE user_id IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_unassigned_status_updated_id');
  await knex.raw('DROP INDEX IF EXISTS tickets_unassigned_queue_status_updated_id');
  await knex.raw('DROP INDEX IF EXISTS tickets_user_status_updated_id');
  await knex.raw('CREATE INDEX tickets_company_id_user_id_status_updated_at_index ON tickets (company_id, user_id, status, updated_at)');
}
