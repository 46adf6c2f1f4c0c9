import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../src/ports/storage/disk-storage.js';

describe('DiskStorage', () => {
  let root: string;
  let storage: DiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'guiche-storage-'));
    storage = new DiskStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('saves a buffer under company<id>/<folder>/<uuid><ext> and serves it under /public', async () => {
    const saved = await storage.save(3, 'chats', 'Photo.PNG', Buffer.from('png bytes'));
    expect(saved.path).toMatch(/^company3\/chats\/[0-9a-f-]{36}\.png$/);
    expect(saved.size).toBe(9);
    const absolute = storage.resolve(saved.path);
    expect(absolute).toBe(path.join(root, saved.path));
    expect(await readFile(absolute, 'utf8')).toBe('png bytes');
    expect(storage.url(saved.path)).toBe(`/public/${saved.path}`);
  });

  it('saves a stream and gives every file its own name', async () => {
    const first = await storage.save(3, 'campaigns/12', 'list.csv', Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]));
    const second = await storage.save(3, 'campaigns/12', 'list.csv', Buffer.from('x'));
    expect(first.path).toMatch(/^company3\/campaigns\/12\/[0-9a-f-]{36}\.csv$/);
    expect(first.path).not.toBe(second.path);
    expect(first.size).toBe(8);
    expect(await readFile(storage.resolve(first.path), 'utf8')).toBe('a,b\n1,2\n');
  });

  it('removes a file, and removing it again is not an error', async () => {
    const saved = await storage.save(4, 'chats', 'note.txt', Buffer.from('bye'));
    await storage.remove(saved.path);
    await expect(stat(storage.resolve(saved.path))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.remove(saved.path)).resolves.toBeUndefined();
  });

  it('keeps hostile folder and file names inside the company folder', async () => {
    const saved = await storage.save(5, '../../../etc', '../../evil.sh/..\\x.p%h/p', Buffer.from('x'));
    expect(saved.path).toMatch(/^company5\/etc\/[0-9a-f-]{36}(\.[a-z0-9]+)?$/);
    expect(storage.resolve(saved.path).startsWith(path.join(root, 'company5') + path.sep)).toBe(true);
    const noExtension = await storage.save(5, 'chats', 'README', Buffer.from('x'));
    expect(noExtension.path).toMatch(/^company5\/chats\/[0-9a-f-]{36}$/);
  });

  it('rejects a folder with nothing usable and an invalid company id', async () => {
    await expect(storage.save(5, '../..', 'a.txt', Buffer.from('x'))).rejects.toThrow(/invalid storage folder/);
    await expect(storage.save(0, 'chats', 'a.txt', Buffer.from('x'))).rejects.toThrow(/invalid company id/);
  });

  it('refuses to resolve, remove or link paths that escape the root', async () => {
    for (const hostile of ['../outside.txt', 'company1/../../outside.txt', '/etc/passwd', 'company1\\..\\..\\x', '', '.', 'a\0b']) {
      expect(() => storage.resolve(hostile), hostile).toThrow(/storage path/);
      expect(() => storage.url(hostile), hostile).toThrow(/storage path/);
      await expect(storage.remove(hostile), hostile).rejects.toThrow(/storage path/);
    }
  });
});
