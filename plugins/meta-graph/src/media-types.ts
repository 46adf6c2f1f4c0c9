import { extensionOfMimeType, type MessageMediaType } from '@guiche/core';

export function mediaTypeOf(mimetype: string): MessageMediaType {
  if (mimetype.startsWith('image/')) return mimetype === 'image/webp' ? 'sticker' : 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

/** The types whose files keep their own extension; any other is stored as .bin. */
const KNOWN_TYPES = new Set([
  'image/jpeg', 'image/png', 'image/webp', 'image/gif',
  'audio/ogg', 'audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/amr',
  'video/mp4', 'video/3gpp', 'application/pdf', 'text/plain',
]);

/** A safe file extension from the MIME type (never from a name the sender chose). */
export function extensionOf(mimetype: string): string {
  const type = mimetype.split(';')[0]!.trim();
  return (KNOWN_TYPES.has(type) && extensionOfMimeType(type)) || 'bin';
}
