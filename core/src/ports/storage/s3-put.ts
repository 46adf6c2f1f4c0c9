import { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { checkedKey } from './storage-key.js';

/** 8 MiB: above S3's 5 MiB minimum part, small enough to keep one part per upload in memory. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes a buffer or a stream of unknown length: a stream that ends within one part is a single
 * PUT; a longer one becomes a multipart upload, one part in memory at a time. Returns the size.
 */
export async function putObject(client: S3Client, bucket: string, key: string, data: Buffer | NodeJS.ReadableStream): Promise<number> {
  const Key = checkedKey(key);
  if (Buffer.isBuffer(data)) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: data, ContentLength: data.length }));
    return data.length;
  }
  const parts = chunks(data instanceof Readable ? data : Readable.from(data as AsyncIterable<unknown>));
  const first = await parts.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  if (firstPart.length < PART_BYTES) return putObject(client, bucket, key, firstPart);

  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
  const done: { ETag: string; PartNumber: number }[] = [];
  let size = 0;
  try {
    for (let part: Buffer | undefined = firstPart; part; ) {
      const PartNumber = done.length + 1;
      const answer = await client.send(new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
      done.push({ ETag: answer.ETag ?? '', PartNumber });
      size += part.length;
      const next = await parts.next();
      part = next.done ? undefined : next.value;
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
    return size;
  } catch (err) {
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).catch(() => undefined);
    throw err;
  }
}

/** The stream regrouped in PART_BYTES buffers (the last one shorter). */
async function* chunks(stream: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    pending.push(buffer);
    length += buffer.length;
    while (length >= PART_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, PART_BYTES);
      pending = [all.subarray(PART_BYTES)];
      length = all.length - PART_BYTES;
    }
  }
  if (length > 0 || pending.length === 0) yield Buffer.concat(pending);
}
