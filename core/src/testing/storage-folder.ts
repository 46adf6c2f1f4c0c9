import { DiskStorage } from '../ports/storage/disk-storage.js';
import type { TestKernel } from './test-kernel.js';

/** The media folder of a kernel on the disk driver, for tests that plant files or links on disk. */
export function storageFolder(k: TestKernel): string {
  const storage = k.kernel.core.storage;
  if (!(storage instanceof DiskStorage)) throw new Error('this kernel keeps its media in a bucket, not a folder');
  return storage.root;
}
