import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { MESSAGE_MEDIA_MAX_FILES, MessagesApiV, messageMultipartFieldsSchema } from '@guiche/contracts';
import type { z } from 'zod';
import { AppError } from '../plugin-sdk/types.js';
import { extensionOfName, mimeTypeOfExtension } from '../files/mime.js';
import { resolveCompanyMedia } from '../ports/storage/company-media.js';
import type { CoreServices } from '../services.js';

export const MESSAGES_FOLDER = 'messages';
/** The multipart field the conversation's attach button sends files in (inbox.md §7). */
const FILES_FIELD = 'medias';
const TEXT_FIELDS = new Set(['body', 'isPrivate', 'signMessage', 'quotedMsgId', 'mediaTitle']);

export interface OutgoingMedia {
  path: string;
  mimetype: string;
  fileName: string;
}

/** The messages table's mediaType of a file: the mimetype's family, documents for the rest. */
export function mediaTypeOf(mimetype: string): string {
  const family = mimetype.split('/')[0]?.toLowerCase() ?? '';
  return ['image', 'video', 'audio', 'application'].includes(family) ? family : 'document';
}

/** The files an upload without a type is recognised as; anything else is octet-stream. */
const MEDIA_EXTENSIONS = new Set([
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', '3gp', 'mov', 'webm', 'mp3', 'ogg', 'opus', 'm4a', 'wav', 'aac',
  'pdf', 'zip', 'doc', 'xls', 'docx', 'xlsx', 'txt', 'csv', 'vcf',
]);

export function mimetypeOfName(fileName: string): string {
  const extension = extensionOfName(fileName);
  return (MEDIA_EXTENSIONS.has(extension) && mimeTypeOfExtension(extension)) || 'application/octet-stream';
}

export async function discard(core: CoreServices, media: OutgoingMedia[]): Promise<void> {
  await Promise.all(media.map((m) => core.storage.remove(m.path).catch(() => undefined)));
}

function isLimitError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT';
}

/**
 * Reads a multipart send: every `medias` file is stored as it streams in, the text fields are
 * validated at the end. A rejected request leaves no file behind.
 */
export async function readMultipartSend(
  core: CoreServices,
  request: FastifyRequest,
  companyId: number,
): Promise<{ fields: z.infer<typeof messageMultipartFieldsSchema>; media: OutgoingMedia[] }> {
  const media: OutgoingMedia[] = [];
  const raw: Record<string, string | string[]> = { body: [] };
  try {
    for await (const part of request.parts({ limits: { files: MESSAGE_MEDIA_MAX_FILES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILES_FIELD) {
          part.file.resume();
          continue;
        }
        const fileName = part.filename || 'file';
        const stored = await core.storage.save(companyId, MESSAGES_FOLDER, fileName, part.file);
        media.push({ path: stored.path, mimetype: part.mimetype || mimetypeOfName(fileName), fileName });
        if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        const value = String(part.value ?? '');
        if (part.fieldname === 'body') (raw.body as string[]).push(value);
        else raw[part.fieldname] = value;
      }
    }
    return { fields: messageMultipartFieldsSchema.parse(raw), media };
  } catch (error) {
    await discard(core, media);
    if (isLimitError(error)) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    throw error;
  }
}

const invalidMediaUrl = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['mediaUrl'], message: MessagesApiV.mediaUrl }] });

/**
 * A file the company already stored (a quick message's attachment, a forwarded message's media),
 * named by its storage path or /public URL, copied into the messages folder so the message keeps
 * its media when the original is replaced. Never fetches another host nor another tenant's file.
 */
export async function copyStoredMedia(core: CoreServices, companyId: number, mediaUrl: string, fileName?: string): Promise<OutgoingMedia> {
  const media = await resolveCompanyMedia(core.storage, companyId, mediaUrl);
  if (!media) throw invalidMediaUrl();
  const { stored } = media;
  const name = fileName || (await originalName(core, companyId, stored)) || path.basename(stored);
  const copy = await core.storage.save(companyId, MESSAGES_FOLDER, name, await core.storage.stream(stored));
  return { path: copy.path, mimetype: mimetypeOfName(stored), fileName: name };
}

/** Stored names are random; a quick message's attachment keeps the name it was uploaded with. */
async function originalName(core: CoreServices, companyId: number, stored: string): Promise<string | undefined> {
  const quick = await core.db('quickMessages').where({ companyId, mediaPath: stored }).first('mediaName');
  return quick?.mediaName ?? undefined;
}

/** A contact card as a .vcf file (text/vcard): channels that know contact cards send it as one. */
export async function storeVCard(core: CoreServices, companyId: number, card: { name: string; number: string }): Promise<OutgoingMedia> {
  const digits = card.number.replace(/\D/g, '');
  const name = card.name.replace(/[\r\n;]/g, ' ');
  const text = ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD', ''].join('\r\n');
  const fileName = `${name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'contact'}.vcf`;
  const stored = await core.storage.save(companyId, MESSAGES_FOLDER, fileName, Buffer.from(text, 'utf8'));
  return { path: stored.path, mimetype: 'text/vcard', fileName };
}
