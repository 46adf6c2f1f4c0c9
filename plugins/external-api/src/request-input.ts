import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError, extensionOfName, mimeTypeOfName, type Storage } from '@guiche/core';
import { API_MEDIA_MAX_FILES, sendFieldsSchema, type SendFields } from './input.js';

export const MEDIA_FOLDER = 'messages';
const FILES_FIELD = 'medias';
const TEXT_FIELDS = new Set(['number', 'body', 'userId', 'queueId', 'sendSignature']);

export interface ApiMedia {
  path: string;
  mimetype: string;
  fileName: string;
  size: number;
}

export interface SendInput {
  fields: SendFields;
  media: ApiMedia[];
}

/** The files a part without a type is recognised as; anything else is octet-stream. */
const KNOWN_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'mp3', 'ogg', 'pdf', 'txt', 'csv']);
const mimetypeOf = (fileName: string) => (KNOWN_EXTENSIONS.has(extensionOfName(fileName)) && mimeTypeOfName(fileName)) || 'application/octet-stream';

export async function discardMedia(storage: Storage, media: ApiMedia[]): Promise<void> {
  await Promise.all(media.map((m) => storage.remove(m.path).catch(() => undefined)));
}

/**
 * JSON {number, body, userId, queueId, sendSignature}, or multipart with the same text fields and
 * one or more `medias` files (stored as they stream in; a rejected request leaves none behind).
 */
export async function readSendInput(request: FastifyRequest, storage: Storage, companyId: number): Promise<SendInput> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.number === 'string') request.apiNumber = body.number;
    return { fields: sendFieldsSchema.parse(body), media: [] };
  }
  const media: ApiMedia[] = [];
  const raw: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { files: API_MEDIA_MAX_FILES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILES_FIELD) {
          part.file.resume();
          continue;
        }
        const fileName = part.filename || 'file';
        const stored = await storage.save(companyId, MEDIA_FOLDER, fileName, part.file);
        media.push({ path: stored.path, mimetype: part.mimetype && part.mimetype !== 'application/octet-stream' ? part.mimetype : mimetypeOf(fileName), fileName, size: stored.size });
        if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        raw[part.fieldname] = String(part.value ?? '');
        if (part.fieldname === 'number') request.apiNumber = raw.number;
      }
    }
    return { fields: sendFieldsSchema.parse(raw), media };
  } catch (error) {
    await discardMedia(storage, media);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    throw error;
  }
}
