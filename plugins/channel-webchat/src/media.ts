import { extensionOfMimeType, type MessageMediaType } from '@guiche/core';

/**
 * What a visitor may upload, and the extension each type is stored under. Files are served from
 * Guichê's own origin at /public/<path> with a content type taken from the extension, so the
 * extension comes from this list, never from the visitor's file name: an uploaded .html or .svg
 * would otherwise run script in the agents' origin.
 */
const ALLOWED = [
  'image/jpeg', 'image/png', 'image/gif', 'image/webp',
  'audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4',
  'video/mp4', 'video/webm',
  'application/pdf', 'text/plain', 'application/zip', 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export const WEBCHAT_ALLOWED_MIME_TYPES = [...ALLOWED];

/** The stored extension of an allowed MIME type, or null when the type is refused. */
export function extensionOf(mimetype: string): string | null {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  return ALLOWED.includes(type) ? extensionOfMimeType(type) : null;
}

/** `Report 2024.PDF` with application/pdf → `Report 2024.pdf`; the stem is kept for the agent. */
export function safeFileName(original: string, mimetype: string): string {
  const ext = extensionOf(mimetype) ?? 'bin';
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').replace(/["<>]/g, '')
    .replace(/\p{Cc}/gu, '').trim().slice(0, 120);
  return `${base || 'file'}.${ext}`;
}

export function mediaTypeOf(mimetype: string): MessageMediaType {
  const major = mimetype.split('/')[0]?.toLowerCase();
  if (major === 'image' || major === 'audio' || major === 'video' || major === 'application') return major;
  return 'document';
}
