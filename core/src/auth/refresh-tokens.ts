import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export const REFRESH_COOKIE = 'jrt';

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueRefreshToken(db: Knex, user: { id: number; companyId: number }, days: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('refreshTokens').insert({
    companyId: user.companyId,
    userId: user.id,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + days * 86400000),
  });
  return token;
}

/**
 * Rotation: the presented token is revoked atomically; only a token that was live a moment ago
 * yields its user. A reused (already revoked) token yields null.
 */
export async function consumeRefreshToken(db: Knex, token: string): Promise<{ userId: number } | null> {
  const rows = await db('refreshTokens')
    .where({ tokenHash: digest(token) })
    .whereNull('revokedAt')
    .where('expiresAt', '>', new Date())
    .update({ revokedAt: new Date() })
    .returning(['userId']);
  return rows[0] ? { userId: rows[0].userId } : null;
}

export async function revokeUserRefreshTokens(db: Knex, userId: number): Promise<void> {
  await db('refreshTokens').where({ userId }).whereNull('revokedAt').update({ revokedAt: new Date() });
}

export async function revokeRefreshToken(db: Knex, token: string): Promise<void> {
  await db('refreshTokens').where({ tokenHash: digest(token) }).update({ revokedAt: new Date() });
}
