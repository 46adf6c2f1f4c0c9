import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { V } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { FILE_OPTIONS_TABLE, FILES_TABLE } from './files-repository.js';

const STORAGE_FOLDER = 'fileList';
/** The multipart field of the files; the entries' ids, names and media types come as fields of the same names, one per file. */
const FILES_FIELD = 'files';
const MAX_FILES = 50;

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', 400, { issues: [{ path: [path], message }] });

interface Uploaded {
  path: string;
  fileName: string;
  mimetype: string;
}

/**
 * POST /files/uploadList/{id} (outreach-config.md §7): a form with `files` and, per file in the same
 * order, the entry `id` it belongs to (a new entry is created when absent, named by `name` or the
 * file's name), `mediaType` and `name`. fileId and typeArch may be sent and are not needed. An
 * entry's previous file is removed once the row no longer names it; on any failure nothing changes.
 */
export async function uploadFileList(core: CoreServices, request: FastifyRequest, companyId: number, fileId: number): Promise<void> {
  const list = await core.db(FILES_TABLE).where({ companyId, id: fileId }).first('id');
  if (!list) throw new AppError('ERR_NOT_FOUND', 404);
  if (!request.isMultipart()) throw invalid(FILES_FIELD, V.required);
  const fields: Record<string, string[]> = { id: [], name: [], mediaType: [] };
  const uploaded: Uploaded[] = [];
  const removeUploaded = () => Promise.all(uploaded.map((u) => core.storage.remove(u.path).catch(() => undefined)));
  let replaced: string[] = [];
  try {
    for await (const part of request.parts({ limits: { files: MAX_FILES } })) {
      if (part.type === 'field') {
        if (part.fieldname in fields) fields[part.fieldname].push(String(part.value ?? '').slice(0, 255));
        continue;
      }
      if (part.fieldname !== FILES_FIELD) {
        part.file.resume();
        continue;
      }
      const fileName = part.filename || 'file';
      const saved = await core.storage.save(companyId, STORAGE_FOLDER, fileName, part.file);
      uploaded.push({ path: saved.path, fileName, mimetype: part.mimetype || 'application/octet-stream' });
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    }
    if (!uploaded.length) throw invalid(FILES_FIELD, V.required);
    replaced = await core.db.transaction(async (trx) => {
      const previous: string[] = [];
      for (const [index, file] of uploaded.entries()) {
        const rawId = fields.id[index]?.trim();
        const optionId = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
        const changes = { path: file.path, mediaType: fields.mediaType[index]?.includes('/') ? fields.mediaType[index] : file.mimetype };
        if (optionId) {
          const option = await trx(FILE_OPTIONS_TABLE).where({ companyId, fileId, id: optionId }).forUpdate().first('id', 'path');
          if (!option) throw new AppError('ERR_NOT_FOUND', 404);
          if (option.path) previous.push(option.path);
          const name = fields.name[index]?.trim();
          await trx(FILE_OPTIONS_TABLE).where({ id: optionId }).update({ ...changes, ...(name ? { name } : {}), updatedAt: trx.fn.now() });
        } else {
          await trx(FILE_OPTIONS_TABLE).insert({ ...changes, companyId, fileId, name: fields.name[index]?.trim() || file.fileName.slice(0, 255) });
        }
      }
      await trx(FILES_TABLE).where({ id: fileId }).update({ updatedAt: trx.fn.now() });
      return previous;
    });
  } catch (error) {
    await removeUploaded();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    throw error;
  }
  await removeStoredFiles(core, replaced);
}

export async function removeStoredFiles(core: CoreServices, paths: (string | null)[]): Promise<void> {
  for (const path of paths) if (path) await core.storage.remove(path).catch((err) => core.log.warn({ err, path }, 'file list file not removed'));
}
