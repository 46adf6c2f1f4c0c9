import { createReadStream } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Storage } from './s3-storage.js';
import { putObject } from './s3-put.js';
import { StorageKeyError } from './storage-errors.js';
import { checkedKey } from './storage-key.js';

export interface CopyReport {
  copied: string[];
  /** Already in the bucket with the same size. */
  skipped: string[];
  /** Files whose path is not a company key (left where they are). */
  refused: string[];
}

/**
 * Copies every file of a local media folder (STORAGE_DIR) to the bucket under the same key. Run
 * again, it copies only what is missing or of another size, so an interrupted copy resumes.
 * Symbolic links are not followed: a link could point outside its company's folder.
 */
export async function copyFolderToBucket(folder: string, bucket: S3Storage, onFile: (key: string, outcome: 'copied' | 'skipped' | 'refused') => void = () => {}): Promise<CopyReport> {
  const report: CopyReport = { copied: [], skipped: [], refused: [] };
  for await (const absolute of regularFiles(path.resolve(folder))) {
    const key = path.relative(path.resolve(folder), absolute).split(path.sep).join('/');
    const outcome = await copyOne(bucket, absolute, key);
    report[outcome].push(key);
    onFile(key, outcome);
  }
  return report;
}

async function copyOne(bucket: S3Storage, absolute: string, key: string): Promise<'copied' | 'skipped' | 'refused'> {
  try {
    checkedKey(key);
  } catch (err) {
    if (err instanceof StorageKeyError) return 'refused';
    throw err;
  }
  const [local, remote] = await Promise.all([stat(absolute), bucket.stat(key)]);
  if (remote && remote.size === local.size) return 'skipped';
  await putObject(bucket.client, bucket.bucket, key, createReadStream(absolute));
  return 'copied';
}

async function* regularFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of await opendir(dir)) {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* regularFiles(absolute);
    else if (entry.isFile()) yield absolute;
  }
}
