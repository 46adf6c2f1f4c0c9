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

/**
 * The ticket tenant of the dashboard and SLA benchmarks, generated in SQL: three queues, ten agents
 * (one queue each), a webchat connection, and `tickets` contacts with one ticket each, created over
 * the last 180 days (10% pending and unassigned, 15% open, 75% closed). `closeMinutes`: the SQL
 * minutes from creation to close (over the contact `c`); `agent(i)`: more columns of agent i.
 */
export async function seedQueuedTickets(db, companyId, tickets, { closeMinutes = '40', agent = () => ({}) } = {}) {
  const queues = (await db('queues').insert([0, 1, 2].map((i) => ({ companyId, name: `Fila ${i}`, color: `#1${i}1${i}1${i}` }))).returning('id')).map((r) => r.id);
  const agents = (
    await db('users')
      .insert(Array.from({ length: 10 }, (_, i) => ({ companyId, name: `Agente ${i}`, email: `a${i}.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'user', ...agent(i) })))
      .returning('id')
  ).map((r) => r.id);
  await db('userQueues').insert(agents.map((userId, i) => ({ companyId, userId, queueId: queues[i % 3] })));
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Bench', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  await db.raw(`INSERT INTO contacts (company_id, name, number, channel) SELECT ?, 'Contato ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`, [companyId, tickets]);
  // The agent and queue follow the contact id.
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, created_at, updated_at, closed_at)
     SELECT c.company_id, c.id, ?::int, (?::int[])[1 + c.id % 3],
            CASE WHEN c.id % 20 < 2 THEN NULL ELSE (?::int[])[1 + c.id % 10] END,
            CASE WHEN c.id % 20 < 2 THEN 'pending' WHEN c.id % 20 < 5 THEN 'open' ELSE 'closed' END,
            'webchat', 'Última mensagem ' || c.id,
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute',
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + interval '40 minutes',
            CASE WHEN c.id % 20 >= 5 THEN now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + (${closeMinutes}) * interval '1 minute' END
     FROM contacts c WHERE c.company_id = ?`,
    [connection.id, queues, agents, companyId],
  );
  return { queues, agents, connectionId: connection.id };
}

/** Milliseconds of one authenticated GET /api<path>, its body read to the end; anything but 200 throws. */
export async function timedGet(url, token, path) {
  const started = performance.now();
  const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

let statements = 0;

/** Counts the SQL statements `db` sends (knex's query events), for `sample`. */
export function countStatements(db) {
  db.on('query', () => { statements++; });
}

/** p50/p95 of `count` runs of `run(i)` (each answers its ms) after a warm-up run `run(0)`, and the SQL statements of that warm-up. */
export async function sample(run, count) {
  const before = statements;
  await run(0);
  const perRun = statements - before;
  const times = [];
  for (let i = 1; i <= count; i++) times.push(await run(i));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), statements: perRun };
}
