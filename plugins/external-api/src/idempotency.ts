import type { Knex } from 'knex';
import { AppError } from '@guiche/core';

export const IDEMPOTENCY_TABLE = 'external_api_idempotency';
const KEY = /^[\x21-\x7e]{1,200}$/;

export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; response: unknown };

interface Target {
  companyId: number;
  whatsappId: number;
  key: string;
}

export function checkKey(key: string): void {
  if (!KEY.test(key)) {
    throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['Idempotency-Key'], message: 'validation.idempotencyKey' }] });
  }
}

/**
 * Claims the (connection, key) row. The unique index decides between concurrent first tries:
 * exactly one inserts; the others see its row — the stored answer once it finished (replayed as
 * it was), 409 ERR_IDEMPOTENCY_IN_PROGRESS while it runs, 422 ERR_IDEMPOTENCY_KEY_REUSED when the
 * same key comes with a different request.
 */
export async function claim(db: Knex, target: Target, requestHash: string): Promise<Claim> {
  const inserted = await db(IDEMPOTENCY_TABLE)
    .insert({ companyId: target.companyId, whatsappId: target.whatsappId, key: target.key, requestHash })
    .onConflict(['whatsapp_id', 'key'])
    .ignore()
    .returning('id');
  if (inserted.length) return { kind: 'new' };
  const row = await db(IDEMPOTENCY_TABLE).where({ whatsappId: target.whatsappId, key: target.key }).first();
  if (!row) return claim(db, target, requestHash);
  if (row.requestHash !== requestHash) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 422);
  if (row.statusCode === null) throw new AppError('ERR_IDEMPOTENCY_IN_PROGRESS', 409);
  return { kind: 'replay', statusCode: row.statusCode, response: row.response };
}

export async function complete(db: Knex, target: Target, statusCode: number, response: unknown): Promise<void> {
  await db(IDEMPOTENCY_TABLE).where({ whatsappId: target.whatsappId, key: target.key }).update({ statusCode, response: JSON.stringify(response) });
}

/** A request refused before anything was sent frees its key: the corrected retry may use it. */
export async function release(db: Knex, target: Target): Promise<void> {
  await db(IDEMPOTENCY_TABLE).where({ whatsappId: target.whatsappId, key: target.key }).whereNull('statusCode').delete();
}
