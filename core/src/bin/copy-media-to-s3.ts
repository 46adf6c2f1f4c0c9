#!/usr/bin/env node
import path from 'node:path';
import { loadConfig } from '../config.js';
import { S3Storage } from '../ports/storage/s3-storage.js';
import { s3OptionsOf } from '../ports/storage/s3-options.js';
import { copyFolderToBucket } from '../ports/storage/copy-to-bucket.js';

/**
 * Moving media to a bucket: `node core/dist/bin/copy-media-to-s3.js [folder]` with the S3_*
 * variables of the deployment. The folder defaults to STORAGE_DIR (else DATA_DIR/media). Safe to
 * run again: objects already in the bucket with the same size are skipped.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const s3 = s3OptionsOf(config);
  if (!s3) throw new Error('S3_BUCKET is not set: nothing to copy to');
  const folder = process.argv[2] ?? config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'media');
  const bucket = new S3Storage(s3);
  const report = await copyFolderToBucket(folder, bucket, (key, outcome) => {
    if (outcome !== 'skipped') process.stdout.write(`${outcome} ${key}\n`);
  });
  bucket.client.destroy();
  process.stdout.write(`${folder} → s3://${s3.bucket}: ${report.copied.length} copied, ${report.skipped.length} already there, ${report.refused.length} not company files (left out)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
