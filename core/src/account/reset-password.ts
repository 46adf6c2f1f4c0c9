import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../auth/password.js';

export interface PasswordReset {
  email: string;
  /** The new password: the one given, or generated (shown once by the command). */
  password: string;
  generated: boolean;
}

/**
 * An operator's way back in when nobody can sign in and recovery cannot send a code (a fresh
 * install has no platform WhatsApp connection): sets the user's password, ends their sessions
 * (refresh tokens revoked, access tokens outdated by the token version) and lifts a sign-in lock.
 * Null when no user has that e-mail.
 */
export async function resetPassword(db: Knex, email: string, password?: string): Promise<PasswordReset | null> {
  const chosen = password ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(chosen);
  return db.transaction(async (trx) => {
    const [user] = await trx('users')
      .whereRaw('lower(email) = lower(?)', [email.trim()])
      .update({ passwordHash, tokenVersion: trx.raw('token_version + 1'), updatedAt: trx.fn.now() })
      .returning(['id', 'email']);
    if (!user) return null;
    await trx('refreshTokens').where({ userId: user.id }).whereNull('revokedAt').update({ revokedAt: new Date() });
    return { email: user.email, password: chosen, generated: password === undefined };
  });
}
