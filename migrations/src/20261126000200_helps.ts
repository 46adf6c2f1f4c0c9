import type { Knex } from 'knex';

/** Help videos of the platform (account-admin.md §3 Help): written by super users, read by everyone. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('helps', (t) => {
    t.increments('id');
    t.string('title', 100).notNullable();
    t.text('description');
    t.string('video', 200).notNullable();
    t.timestamps(true, true, false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('helps');
}
