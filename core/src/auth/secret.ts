import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** JWT_SECRET from env, else one generated once and kept in the database so every node shares it. */
export async function resolveJwtSecret(db: Knex, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const candidate = randomBytes(48).toString('base64url');
  await db('systemConfig').insert({ key: 'jwtSecret', value: candidate }).onConflict('key').ignore();
  const row = await db('systemConfig').where({ key: 'jwtSecret' }).first('value');
  return row.value as string;
}
