import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';

/** onRequest hook: a valid access token or 401 ERR_SESSION_EXPIRED; sets request.auth. */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('ERR_SESSION_EXPIRED', 401);
  try {
    const payload = await request.jwtVerify<AuthUser>();
    request.auth = { id: payload.id, companyId: payload.companyId, profile: payload.profile, super: payload.super };
  } catch {
    throw new AppError('ERR_SESSION_EXPIRED', 401);
  }
}

export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (request.auth.profile !== 'admin' && !request.auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

export async function requireSuper(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
}
