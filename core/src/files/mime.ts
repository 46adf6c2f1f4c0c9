import { contentType, extension, lookup } from 'mime-types';

/**
 * Extension ↔ MIME type, from mime-db (the `mime-types` package), for every place that names a
 * stored file or types one. Callers keep their own allowlists (what may be shown inline, what a
 * visitor may upload); this only answers what a name or a type means.
 */

/** Where WhatsApp and the browsers' players expect another type than mime-db's first pick. */
const TYPE_OF_EXTENSION: Record<string, string> = { vcf: 'text/vcard', m4v: 'video/mp4' };
/** Where the usual extension is not mime-db's first (audio/mpeg → mpga, audio/ogg → oga). */
const EXTENSION_OF_TYPE: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg', 'audio/aac': 'aac' };

/** `Report.PDF` → `pdf`; '' when the name has none (a dotfile's leading dot is not one). */
export function extensionOfName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `pdf` → `application/pdf`; null when unknown. */
export function mimeTypeOfExtension(ext: string): string | null {
  const key = ext.replace(/^\./, '').toLowerCase();
  if (!key) return null;
  return TYPE_OF_EXTENSION[key] ?? (lookup(key) || null);
}

/** The type of a file name by its extension; null when unknown. */
export function mimeTypeOfName(name: string): string | null {
  return mimeTypeOfExtension(extensionOfName(name));
}

/** A Content-Type header for an extension (`txt` → `text/plain; charset=utf-8`); null when unknown. */
export function contentTypeOfExtension(ext: string): string | null {
  const type = mimeTypeOfExtension(ext);
  return type ? contentType(type) || type : null;
}

/** `image/jpeg; q=1` → `jpg`; null when the type is unknown. */
export function extensionOfMimeType(mimetype: string): string | null {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  return EXTENSION_OF_TYPE[type] ?? (extension(type) || null);
}
