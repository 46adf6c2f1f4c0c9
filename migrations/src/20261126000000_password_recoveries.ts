import type { Knex } from 'knex';

/**
 * Password recovery by WhatsApp code (account-admin.md §2, §4). One row per number: a new code
 * replaces the previous one. Only hashes are stored: the 6-digit code (HMAC with the row's salt)
 * and the proof that a verification returned. user_id is null for a number nobody registered, so
 * that such a number behaves exactly like a registered one on every step.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_recoveries', (t) => {
    t.bigIncrements('id');
    t.string('number', 20).notNullable().unique();
    t.integer('user_id').references('id').inTable('users').onDelete('CASCADE');
    t.string('code_hash', 128).notNullable();
    t.timestamp('code_expires_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('proof_hash', 128);
    t.timestamp('proof_expires_at', { useTz: true });
    t.timestamp('used_at', { useTz: true });
    t.timestamps(true, true, false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_recoveries');
}
