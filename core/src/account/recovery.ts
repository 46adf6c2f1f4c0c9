import crypto from 'node:crypto';
import { RECOVERY_CODE_TTL_MS, RECOVERY_MAX_ATTEMPTS, RECOVERY_PROOF_TTL_MS } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { hashPassword } from '../auth/password.js';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import type { CoreServices } from '../services.js';
import { canonicalNumber, storedSpellings } from './recovery-numbers.js';
import { recoveryMessage } from './recovery-texts.js';

/** Fixed windows of the rate limits (core rate-limit port): per number and per address. */
export const RECOVERY_LIMITS = {
  windowMs: 15 * 60_000,
  sendsPerNumber: 3,
  sendsPerAddress: 10,
  verifiesPerAddress: 20,
  resetsPerAddress: 10,
} as const;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function hashCode(code: string): string {
  const salt = crypto.randomBytes(16).toString('hex');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, digest] = stored.split(':');
  if (!salt || !digest) return false;
  const candidate = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const expected = Buffer.from(digest, 'hex');
  return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
}

async function limit(core: CoreServices, key: string, max: number): Promise<void> {
  const hit = await core.rateLimits.hit(`recovery:${key}`, max, RECOVERY_LIMITS.windowMs);
  if (!hit.allowed) throw new AppError('ERR_RATE_LIMITED', 429, { retryAfterMs: hit.retryAfterMs });
}

/** The platform company's default connection, when its session is connected. */
async function platformConnection(core: CoreServices): Promise<number> {
  const row = await core.db('whatsapps').where({ companyId: SUPER_COMPANY_ID, isDefault: true, status: 'CONNECTED' }).first('id');
  if (!row) throw new AppError('ERR_RECOVERY_UNAVAILABLE', 503);
  return row.id;
}

/** The account a number recovers: the company user with the company's e-mail, else its oldest admin. */
async function userOfNumber(core: CoreServices, digits: string): Promise<{ id: number; language: string | null } | null> {
  const company = await core
    .db('companies')
    .whereIn(core.db.raw("regexp_replace(coalesce(phone, ''), '\\D', '', 'g')") as never, storedSpellings(digits))
    .orderBy('id')
    .first('id', 'email');
  if (!company) return null;
  const users = core.db('users').where({ companyId: company.id });
  const byEmail = company.email ? await users.clone().whereRaw('lower(email) = lower(?)', [company.email]).first('id', 'language') : null;
  return byEmail ?? (await users.clone().where({ profile: 'admin' }).orderBy('id').first('id', 'language')) ?? null;
}

/**
 * Password recovery by a WhatsApp code. Every answer is the same for a number nobody registered:
 * such a number gets a row too (user_id null, a code nobody knows), so it counts wrong tries and
 * runs out of them exactly like a registered one.
 */
export function createRecovery(core: CoreServices) {
  return {
    async send(digits: string, address: string): Promise<void> {
      const number = canonicalNumber(digits);
      await limit(core, `send:address:${address}`, RECOVERY_LIMITS.sendsPerAddress);
      await limit(core, `send:number:${number}`, RECOVERY_LIMITS.sendsPerNumber);
      const connectionId = await platformConnection(core);
      const user = await userOfNumber(core, digits);
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      const row = {
        number,
        userId: user?.id ?? null,
        codeHash: hashCode(code),
        codeExpiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MS),
        attempts: 0,
        proofHash: null,
        proofExpiresAt: null,
        usedAt: null,
        updatedAt: core.db.fn.now(),
      };
      await core.db('password_recoveries').insert(row).onConflict('number').merge();
      if (!user) return;
      await core.channels.call(connectionId, { method: 'sendText', args: [{ id: number, number }, recoveryMessage(user.language, code)] }, 'ERR_RECOVERY_UNAVAILABLE').catch((err: unknown) => {
        core.log.warn({ err }, 'recovery code not sent');
        throw new AppError('ERR_RECOVERY_UNAVAILABLE', 503);
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
