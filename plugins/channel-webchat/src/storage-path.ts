import path from 'node:path';

/** The channels runtime hands sessions an absolute file path; URLs are built from the storage-relative one. */
export function storagePathOf(storageRoot: string, absolute: string): string {
  const relative = path.relative(path.resolve(storageRoot), absolute);
  return relative.split(path.sep).join('/');
}
