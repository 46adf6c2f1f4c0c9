import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage, StoredFile, StoredFileInfo } from '../types.js';
import { StorageNotFoundError } from './storage-errors.js';
import { checkedKey, checkedPrefix, newKey, publicUrlOf } from './storage-key.js';

/**
 * Media on the local disk (the embedded default): `<root>/<key>`. The folder is this driver's own
 * business; nothing above the port sees it. A key read back must be a regular file whose real
 * path (symbolic links followed) stays inside its company's folder.
 */
export class DiskStorage implements Storage {
  readonly #root: string;

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  /** The folder (for the copy command and the child kernels of tests); not part of the port. */
  get root(): string {
    return this.#root;
  }

  async save(companyId: number, folder: string, fileName: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile> {
    const key = newKey(companyId, folder, fileName);
    const absolute = this.#absolute(key);
    await mkdir(path.dirname(absolute), { recursive: true });
    try {
      if (Buffer.isBuffer(data)) await writeFile(absolute, data, { flag: 'wx' });
      else await pipeline(toReadable(data), createWriteStream(absolute, { flags: 'wx' }));
    } catch (err) {
      await rm(absolute, { force: true });
      throw err;
    }
    const { size } = await stat(absolute);
    return { path: key, size };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const real = await this.#existing(key);
    if (!real) return null;
    const info = await stat(real);
    return { size: info.size, modifiedAt: info.mtime, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
  }

  async read(key: string): Promise<Buffer<ArrayBuffer>> {
    const real = await this.#existing(key);
    if (!real) throw new StorageNotFoundError(key);
    return readFile(real);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    const real = await this.#existing(key);
    if (!real) throw new StorageNotFoundError(key);
    return createReadStream(real, range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.#absolute(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    // checkedPrefix allows only `company<id>/` and clean segments after it: the folder stays inside the root.
    await rm(path.join(this.#root, ...checkedPrefix(prefix).split('/').filter(Boolean)), { recursive: true, force: true });
  }

  url(key: string): string {
    return publicUrlOf(key);
  }

  #absolute(key: string): string {
    return path.join(this.#root, ...checkedKey(key).split('/'));
  }

  /** The real path of an existing regular file inside the key's company folder, else null. */
  async #existing(key: string): Promise<string | null> {
    const absolute = this.#absolute(key);
    try {
      const companyRoot = await realpath(path.join(this.#root, key.split('/')[0]!));
      const real = await realpath(absolute);
      if (!real.startsWith(companyRoot + path.sep)) return null;
      return (await stat(real)).isFile() ? real : null;
    } catch {
      return null;
    }
  }
}

function toReadable(stream: NodeJS.ReadableStream): Readable {
  return stream instanceof Readable ? stream : Readable.from(stream as AsyncIterable<unknown>);
}
