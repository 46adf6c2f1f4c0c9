import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';

export const TEST_SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function adminConnection(): Knex {
  return knexFactory({ client: 'pg', connection: `${TEST_SERVER_URL}/postgres`, pool: { min: 0, max: 1 } });
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** CREATE DATABASE … TEMPLATE …; retried because cloning fails while another clone holds the template. */
export async function cloneDatabase(template: string, name: string): Promise<void> {
  const admin = adminConnection();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.raw(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await admin.destroy();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = adminConnection();
  try {
    await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.destroy();
  }
}
