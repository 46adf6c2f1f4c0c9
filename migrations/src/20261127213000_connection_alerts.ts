import type { Knex } from 'knex';

/** A connection down too long raises an alert (issue #31); repeated drops (flapping) are counted. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('connection_alerts', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // Set while the connection is down (not by a deliberate disconnect); null once it is back.
    t.timestamp('down_since', { useTz: true });
    // When the alert was raised (down longer than the company's connectionAlertMinutes); null = no alert.
    t.timestamp('alerted_at', { useTz: true });
    // Drops within FLAP_WINDOW_MS of each other, counted from the first of the series.
    t.integer('drops').notNullable().defaultTo(0);
    t.timestamp('last_drop_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('connection_alerts');
}
