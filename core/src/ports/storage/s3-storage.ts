import { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ByteRange, Storage, StoredFile, StoredFileInfo } from '../types.js';
import { StorageNotFoundError } from './storage-errors.js';
import { checkedKey, checkedPrefix, newKey, publicUrlOf } from './storage-key.js';
import { putObject } from './s3-put.js';

export interface S3StorageOptions {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000; unset: AWS's own for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/**
 * Media in any S3-compatible bucket, one object per key: every node sees the same files. Checksums
 * are sent only where the API requires them, so stores that do not know the newer checksum
 * headers (older MinIO, s3rver, several clouds) take the requests as they are.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(companyId: number, folder: string, fileName: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile> {
    const key = newKey(companyId, folder, fileName);
    const size = await putObject(this.client, this.bucket, key, data);
    return { path: key, size };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), etag: head.ETag ?? `"${head.ContentLength ?? 0}"` };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer<ArrayBuffer>> {
    const body = await this.#get(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    const body = await this.#get(key, range);
    return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async removePrefix(prefix: string): Promise<void> {
    const Prefix = checkedPrefix(prefix);
    // Listing again from the start after each page of deletions: the deleted keys are gone from it.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length === 0) return;
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      if (answer.Errors?.length) throw new Error(`bucket refused to delete ${answer.Errors.length} objects under ${Prefix}: ${answer.Errors[0]?.Message ?? ''}`);
    }
  }

  url(key: string): string {
    return publicUrlOf(key);
  }

  async #get(key: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!answer.Body) throw new StorageNotFoundError(key);
      return answer.Body;
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
