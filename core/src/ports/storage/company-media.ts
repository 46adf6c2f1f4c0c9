import path from 'node:path';
import type { Storage } from '../types.js';

/** A media reference that resolved inside the caller's company folder. */
export interface CompanyMedia {
  /** The storage key (`company<id>/<folder>/<file>`), as the database keeps it. */
  stored: string;
  size: number;
}

/**
 * Resolves a media reference a client sent (a storage path, its `/public/...` URL, or that URL on
 * any host) to a file of the caller's own company, or null (issue 17). Every feature that takes a
 * media path from a request — messages, quick messages, campaigns, schedules — goes through it
 * before reading, copying or sending the file.
 *
 * Refused (null): anything outside `company<companyId>/` after normalisation; `.`/`..` or empty
 * segments, in plain or percent-encoded form (`%2e%2e`, `%2F`, double encoding); backslashes, NUL
 * and control characters; absolute paths; a file the storage does not have (on disk, also a
 * symbolic link leaving the company folder or anything but a regular file).
 */
export async function resolveCompanyMedia(storage: Pick<Storage, 'stat'>, companyId: number, reference: string): Promise<CompanyMedia | null> {
  const stored = companyMediaPath(companyId, reference);
  if (!stored) return null;
  try {
    const info = await storage.stat(stored);
    return info ? { stored, size: info.size } : null;
  } catch {
    return null;
  }
}

/** The syntactic half of resolveCompanyMedia: the normalised storage path, or null. No disk access. */
export function companyMediaPath(companyId: number, reference: string): string | null {
  if (typeof reference !== 'string' || reference.length > 2000 || !Number.isSafeInteger(companyId) || companyId <= 0) return null;
  let value = reference.trim();
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)$/i.exec(value);
  if (url) value = url[1]!;
  value = value.replace(/[?#].*$/, '');
  if (value.startsWith('/public/')) value = value.slice('/public/'.length);
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    // An encoded separator or a second level of encoding is never a path we handed out.
    if (value.includes('%')) return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('/')) return null;
  const segments = value.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  if (segments[0] !== `company${companyId}` || segments.length < 2) return null;
  if (path.posix.normalize(value) !== value) return null;
  return value;
}
