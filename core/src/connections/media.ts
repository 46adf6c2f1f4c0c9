import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { V, type Connection } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { emitConnection } from './audience.js';
import { CONNECTIONS_TABLE, findConnection } from './repository.js';

/** The multipart field the connection dialog sends the greeting attachment in (account-admin.md §7). */
const FILE_FIELD = 'file';
const STORAGE_FOLDER = 'connections';

/**
 * Stores the greeting media attachment and points the connection at it; the previous file is
 * removed once the row no longer names it. A rejected request leaves no file behind.
 */
export async function uploadGreetingMedia(core: CoreServices, request: FastifyRequest, companyId: number, id: number): Promise<Connection> {
  const before = await findConnection(core.db, companyId, id);
  if (!request.isMultipart()) throw fileRequired();
  let stored: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD || stored) {
        part.file.resume();
        continue;
      }
      stored = (await core.storage.save(companyId, STORAGE_FOLDER, part.filename || 'file', part.file)).path;
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    }
    if (!stored) throw fileRequired();
    const updated = await core.db(CONNECTIONS_TABLE).where({ companyId, id }).update({ greetingMediaAttachment: stored, updatedAt: core.db.fn.now() });
    if (updated === 0) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  } catch (error) {
    if (stored) await core.storage.remove(stored).catch(() => undefined);
    throw asClientError(error);
  }
  await removeFile(core, before.greetingMediaAttachment);
  return announce(core, companyId, id);
}

export async function deleteGreetingMedia(core: CoreServices, companyId: number, id: number): Promise<Connection> {
  const before = await findConnection(core.db, companyId, id);
  await core.db(CONNECTIONS_TABLE).where({ companyId, id }).update({ greetingMediaAttachment: null, updatedAt: core.db.fn.now() });
  await removeFile(core, before.greetingMediaAttachment);
  return announce(core, companyId, id);
}

async function announce(core: CoreServices, companyId: number, id: number): Promise<Connection> {
  const connection = await findConnection(core.db, companyId, id);
  await emitConnection(core, companyId, { action: 'update', whatsapp: connection });
  return connection;
}

async function removeFile(core: CoreServices, path: string | null): Promise<void> {
  if (path) await core.storage.remove(path).catch((err) => core.log.warn({ err, path }, 'greeting media not removed'));
}

function fileRequired(): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues: [{ path: [FILE_FIELD], message: V.required }] });
}

/** Multipart limit errors carry their own 4xx status; name the too-large ones with our code. */
function asClientError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  return error;
}
