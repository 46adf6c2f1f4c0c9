import type { Knex } from 'knex';

/** Issue #33 Transcription: the text of an audio message, stored once an agent (or the prompts module) transcribes it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.text('transcript').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('transcript');
  });
}
