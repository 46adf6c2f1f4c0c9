import type { Knex } from 'knex';

/**
 * The send of a recovery code is timed work (core/src/account/recovery-send.ts): the request stores
 * a random token on the number's row, and only the timer carrying the row's current token sends, so
 * a later request supersedes an earlier one that was not sent yet.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_recoveries', (t) => {
    t.string('send_token', 64).unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_recoveries', (t) => {
    t.dropColumn('send_token');
  });
}
