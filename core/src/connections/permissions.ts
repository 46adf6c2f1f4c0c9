import type { FastifyRequest } from 'fastify';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';

/** Admins, and users with allowConnections (account-admin.md §6), manage connections. */
export async function canManageConnections(core: CoreServices, auth: AuthUser): Promise<boolean> {
  if (auth.profile === 'admin' || auth.super) return true;
  const user = await core.db('users').where({ id: auth.id, companyId: auth.companyId }).first('allowConnections');
  return Boolean(user?.allowConnections);
}

/** onRequest hook: 403 ERR_NO_PERMISSION for anyone else. */
export function requireConnectionManager(core: CoreServices) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await canManageConnections(core, request.auth))) throw new AppError('ERR_NO_PERMISSION', 403);
  };
}
