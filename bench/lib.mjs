// Shared set-up of the benchmarks: a fresh PostgreSQL database, a kernel on it, a company with an
// admin. Benchmarks print figures; they assert nothing about time.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import knexFactory from 'knex';
import { createKernel, loadConfig } from '@guiche/core';

export const SERVER = process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

export async function createBenchDatabase() {
  const name = `guiche_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: `${SERVER}/postgres` });
  await admin.raw(`CREATE DATABASE "${name}"`);
  await admin.destroy();
  return {
    name,
    url: `${SERVER}/${name}`,
    async drop() {
      const a = knexFactory({ client: 'pg', connection: `${SERVER}/postgres` });
      await a.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.destroy();
    },
  };
}

/**
 * A kernel with its own database (and Redis when REDIS_URL is set), listening on a free port;
 * serving the built web from `webRoot` when given.
 */
export async function startBenchKernel({ plugins = [], webRoot } = {}) {
  const database = await createBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-bench-'));
  const config = loadConfig({}, {
    PORT: 0,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `gbench:${randomBytes(4).toString('hex')}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SERVE_WEB: Boolean(webRoot),
    ...(webRoot ? { WEB_ROOT: webRoot } : {}),
    DEMO: false,
  });
  const kernel = await createKernel(config, { plugins });
  const url = (await kernel.listen()).replace('0.0.0.0', '127.0.0.1');
  return {
    kernel,
    url,
    db: kernel.core.db,
    async close() {
      await kernel.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A company on an all-modules plan, with an admin whose access token is returned. */
export async function createCompany(kernel, name = `Bench ${randomBytes(3).toString('hex')}`) {
  const db = kernel.core.db;
  const [plan] = await db('plans').insert({ name: `${name} plan`, isPublic: false, useWhatsapp: true, useInternalChat: true }).returning('id');
  const [company] = await db('companies').insert({ name, planId: plan.id, dueDate: '2999-01-01', status: true }).returning('id');
  const [admin] = await db('users')
    .insert({ companyId: company.id, name: 'Bench admin', email: `admin.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'admin' })
    .returning(['id', 'companyId', 'profile', 'super']);
  return { companyId: company.id, admin, adminToken: kernel.core.signAccessToken(admin) };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function fmt(n, digits = 1) {
  return Number(n).toFixed(digits);
}
