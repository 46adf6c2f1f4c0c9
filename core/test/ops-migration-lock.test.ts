import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { coreMigrations } from '@guiche/migrations';
import { createTestKernel, startChildKernel, type ChildKernel, type TestKernel } from '@guiche/core/testing';
import { adminConnection, dropDatabase, TEST_SERVER_URL, uniqueName } from '../src/testing/databases.js';

// Needs the built kernel (npx tsc -b): three real processes race to migrate one fresh database.
let parent: TestKernel;
const children: ChildKernel[] = [];
const fresh = uniqueName('guiche_fresh');

beforeAll(async () => {
  parent = await createTestKernel();
  const admin = adminConnection();
  try {
    await admin.raw(`CREATE DATABASE "${fresh}"`);
  } finally {
    await admin.destroy();
  }
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill('SIGTERM')));
  await parent?.close();
  await dropDatabase(fresh);
});

describe('migrations under an advisory lock', () => {
  it('three nodes starting at once on an empty database all start, and each migration runs once', async () => {
    const env = { DATABASE_URL: `${TEST_SERVER_URL}/${fresh}` };
    const started = await Promise.allSettled([0, 1, 2].map(() => startChildKernel(parent, { plugins: ['@guiche/plugin-internal-chat'], env })));
    for (const result of started) if (result.status === 'fulfilled') children.push(result.value);
    expect(started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);

    const db = knexFactory({ client: 'pg', connection: env.DATABASE_URL, pool: { min: 0, max: 1 } });
    try {
      const core = await db('knex_migrations').select('name');
      expect(core.map((r) => r.name).sort()).toEqual(Object.keys(coreMigrations).sort());
      const plugin = await db('knex_migrations_internal_chat').select('name');
      expect(plugin.length).toBeGreaterThan(0);
      expect(new Set(plugin.map((r) => r.name)).size).toBe(plugin.length);
      expect(Number((await db('users').where({ super: true }).count('* as n'))[0]!.n)).toBe(1);
    } finally {
      await db.destroy();
    }
    for (const node of children) expect((await fetch(`${node.url}/health/ready`)).status).toBe(200);
  }, 240_000);
});
