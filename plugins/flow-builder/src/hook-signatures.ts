import { AppError, SIGNATURE_TOLERANCE_S } from '@guiche/core';
import type { Knex } from 'knex';

/** Signatures already used, kept for twice the tolerance (a replay older than that fails the timestamp check). */
export const HOOK_SIGNATURES = 'flowBuilderHookSignatures';

/**
 * In the start's transaction: the signature is taken once. A second call with it (a replay, or two
 * identical deliveries at once — the second waits on the first's row) is refused and starts nothing.
 */
export async function takeSignature(trx: Knex.Transaction, flowId: number, signature: string): Promise<void> {
  await trx(HOOK_SIGNATURES).where({ flowId }).where('receivedAt', '<', new Date(Date.now() - 2 * SIGNATURE_TOLERANCE_S * 1000)).delete();
  const taken = await trx(HOOK_SIGNATURES).insert({ flowId, signature }).onConflict(['flowId', 'signature']).ignore().returning('flowId');
  if (!taken.length) throw new AppError('ERR_WEBHOOK_REPLAYED', 409);
}
