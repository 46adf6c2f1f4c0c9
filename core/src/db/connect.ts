import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import objection from 'objection';
import pg from 'pg';

// COUNT and BIGINT come back as strings from pg; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// DATE stays 'YYYY-MM-DD' (a calendar day, not an instant).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

const snakeCase = objection.knexSnakeCaseMappers();

export type DatabaseMode = 'postgres' | 'pglite';

export interface Database {
  knex: Knex;
  mode: DatabaseMode;
  close(): Promise<void>;
}

export function connectPostgres(url: string, poolMax = 10): Database {
  const knex = knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    ...snakeCase,
  });
  return { knex, mode: 'postgres', close: () => knex.destroy() };
}

/** Embedded default: real PostgreSQL compiled to WASM, stored in dataDir/pglite. One connection. */
export async function connectPglite(dataDir: string): Promise<Database> {
  const { default: KnexPgLite } = await import('knex-pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.resolve(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, {
    parsers: {
      20: (v: string) => Number(v),
      1700: (v: string) => Number(v),
      1082: (v: string) => v,
    },
  });
  const knex = knexFactory({
    client: KnexPgLite as unknown as typeof knexFactory.Client,
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
    ...snakeCase,
  } as Knex.Config);
  return {
    knex,
    mode: 'pglite',
    close: async () => {
      await knex.destroy();
      await pglite.close().catch(() => undefined);
    },
  };
}
