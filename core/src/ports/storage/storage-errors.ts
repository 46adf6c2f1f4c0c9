/** A key outside `company<id>/...` or with traversal, control characters or backslashes. */
export class StorageKeyError extends Error {
  readonly code = 'ERR_INVALID_STORAGE_PATH';
  constructor(key: unknown) {
    super(`invalid storage path: ${JSON.stringify(key)}`);
  }
}

/** Reading a file that is not there. */
export class StorageNotFoundError extends Error {
  readonly code = 'ERR_STORAGE_NOT_FOUND';
  constructor(key: string) {
    super(`no stored file at ${JSON.stringify(key)}`);
  }
}
