import type { MessageMediaType } from '@guiche/core';

/**
 * What a visitor may upload, and the extension each type is stored under. Files are served from
 * Guichê's own origin at /public/<path> with a content type taken from the extension, so the
 * extension comes from this list, never from the visitor's file name: an uploaded .html or .svg
 * would otherwise run script in the agents' origin.
 */
const ALLOWED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/webm': 'weba',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'application/zip': 'zip',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

export const WEBCHAT_ALLOWED_MIME_TYPES = Object.keys(ALLOWED);

/** The stored extension of an allowed MIME type, or null when the type is refused. */
export function extensionOf(mimetype: string): string | null {
  return ALLOWED[mimetype.split(';')[0]!.trim().toLowerCase()] ?? null;
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
