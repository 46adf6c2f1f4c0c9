import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import type { S3StorageOptions } from '../ports/storage/s3-storage.js';

/** The part of s3rver's API used here (the package ships no types). */
interface S3rver {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] }) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3Server {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** The S3_* configuration of a kernel storing its media in this bucket. */
  config: Pick<Config, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;
  /** The same, for an S3Storage built by hand. */
  options: S3StorageOptions;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver, path-style) on a spare port, in a temporary folder, with one empty bucket. */
export async function startS3Server(bucket = 'guiche-media'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any signature made with its default key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    config: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_FORCE_PATH_STYLE: true },
    options: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, ...credentials },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
