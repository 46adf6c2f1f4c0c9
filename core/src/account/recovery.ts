import crypto from 'node:crypto';
import { RECOVERY_CODE_TTL_MS, RECOVERY_MAX_ATTEMPTS, RECOVERY_PROOF_TTL_MS } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { hashPassword } from '../auth/password.js';
import type { CoreServices } from '../services.js';
import { codeMatches, hashCode, newCode, sha256 } from './recovery-codes.js';
import { canonicalNumber } from './recovery-numbers.js';
import { platformConnection, RECOVERY_SEND_KIND, type RecoverySendPayload } from './recovery-send.js';

/** Fixed windows of the rate limits (core rate-limit port): per number and per address. */
export const RECOVERY_LIMITS = {
  windowMs: 15 * 60_000,
  sendsPerNumber: 3,
  sendsPerAddress: 10,
  verifiesPerAddress: 20,
  resetsPerAddress: 10,
} as const;

async function limit(core: CoreServices, key: string, max: number): Promise<void> {
  const hit = await core.rateLimits.hit(`recovery:${key}`, max, RECOVERY_LIMITS.windowMs);
  if (!hit.allowed) throw new AppError('ERR_RATE_LIMITED', 429, { retryAfterMs: hit.retryAfterMs });
}

/** The request's check that a code can go out at all: it does not depend on the number. */
async function requireConnection(core: CoreServices): Promise<void> {
  if (!(await platformConnection(core.db))) throw new AppError('ERR_RECOVERY_UNAVAILABLE', 503);
}

/**
 * Password recovery by a WhatsApp code. Every answer is the same for a number nobody registered,
 * in its content and in the work behind it: such a number gets a row too (user_id null, a code
 * nobody knows), so it counts wrong tries and runs out of them exactly like a registered one, and
 * only the timed send (./recovery-send.ts) knows whether a code went out.
 */
export function createRecovery(core: CoreServices) {
  return {
    /**
     * The same work for every number: one transaction stores the number's row with a code nobody
     * knows and a fresh send token, and the timer that sends (./recovery-send.ts). Which account
     * the number recovers, if any, is looked up there.
     */
    async send(digits: string, address: string): Promise<void> {
      const number = canonicalNumber(digits);
      await limit(core, `send:address:${address}`, RECOVERY_LIMITS.sendsPerAddress);
      await limit(core, `send:number:${number}`, RECOVERY_LIMITS.sendsPerNumber);
      await requireConnection(core);
      const token = crypto.randomBytes(24).toString('base64url');
      const row = {
        number,
        userId: null,
        codeHash: hashCode(newCode()),
        codeExpiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MS),
        attempts: 0,
        proofHash: null,
        proofExpiresAt: null,
        usedAt: null,
        sendToken: token,
        updatedAt: core.db.fn.now(),
      };
      await core.db.transaction(async (trx) => {
        await trx('password_recoveries').insert(row).onConflict('number').merge();
        await core.timedWork.schedule<RecoverySendPayload>({ kind: RECOVERY_SEND_KIND, key: token, companyId: null, dueAt: new Date(), payload: { token } }, trx);
      });
    },

    /** A right code answers a one-use proof for the password step; the code is spent. */
    async verify(digits: string, code: string, address: string): Promise<string> {
      await limit(core, `verify:address:${address}`, RECOVERY_LIMITS.verifiesPerAddress);
      const number = canonicalNumber(digits);
      const outcome = await core.db.transaction(async (trx) => {
        const row = await trx('password_recoveries').where({ number }).forUpdate().first();
        if (!row || row.proofHash || row.usedAt || new Date(row.codeExpiresAt).getTime() <= Date.now()) return { error: 'ERR_RECOVERY_CODE_INVALID' as const, proof: null };
        if (row.attempts >= RECOVERY_MAX_ATTEMPTS) return { error: 'ERR_RECOVERY_ATTEMPTS_EXCEEDED' as const, proof: null };
        if (!codeMatches(row.codeHash, code)) {
          const attempts = row.attempts + 1;
          await trx('password_recoveries').where({ id: row.id }).update({ attempts, updatedAt: trx.fn.now() });
          return attempts >= RECOVERY_MAX_ATTEMPTS
            ? { error: 'ERR_RECOVERY_ATTEMPTS_EXCEEDED' as const, proof: null }
            : { error: 'ERR_RECOVERY_CODE_INCORRECT' as const, proof: null, attemptsLeft: RECOVERY_MAX_ATTEMPTS - attempts };
        }
        const proof = crypto.randomBytes(32).toString('base64url');
        await trx('password_recoveries')
          .where({ id: row.id })
          .update({ proofHash: sha256(proof), proofExpiresAt: new Date(Date.now() + RECOVERY_PROOF_TTL_MS), updatedAt: trx.fn.now() });
        return { proof, error: null };
      });
      if (outcome.proof) return outcome.proof;
      const { error, proof: _none, ...extra } = outcome;
      if (!error) throw new AppError('ERR_INTERNAL', 500);
      throw new AppError(error, error === 'ERR_RECOVERY_ATTEMPTS_EXCEEDED' ? 429 : 400, extra);
    },

    /** Sets the password of the account the proof belongs to, once; other sessions of it end. */
    async reset(proof: string, newPassword: string, address: string): Promise<void> {
      await limit(core, `reset:address:${address}`, RECOVERY_LIMITS.resetsPerAddress);
      const passwordHash = await hashPassword(newPassword);
      const userId = await core.db.transaction(async (trx) => {
        const row = await trx('password_recoveries').where({ proofHash: sha256(proof) }).whereNull('usedAt').where('proofExpiresAt', '>', new Date()).forUpdate().first();
        if (!row) return null;
        await trx('password_recoveries').where({ id: row.id }).update({ usedAt: trx.fn.now(), updatedAt: trx.fn.now() });
        if (!row.userId) return null;
        await trx('users').where({ id: row.userId }).update({ passwordHash, tokenVersion: trx.raw('token_version + 1'), updatedAt: trx.fn.now() });
        return row.userId as number;
      });
      if (!userId) throw new AppError('ERR_RECOVERY_PROOF_INVALID', 400);
      await core.tokens.changed({ userId });
    },
  };
}
