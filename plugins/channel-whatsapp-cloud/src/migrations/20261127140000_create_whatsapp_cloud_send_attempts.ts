import type { Knex } from 'knex';

/**
 * The attempt in flight for an outbound message, written before the Graph call: its id travels as
 * biz_opaque_callback_data and Meta's status webhook echoes it with the wamid, so a node recovering
 * from a crash learns that Meta already took the message instead of sending it twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapp_cloud_send_attempts', (t) => {
    t.bigInteger('message_id').primary().references('id').inTable('messages').onDelete('CASCADE');
    t.integer('connection_id').notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('attempt_id', 40).notNullable().unique();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** The wamid a status webhook reported for this attempt. */
    t.string('wid', 255);
    t.index(['connection_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('whatsapp_cloud_send_attempts');
}
