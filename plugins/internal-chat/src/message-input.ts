import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { z } from 'zod';
import { AppError } from '@guiche/core';
import type { PluginContext } from '@guiche/core';
import { chatMessageInputSchema, text } from '@guiche/contracts';
import type { ChatMediaType } from '@guiche/contracts';
import { parseOrThrow } from './validation.js';

/** What a POST /chats/:id/messages carries once read and validated. */
export interface MessageInput {
  message: string;
  media: { path: string; name: string; type: ChatMediaType } | null;
}

/** The file field the web sends media in (outreach-config.md §7). */
const MEDIA_FIELD = 'medias';
const MAX_MEDIA_NAME = 255;

const multipartFieldsSchema = z.object({
  body: text(10000).optional(),
  typeArch: text(50).optional(),
  fromMe: text(10).optional(),
});

export function mediaTypeOf(mimetype: string): ChatMediaType {
  const major = mimetype.split('/')[0]?.toLowerCase();
  return major === 'image' || major === 'audio' || major === 'video' ? major : 'other';
}

/**
 * Reads either a JSON { message } body or a multipart form with a `medias` file (+ body).
 * The media is stored while the form streams in; if the form then turns out to be invalid,
 * the stored file is removed again so a rejected request leaves nothing behind.
 */
export async function readMessageInput(
  request: FastifyRequest,
  storage: PluginContext['storage'],
  companyId: number,
): Promise<MessageInput> {
  if (!request.isMultipart()) {
    const { message } = parseOrThrow(chatMessageInputSchema, request.body ?? {});
    return { message, media: null };
  }

  const fields: Record<string, string> = {};
  let media: MessageInput['media'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== MEDIA_FIELD || media) {
        part.file.resume(); // only the first `medias` file is kept; drain the rest
        continue;
      }
      const name = (part.filename || 'file').slice(0, MAX_MEDIA_NAME);
      const stored = await storage.save(companyId, 'chats', name, part.file);
      media = { path: stored.path, name, type: mediaTypeOf(part.mimetype) };
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    }
    const { body } = parseOrThrow(multipartFieldsSchema, fields);
    const text = body?.trim();
    if (media) return { message: text || media.name, media };
    const { message } = parseOrThrow(chatMessageInputSchema, { message: body ?? '' });
    return { message, media: null };
  } catch (error) {
    if (media) await storage.remove(media.path).catch(() => undefined);
    throw asClientError(error);
  }
}

/** Multipart limit errors carry their own 4xx status; name the too-large ones with our code. */
function asClientError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  }
  return error;
}
