import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Each Cloud API connection's public webhook id (the last segment of the URL pasted in Meta's app),
 * so the URL no longer carries the connection's secret API token. Existing connections get one
 * here; their old token URL keeps working until the date in ../webhook-ids.ts (legacy_used_at
 * remembers that Meta still calls it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapp_cloud_webhooks', (t) => {
    t.integer('connection_id').primary().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('webhook_id', 64).notNullable().unique();
    t.timestamp('legacy_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Aliases without underscores read the same with or without the camel-case mappers.
  const connections: { cid: number; company: number }[] = await knex('whatsapps').where({ channel: 'whatsappapi' }).select({ cid: 'id', company: 'company_id' });
  for (const connection of connections) {
    await knex('whatsapp_cloud_webhooks').insert({ connection_id: connection.cid, company_id: connection.company, webhook_id: `wh-${randomBytes(16).toString('hex')}` });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('whatsapp_cloud_webhooks');
}
