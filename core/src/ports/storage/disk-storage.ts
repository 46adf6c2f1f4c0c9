import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage, StoredFile } from '../types.js';

const SAFE_SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_EXTENSION_LENGTH = 16;

/**
 * Media on the local disk: `<root>/company<id>/<folder>/<uuid><ext>`. Only the folder and the
 * extension come from the caller, and both are reduced to safe characters, so a stored path can
 * never leave the root; `resolve` re-checks paths that come back from the outside.
 */
export class DiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async save(companyId: number, folder: string, fileName: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile> {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`invalid company id: ${companyId}`);
    const relative = [`company${companyId}`, ...safeFolder(folder), `${randomUUID()}${safeExtension(fileName)}`].join('/');
    const absolute = this.resolve(relative);
    await mkdir(path.dirname(absolute), { recursive: true });
    try {
      if (Buffer.isBuffer(data)) {
        await writeFile(absolute, data, { flag: 'wx' });
      } else {
        await pipeline(toReadable(data), createWriteStream(absolute, { flags: 'wx' }));
      }
    } catch (err) {
      await rm(absolute, { force: true });
      throw err;
    }
    const { size } = await stat(absolute);
    return { path: relative, size };
  }

  async remove(storedPath: string): Promise<void> {
    await rm(this.resolve(storedPath), { force: true });
  }

  resolve(storedPath: string): string {
    if (storedPath.includes('\0') || storedPath.includes('\\') || path.posix.isAbsolute(storedPath)) {
      throw new Error(`invalid storage path: ${JSON.stringify(storedPath)}`);
    }
    const absolute = path.resolve(this.root, storedPath);
    if (!absolute.startsWith(this.root + path.sep)) {
      throw new Error(`storage path escapes the root: ${JSON.stringify(storedPath)}`);
    }
    return absolute;
  }

  url(storedPath: string): string {
    const absolute = this.resolve(storedPath);
    return `/public/${path.relative(this.root, absolute).split(path.sep).join('/')}`;
  }
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

function toReadable(stream: NodeJS.ReadableStream): Readable {
  return stream instanceof Readable ? stream : Readable.from(stream as AsyncIterable<unknown>);
}
