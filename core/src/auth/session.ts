import type { FastifyReply } from 'fastify';
import type { AuthResponse } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { loadSessionUser } from '../domain/users.js';
import { isSubscriptionExpired } from '../domain/subscription.js';
import type { CoreServices } from '../services.js';
import { issueRefreshToken, REFRESH_COOKIE } from './refresh-tokens.js';

/** The session answer for a user: access token, user, plan flags and subscription state. */
export async function sessionFor(core: CoreServices, userId: number, token?: string): Promise<AuthResponse> {
  const row = await core.db('users').where({ id: userId }).first('companyId', 'tokenVersion');
  if (!row) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const settings = await core.settings.all(row.companyId);
  const user = await loadSessionUser(core.db, userId, settings);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return {
    token: token ?? core.signAccessToken({ ...user, tokenVersion: row.tokenVersion }),
    user,
    planFlags: await core.plans.flags(user.companyId),
    subscriptionExpired: isSubscriptionExpired(user.companyId, user.company.dueDate),
  };
}

export async function setRefreshCookie(core: CoreServices, reply: FastifyReply, user: { id: number; companyId: number }): Promise<void> {
  const refresh = await issueRefreshToken(core.db, user, core.config.REFRESH_TOKEN_DAYS);
  reply.setCookie(REFRESH_COOKIE, refresh, {
    httpOnly: true,
    sameSite: 'lax',
    secure: core.config.PUBLIC_URL?.startsWith('https://') ?? false,
    path: `${core.config.API_BASE}/auth`,
    maxAge: core.config.REFRESH_TOKEN_DAYS * 86400,
  });
}
