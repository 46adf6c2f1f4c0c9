import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { connectPostgres } from '../db/connect.js';
import { migrateCore, migratePlugin } from '../db/migrate.js';
import { FIRST_PARTY_PLUGINS } from '../config.js';
import { loadPlugins, migrationsDirOf } from '../plugins/loader.js';
import { adminConnection, dropDatabase, TEST_SERVER_URL, uniqueName } from './databases.js';

import './provided-context.js';

/** Migrates one template database per test run; every test file's kernel clones it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.VITEST = process.env.VITEST ?? 'true';
  const template = uniqueName('guiche_tpl');
  const admin = adminConnection();
  await admin.raw(`CREATE DATABASE "${template}"`);
  await admin.destroy();

  const db = connectPostgres(`${TEST_SERVER_URL}/${template}`, 1);
  try {
    await migrateCore(db.knex);
    const log = pino({ level: 'warn' });
    for (const plugin of await loadPlugins(FIRST_PARTY_PLUGINS, log)) {
      const dir = migrationsDirOf(plugin);
      if (dir) await migratePlugin(db.knex, plugin.definition.id, dir);
    }
  } finally {
    await db.close();
  }
  project.provide('templateDatabase', template);
  return async () => dropDatabase(template);
}
