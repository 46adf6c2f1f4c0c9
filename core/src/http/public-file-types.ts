import { contentTypeOfExtension, extensionOfName } from '../files/mime.js';

/**
 * What /public/ may show inside the browser: images, audio, video, PDF and plain text, the types a
 * conversation previews. Everything else (HTML, SVG, XML, scripts, office files, archives, unknown)
 * is sent as a download (Content-Disposition: attachment), and active formats as
 * application/octet-stream, so an uploaded file can never run as a page of this origin (issue 26).
 */
const INLINE = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif',
  'mp3', 'ogg', 'oga', 'opus', 'wav', 'm4a', 'aac', 'amr', 'weba',
  'mp4', 'm4v', 'webm', 'ogv', 'mov', '3gp',
  'pdf', 'txt',
]);

/** Passive documents keep their type for the download; anything not listed is octet-stream. */
const DOWNLOAD = new Set(['csv', 'vcf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'zip', 'rar', '7z']);

export interface PublicFileType {
  contentType: string;
  inline: boolean;
}

export function publicFileType(key: string): PublicFileType {
  const extension = extensionOfName(key);
  const known = INLINE.has(extension) || DOWNLOAD.has(extension) ? contentTypeOfExtension(extension) : null;
  if (!known) return { contentType: 'application/octet-stream', inline: false };
  return { contentType: known, inline: INLINE.has(extension) };
}
