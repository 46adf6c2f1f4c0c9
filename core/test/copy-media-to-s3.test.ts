import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '@guiche/core/testing';
import { S3Storage } from '../src/ports/storage/s3-storage.js';

const run = promisify(execFile);
const command = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin', 'copy-media-to-s3.js');

let s3: TestS3Server;
let bucket: S3Storage;
let folder: string;
beforeAll(async () => {
  if (!fs.existsSync(command)) throw new Error(`${command} is missing: build with \`npx tsc -b\` first (npm test does)`);
  s3 = await startS3Server();
  bucket = new S3Storage(s3.options);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-media-'));
});
afterAll(async () => {
  bucket?.client.destroy();
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

function write(key: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
  fs.writeFileSync(path.join(folder, key), content);
}

/** The command as an operator runs it: the deployment's S3_* variables and the folder. */
async function copy(): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', STORAGE_DIR: folder, LOG_LEVEL: 'silent', ...Object.fromEntries(Object.entries(s3.config).map(([k, v]) => [k, String(v)])) };
  const { stdout } = await run(process.execPath, [command], { env });
  return stdout;
}

describe('copy-media-to-s3', () => {
  it('copies a local media folder into the bucket under the same keys, and run again copies only what changed', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 3);
    write('company1/chats/a.png', 'png');
    write('company1/campaigns/12/list.csv', 'a,b');
    write('company2/users/avatar.jpg', 'jpg');
    write('company2/exports/big.bin', big);
    write('stray.txt', 'not a company file');
    fs.symlinkSync(path.join(folder, 'company1/chats/a.png'), path.join(folder, 'company2/users/link.png'));

    const first = await copy();
    expect(first).toContain('4 copied, 0 already there, 1 not company files');
    expect((await bucket.read('company1/chats/a.png')).toString()).toBe('png');
    expect((await bucket.read('company1/campaigns/12/list.csv')).toString()).toBe('a,b');
    expect((await bucket.read('company2/users/avatar.jpg')).toString()).toBe('jpg');
    expect((await bucket.read('company2/exports/big.bin')).equals(big)).toBe(true);
    expect(await bucket.stat('company2/users/link.png')).toBeNull();

    write('company1/chats/a.png', 'png, edited');
    write('company3/chats/new.ogg', 'ogg');
    const second = await copy();
    expect(second).toContain('2 copied, 3 already there, 1 not company files');
    expect(second).toContain('copied company1/chats/a.png');
    expect(second).toContain('copied company3/chats/new.ogg');
    expect((await bucket.read('company1/chats/a.png')).toString()).toBe('png, edited');
  });

  it('refuses to run without a bucket', async () => {
    await expect(run(process.execPath, [command], { env: { PATH: process.env.PATH ?? '', STORAGE_DIR: folder } })).rejects.toMatchObject({ stderr: expect.stringContaining('S3_BUCKET is not set') });
  });
});
