import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
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

export async function migrateCore(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: new RecordMigrationSource(coreMigrations) });
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
  await knex.migrate.latest({
    migrationSource: new RecordMigrationSource(migrations),
    tableName: `knex_migrations_${pluginId.replace(/-/g, '_')}`,
  });
}
