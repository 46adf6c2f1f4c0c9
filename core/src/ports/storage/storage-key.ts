import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { StorageKeyError } from './storage-errors.js';

const SAFE_SEGMENT = /^[A-Za-z0-9_-]+$/;
const COMPANY_SEGMENT = /^company[1-9][0-9]*$/;
const MAX_EXTENSION_LENGTH = 16;
const MAX_KEY_LENGTH = 1024;

/**
 * The key itself when it is a file of one company: `company<id>/<segment>/...`, no empty, `.` or
 * `..` segment, no backslash, NUL or control character. Both drivers check every key with it, so
 * no key coming back from the database or a request can leave its company.
 */
export function checkedKey(key: string): string {
  if (!COMPANY_SEGMENT.test(cleanPath(key).split('/')[0]!) || !key.includes('/')) throw new StorageKeyError(key);
  return key;
}

/** A relative path without empty, `.` or `..` segment, backslash, NUL or control character. */
function cleanPath(key: string): string {
  // eslint-disable-next-line no-control-regex
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || /[\u0000-\u001f\u007f\\]/.test(key)) throw new StorageKeyError(key);
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..')) throw new StorageKeyError(key);
  return key;
}

/** A prefix for removePrefix: `company<id>/` optionally followed by folders, always ending in `/`. */
export function checkedPrefix(prefix: string): string {
  const trimmed = typeof prefix === 'string' ? prefix.replace(/\/+$/, '') : prefix;
  if (typeof trimmed === 'string' && COMPANY_SEGMENT.test(trimmed)) return `${trimmed}/`;
  return `${checkedKey(trimmed)}/`;
}

/** `company<id>/<folder>/<uuid><ext>`: only the folder and the extension come from the caller, both reduced to safe characters. */
export function newKey(companyId: number, folder: string, fileName: string): string {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`invalid company id: ${companyId}`);
  return [`company${companyId}`, ...safeFolder(folder), `${randomUUID()}${safeExtension(fileName)}`].join('/');
}

/**
 * Only the path's shape is checked here, not the company folder: a URL of an odd stored value is
 * harmless (/public answers 404 for anything that is not a company key).
 */
export function publicUrlOf(key: string): string {
  return `/public/${cleanPath(key)}`;
}

/** `chats`, `campaigns/12` stay as they are; `../../etc` becomes `etc`; nothing usable → error. */
function safeFolder(folder: string): string[] {
  const segments = folder
    .split(/[\\/]+/)
    .map((segment) => segment.replace(/[^A-Za-z0-9_-]/g, ''))
    .filter((segment) => SAFE_SEGMENT.test(segment));
  if (segments.length === 0) throw new Error(`invalid storage folder: ${JSON.stringify(folder)}`);
  return segments;
}

/** `.png` from `Photo.PNG`; empty when the name has no extension worth keeping. */
function safeExtension(fileName: string): string {
  const extension = path.extname(path.basename(fileName.replace(/\\/g, '/'))).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '');
  return extension && extension.length <= MAX_EXTENSION_LENGTH ? `.${extension}` : '';
}
