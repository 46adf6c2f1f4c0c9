import type { MessageMediaType } from '@guiche/core';

export function mediaTypeOf(mimetype: string): MessageMediaType {
  if (mimetype.startsWith('image/')) return mimetype === 'image/webp' ? 'sticker' : 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif',
  'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/aac': 'aac', 'audio/mp4': 'm4a', 'audio/amr': 'amr',
  'video/mp4': 'mp4', 'video/3gpp': '3gp', 'application/pdf': 'pdf', 'text/plain': 'txt',
};

/** A safe file extension from the MIME type (never from a name the sender chose). */
export function extensionOf(mimetype: string): string {
  return EXTENSIONS[mimetype.split(';')[0]!.trim()] ?? 'bin';
}
