import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import pg from 'pg';
import { coreMigrations, type Migration } from '@guiche/migrations';

class RecordMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<string[]> {
    return Object.keys(this.migrations).sort();
  }
  getMigrationName(name: string): string {
    return name;
  }
  async getMigration(name: string): Promise<Knex.Migration> {
    return this.migrations[name];
  }
}

/** pg_advisory_lock(classid, objid) of every migration run: 'guic' and 1. */
const MIGRATION_LOCK = [0x67756963, 1] as const;

/**
 * Runs migrations while holding a PostgreSQL advisory lock on a connection of its own (outside the
 * pool, which may have a single connection), so nodes starting together on an empty or older
 * database apply each migration once: the others wait, then find nothing left to do. (Knex's own
 * lock table makes a second node fail instead of wait.) The lock dies with its connection, so a
 * node killed mid-migration blocks nobody. PGlite has one process by construction and needs none.
 * The kernel also seeds the first start under it, so racing nodes create one super admin.
 */
export async function underMigrationLock<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  const client = knex.client as { config?: { client?: unknown }; connectionSettings?: string | pg.ClientConfig };
  if (client.config?.client !== 'pg' || !client.connectionSettings) return work();
  const settings = client.connectionSettings;
  const lockHolder = new pg.Client(typeof settings === 'string' ? { connectionString: settings } : settings);
  lockHolder.on('error', () => undefined);
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    return await work();
  } finally {
    await lockHolder.end().catch(() => undefined);
  }
}

export async function migrateCore(knex: Knex): Promise<void> {
  await underMigrationLock(knex, async () => {
    await knex.migrate.latest({ migrationSource: new RecordMigrationSource(coreMigrations) });
  });
}

const migrationFile = /^[^.].*\.(js|ts)$/;
const declarationFile = /\.d\.ts$/;

/** Loads every migration module of a folder, keyed by file name without extension. */
export async function loadMigrationFolder(dir: string): Promise<Record<string, Migration>> {
  if (!fs.existsSync(dir)) return {};
  const files = fs
    .readdirSync(dir)
    .filter((f) => migrationFile.test(f) && !declarationFile.test(f) && !f.endsWith('.map'))
    .sort();
  const result: Record<string, Migration> = {};
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Migration;
    result[file.replace(/\.(js|ts)$/, '')] = mod;
  }
  return result;
}

/** A plugin's migrations, tracked in their own table so plugins never collide. */
export async function migratePlugin(knex: Knex, pluginId: string, dir: string): Promise<void> {
  const migrations = await loadMigrationFolder(dir);
  if (Object.keys(migrations).length === 0) return;
  await underMigrationLock(knex, async () => {
    await knex.migrate.latest({
      migrationSource: new RecordMigrationSource(migrations),
      tableName: `knex_migrations_${pluginId.replace(/-/g, '_')}`,
    });
  });
}
