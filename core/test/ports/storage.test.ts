import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/ports/types.js';
import { DiskStorage } from '../../src/ports/storage/disk-storage.js';
import { S3Storage } from '../../src/ports/storage/s3-storage.js';
import { StorageKeyError, StorageNotFoundError } from '../../src/ports/storage/storage-errors.js';
import { startS3Server, type TestS3Server } from '../../src/testing/s3-server.js';

let root: string;
let s3: TestS3Server;
const drivers: Record<string, Storage> = {};
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'guiche-storage-'));
  s3 = await startS3Server();
  drivers.disk = new DiskStorage(root);
  drivers.s3 = new S3Storage(s3.options);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3?.close();
});

describe.each(['disk', 's3'])('the %s storage driver', (name) => {
  const storage = () => drivers[name]!;

  it('saves a buffer under company<id>/<folder>/<uuid><ext>, reads it back and serves it under /public', async () => {
    const saved = await storage().save(3, 'chats', 'Photo.PNG', Buffer.from('png bytes'));
    expect(saved.path).toMatch(/^company3\/chats\/[0-9a-f-]{36}\.png$/);
    expect(saved.size).toBe(9);
    expect((await storage().read(saved.path)).toString()).toBe('png bytes');
    expect(storage().url(saved.path)).toBe(`/public/${saved.path}`);
  });

  it('saves a stream and gives every file its own name', async () => {
    const first = await storage().save(3, 'campaigns/12', 'list.csv', Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]));
    const second = await storage().save(3, 'campaigns/12', 'list.csv', Buffer.from('x'));
    expect(first.path).toMatch(/^company3\/campaigns\/12\/[0-9a-f-]{36}\.csv$/);
    expect(first.path).not.toBe(second.path);
    expect(first.size).toBe(8);
    expect((await storage().read(first.path)).toString()).toBe('a,b\n1,2\n');
  });

  it('saves a stream longer than one upload part whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = Array.from({ length: 9 }, (_, i) => Buffer.concat([chunk, Buffer.from([i])]));
    const saved = await storage().save(3, 'exports', 'big.bin', Readable.from(chunks));
    expect(saved.size).toBe(9 * (1024 * 1024 + 1));
    expect((await storage().read(saved.path)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('states the size and a validator, and null for a missing file', async () => {
    const saved = await storage().save(3, 'chats', 'a.txt', Buffer.from('hello world'));
    const info = await storage().stat(saved.path);
    expect(info).toMatchObject({ size: 11, etag: expect.stringMatching(/^".+"$/) });
    expect(info!.modifiedAt.getTime()).toBeGreaterThan(0);
    expect(await storage().stat('company3/chats/missing.txt')).toBeNull();
    await expect(storage().read('company3/chats/missing.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage().stream('company3/chats/missing.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams the whole file or an inclusive byte range of it', async () => {
    const saved = await storage().save(3, 'chats', 'a.txt', Buffer.from('0123456789'));
    expect(await text(await storage().stream(saved.path))).toBe('0123456789');
    expect(await text(await storage().stream(saved.path, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage().stream(saved.path, { start: 9, end: 9 }))).toBe('9');
  });

  it('removes a file, and removing it again is not an error', async () => {
    const saved = await storage().save(4, 'chats', 'note.txt', Buffer.from('bye'));
    await storage().remove(saved.path);
    expect(await storage().stat(saved.path)).toBeNull();
    await expect(storage().remove(saved.path)).resolves.toBeUndefined();
  });

  it("removes every file of a company by prefix and nothing of another company's, even company70 beside company7", async () => {
    const doomed = [await storage().save(7, 'chats', 'a.png', Buffer.from('a')), await storage().save(7, 'campaigns/1', 'b.csv', Buffer.from('b'))];
    const kept = [await storage().save(70, 'chats', 'c.png', Buffer.from('c')), await storage().save(8, 'chats', 'd.png', Buffer.from('d'))];
    await storage().removePrefix('company7/');
    for (const file of doomed) expect(await storage().stat(file.path)).toBeNull();
    for (const file of kept) expect((await storage().read(file.path)).length).toBe(1);
    await expect(storage().removePrefix('company7')).resolves.toBeUndefined();
  });

  it('keeps hostile folder and file names inside the company folder', async () => {
    const saved = await storage().save(5, '../../../etc', '../../evil.sh/..\\x.p%h/p', Buffer.from('x'));
    expect(saved.path).toMatch(/^company5\/etc\/[0-9a-f-]{36}(\.[a-z0-9]+)?$/);
    const noExtension = await storage().save(5, 'chats', 'README', Buffer.from('x'));
    expect(noExtension.path).toMatch(/^company5\/chats\/[0-9a-f-]{36}$/);
  });

  it('rejects a folder with nothing usable and an invalid company id', async () => {
    await expect(storage().save(5, '../..', 'a.txt', Buffer.from('x'))).rejects.toThrow(/invalid storage folder/);
    await expect(storage().save(0, 'chats', 'a.txt', Buffer.from('x'))).rejects.toThrow(/invalid company id/);
  });

  it('refuses every key that is not a file of one company', async () => {
    const hostile = ['../outside.txt', 'company1/../../outside.txt', '/etc/passwd', 'company1\\..\\..\\x', '', '.', 'a\0b', 'company1', 'company1/', 'company01/a', 'companyX/a', 'other/a.png', 'company1//a', 'company1/./a'];
    for (const key of hostile) {
      await expect(storage().stat(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage().read(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage().stream(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage().remove(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
    for (const prefix of ['', '/', 'company', '../company1', 'company1/..']) await expect(storage().removePrefix(prefix), prefix).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('builds a URL of any clean relative path (serving checks the company), never of a traversal', () => {
    expect(storage().url('other/a.png')).toBe('/public/other/a.png');
    for (const key of ['../outside.txt', 'company1/../../outside.txt', '/etc/passwd', 'company1\\..\\x', '', '.', 'a\0b', 'company1/', 'company1//a', 'company1/./a']) {
      expect(() => storage().url(key), key).toThrow(StorageKeyError);
    }
  });
});

describe('the disk driver', () => {
  it('does not follow a symbolic link out of the company folder', async () => {
    const secret = await drivers.disk!.save(11, 'chats', 'secret.txt', Buffer.from('secret'));
    await mkdir(path.join(root, 'company12', 'chats'), { recursive: true });
    await symlink(path.join(root, secret.path), path.join(root, 'company12', 'chats', 'link.txt'));
    await writeFile(path.join(root, 'company12', 'chats', 'own.txt'), 'own');
    expect(await drivers.disk!.stat('company12/chats/link.txt')).toBeNull();
    await expect(drivers.disk!.read('company12/chats/link.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect((await drivers.disk!.read('company12/chats/own.txt')).toString()).toBe('own');
  });
});
