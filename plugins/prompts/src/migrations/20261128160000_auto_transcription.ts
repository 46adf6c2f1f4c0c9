import type { Knex } from 'knex';

/**
 * Issue #33: automatic transcription of customers' audio per queue. prompt_transcription_queues lists
 * the queues whose inbound audio is transcribed without a click; prompt_transcriptions is one row per
 * audio taken up (its timer's state: queued, running, done, skipped with a reason, failed), so two nodes
 * or a replayed event never transcribe an audio twice, and the admins see why one was not.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prompt_transcription_queues', (t) => {
    t.integer('queue_id').primary().references('id').inTable('queues').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
  await knex.schema.createTable('prompt_transcriptions', (t) => {
    t.bigInteger('message_id').primary().references('id').inTable('messages').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('queued');
    t.string('reason', 60).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('prompt_transcriptions');
  await knex.schema.dropTableIfExists('prompt_transcription_queues');
}
