import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { V, type QuickMessage } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { QUICK_MESSAGES_TABLE } from './quick-messages-repository.js';

/** The multipart field of the quick-message dialog's attachment; typeArch is sent too and not needed. */
const FILE_FIELD = 'file';
const STORAGE_FOLDER = 'quickMessages';

const fileRequired = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: [FILE_FIELD], message: V.required }] });

/** Stores the attachment and points the quick message at it; the previous file goes once the row no longer names it. */
export async function attachQuickMessageMedia(core: CoreServices, request: FastifyRequest, row: QuickMessage): Promise<void> {
  if (!request.isMultipart()) throw fileRequired();
  let stored: { path: string; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD || stored) {
        part.file.resume();
        continue;
      }
      const name = part.filename || 'file';
      stored = { path: (await core.storage.save(row.companyId, STORAGE_FOLDER, name, part.file)).path, name };
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    }
    if (!stored) throw fileRequired();
    await core.db(QUICK_MESSAGES_TABLE)
      .where({ id: row.id, companyId: row.companyId })
      .update({ isMedia: true, mediaPath: stored.path, mediaName: stored.name, updatedAt: core.db.fn.now() });
  } catch (error) {
    if (stored) await core.storage.remove(stored.path).catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    throw error;
  }
  await removeStoredFile(core, row.mediaPath);
}

export async function detachQuickMessageMedia(core: CoreServices, row: QuickMessage): Promise<void> {
  await core.db(QUICK_MESSAGES_TABLE)
    .where({ id: row.id, companyId: row.companyId })
    .update({ isMedia: false, mediaPath: null, mediaName: null, updatedAt: core.db.fn.now() });
  await removeStoredFile(core, row.mediaPath);
}

export async function removeStoredFile(core: CoreServices, path: string | null): Promise<void> {
  if (path) await core.storage.remove(path).catch((err) => core.log.warn({ err, path }, 'quick message media not removed'));
}
