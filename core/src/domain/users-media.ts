import type { FastifyRequest } from 'fastify';
import { UV, USER_IMAGE_MAX_BYTES } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { emitUser, isAdmin } from './users-write.js';
import { userWithQueues } from './users-query.js';

const imageRequired = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['profileImage'], message: UV.imageRequired }] });

/**
 * POST /users/{id}/media-upload (multipart: userId, typeArch, profileImage). The path's id names
 * the user; the form's userId and typeArch are what the old client sends and are not trusted.
 * An admin may upload for any user of the company, a user only for themself.
 */
export async function uploadProfileImage(core: CoreServices, request: FastifyRequest, id: number): Promise<{ user: { profileImage: string } }> {
  const { auth } = request;
  if (!isAdmin(auth) && auth.id !== id) throw new AppError('ERR_NO_PERMISSION', 403);
  const target = await core.db('users').where({ id, companyId: auth.companyId }).first('id', 'super', 'profileImage');
  if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);
  if (target.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);

  let stored: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: USER_IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'profileImage' || !part.mimetype.startsWith('image/') || stored) {
        part.file.resume();
        throw imageRequired();
      }
      stored = (await core.storage.save(auth.companyId, 'users', part.filename, part.file)).path;
    }
  } catch (err) {
    if (stored) await core.storage.remove(stored);
    throw err;
  }
  if (!stored) throw imageRequired();

  await core.db('users').where({ id: target.id }).update({ profileImage: stored, updatedAt: core.db.fn.now() });
  if (target.profileImage) await core.storage.remove(target.profileImage).catch(() => undefined);
  const user = await userWithQueues(core.db, await core.db('users').where({ id: target.id }).first());
  emitUser(core, auth.companyId, target.id, { action: 'update', user });
  return { user: { profileImage: stored } };
}
