import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { TokenGate } from './token-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the kernel: the per-user token version / deleted user / company check. */
    tokenGate?: TokenGate;
  }
}

/**
 * onRequest hook: a valid access token or 401 ERR_SESSION_EXPIRED; sets request.auth. A token of a
 * deleted user, of an older token version (password changed) or of a deleted / switched-off
 * company is refused at once (the kernel's token gate), not when it expires.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('ERR_SESSION_EXPIRED', 401);
  let payload: AuthUser & { tv?: number };
  try {
    payload = await request.jwtVerify<AuthUser & { tv?: number }>();
  } catch {
    throw new AppError('ERR_SESSION_EXPIRED', 401);
  }
  const gate = request.server.tokenGate;
  if (gate && !(await gate.allows(payload))) throw new AppError('ERR_SESSION_EXPIRED', 401);
  request.auth = { id: payload.id, companyId: payload.companyId, profile: payload.profile, super: payload.super };
}

export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (request.auth.profile !== 'admin' && !request.auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

export async function requireSuper(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
}
