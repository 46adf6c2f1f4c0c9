import type { Knex } from 'knex';

/** Flows, their published versions, each ticket's run through one, and per-node counters (issue 34). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('flow_builder_flows', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    /** The draft the canvas edits: { nodes, edges }. */
    t.jsonb('graph').notNullable();
    /** The version new conversations start on (null: never published). */
    t.integer('live_version_id');
    /** The secret in the flow's inbound webhook URL. */
    t.string('webhook_token', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'id']);
  });
  // Immutable: a publish adds a row, nothing ever updates one.
  await knex.schema.createTable('flow_builder_versions', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('flow_id').notNullable().references('id').inTable('flow_builder_flows').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.jsonb('graph').notNullable();
    t.integer('published_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['flow_id', 'number']);
  });
  await knex.schema.alterTable('flow_builder_flows', (t) => {
    t.foreign('live_version_id').references('id').inTable('flow_builder_versions').onDelete('SET NULL');
  });
  // A ticket's walk through one version: where it stands and what it collected.
  await knex.schema.createTable('flow_builder_runs', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('flow_id').notNullable().references('id').inTable('flow_builder_flows').onDelete('CASCADE');
    t.integer('version_id').notNullable().references('id').inTable('flow_builder_versions').onDelete('CASCADE');
    t.string('node_id', 64).notNullable();
    t.jsonb('variables').notNullable().defaultTo('{}');
    /** running | waiting (for an answer or the clock) | done | stopped | failed */
    t.string('status', 16).notNullable();
    /** Invalid answers given to the current menu. */
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.index(['company_id', 'ticket_id']);
  });
  await knex.raw(`CREATE UNIQUE INDEX flow_builder_runs_one_active ON flow_builder_runs (ticket_id) WHERE status IN ('running', 'waiting')`);
  // What starts a flow: a connection's welcome (first contact) or default (new conversation) flow, or a keyword phrase.
  await knex.schema.createTable('flow_builder_triggers', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('flow_id').notNullable().references('id').inTable('flow_builder_flows').onDelete('CASCADE');
    /** welcome | default | keyword */
    t.string('kind', 16).notNullable();
    /** null: every connection of the company. */
    t.integer('connection_id').references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('phrase', 200);
    /** exact | contains (keyword triggers) */
    t.string('match', 16);
    t.index(['company_id', 'kind']);
  });
  await knex.schema.createTable('flow_builder_node_counters', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('version_id').notNullable().references('id').inTable('flow_builder_versions').onDelete('CASCADE');
    t.string('node_id', 64).notNullable();
    t.integer('entered').notNullable().defaultTo(0);
    t.integer('completed').notNullable().defaultTo(0);
    t.integer('dropped').notNullable().defaultTo(0);
    t.integer('errors').notNullable().defaultTo(0);
    t.primary(['version_id', 'node_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('flow_builder_node_counters');
  await knex.schema.dropTableIfExists('flow_builder_runs');
  await knex.schema.dropTableIfExists('flow_builder_triggers');
  await knex.schema.alterTable('flow_builder_flows', (t) => t.dropForeign(['live_version_id']));
  await knex.schema.dropTableIfExists('flow_builder_versions');
  await knex.schema.dropTableIfExists('flow_builder_flows');
}
