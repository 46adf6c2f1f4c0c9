import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { coreMigrations } from '@guiche/migrations';

export const HEALTH_PREFIX = '/health/';

/** A dependency that does not answer within this is reported down (ioredis queues commands while reconnecting). */
const CHECK_TIMEOUT_MS = 2000;

export interface HealthSources {
  db: Knex;
  redis?: Redis;
  /** True once every plugin is mounted and the kernel is ready. */
  booted(): boolean;
  draining(): boolean;
}

type CheckResult = 'ok' | 'down' | 'behind' | 'starting';

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const coreMigrationNames = Object.keys(coreMigrations);

async function migrationsCurrent(db: Knex): Promise<CheckResult> {
  const row = await db('knex_migrations').whereIn('name', coreMigrationNames).first(db.raw('count(distinct name)::int as applied'));
  return Number(row?.applied) === coreMigrationNames.length ? 'ok' : 'behind';
}

/**
 * `GET /health/live`: the process answers. `GET /health/ready`: this node should receive traffic
 * (database, Redis, migrations, plugins, not draining). At the root, without auth or rate limit,
 * hidden from the OpenAPI document.
 */
export function registerHealthRoutes(app: FastifyInstance, sources: HealthSources): void {
  const hidden = { schema: { hide: true } };
  app.get(`${HEALTH_PREFIX}live`, hidden, async () => ({ status: 'ok' }));
  app.get(`${HEALTH_PREFIX}ready`, hidden, async (_request, reply) => {
    const database = withTimeout(migrationsCurrent(sources.db)).catch((): CheckResult => 'down');
    const redis = sources.redis
      ? sources.redis.status !== 'ready'
        ? Promise.resolve<CheckResult>('down')
        : withTimeout(sources.redis.ping()).then((): CheckResult => 'ok', (): CheckResult => 'down')
      : Promise.resolve<CheckResult>('ok');
    const [migrations, redisCheck] = await Promise.all([database, redis]);
    const checks = {
      database: migrations === 'down' ? 'down' : 'ok',
      migrations: migrations === 'down' ? 'down' : migrations,
      redis: redisCheck,
      plugins: sources.booted() ? 'ok' : 'starting',
    };
    const healthy = Object.values(checks).every((c) => c === 'ok');
    const status = sources.draining() ? 'draining' : healthy ? 'ok' : 'unavailable';
    return reply.code(status === 'ok' ? 200 : 503).send({ status, checks });
  });
}
