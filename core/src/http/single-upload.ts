import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { V } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { Storage } from '../ports/types.js';

export interface StoredUpload {
  /** Path in the storage (relative to its root). */
  path: string;
  /** The original file name, made storable by the multipart guard. */
  name: string;
  /** The declared mimetype, bounded. */
  type: string;
}

export interface SingleUploadOptions {
  companyId: number;
  /** Storage folder under the company's. */
  folder: string;
  /** The form field of the file (default `file`). */
  field?: string;
  /** Largest file, when smaller than the platform's multipart limit. */
  maxBytes?: number;
  /** Refuses a file by its name and type (400 on the field). */
  accepts?(file: { filename: string; mimetype: string }): boolean;
  /** The field's message when no acceptable file came (default validation.required). */
  message?: string;
}

/**
 * An attachment route's one file (`POST …/media-upload`): stored under the company's folder and
 * returned; no file (or a refused one) is 400 on the field, a larger one 413 with nothing left
 * behind. Malformed forms are the multipart guard's 400. The caller points its row at the file and
 * removes it if that fails.
 */
export async function storeSingleUpload(storage: Storage, request: FastifyRequest, options: SingleUploadOptions): Promise<StoredUpload> {
  const field = options.field ?? 'file';
  const required = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: [field], message: options.message ?? V.required }] });
  if (!request.isMultipart()) throw required();
  let stored: StoredUpload | null = null;
  try {
    for await (const part of request.parts({ limits: { files: 1, ...(options.maxBytes ? { fileSize: options.maxBytes } : {}) } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || stored) {
        part.file.resume();
        continue;
      }
      if (options.accepts && !options.accepts({ filename: part.filename, mimetype: part.mimetype })) {
        part.file.resume();
        throw required();
      }
      const name = (part.filename || 'file').slice(0, 255);
      stored = { path: (await storage.save(options.companyId, options.folder, name, part.file)).path, name, type: (part.mimetype || 'application/octet-stream').slice(0, 120) };
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    }
  } catch (error) {
    if (stored) await storage.remove(stored.path).catch(() => undefined);
    throw error;
  }
  if (!stored) throw required();
  return stored;
}
