import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@guiche/core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-web-'));
function write(rel: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(webRoot, rel)), { recursive: true });
  fs.writeFileSync(path.join(webRoot, rel), content);
}
write('web-shell/dist/index.html', '<!doctype html><title>shell</title>');
write('web-shell/dist/static/js/app.123.js', 'console.log(1)');
const worker = `self.__WB_MANIFEST=[];\n${'self.addEventListener("fetch",()=>{});'.repeat(60)}`;
write('web-shell/dist/sw.js', worker);
fs.writeFileSync(path.join(webRoot, 'web-shell/dist/sw.js.br'), zlib.brotliCompressSync(worker));
write('web-modules/kanban-board/dist/mf-manifest.json', '{"id":"kanban"}');
fs.writeFileSync(path.join(webRoot, 'web-modules/kanban-board/dist/mf-manifest.json.br'), zlib.brotliCompressSync('{"id":"kanban"}'));
write('web-modules/kanban-board/dist/remoteEntry.js', 'var x');
// What scripts/precompress.mjs leaves beside an asset after a build.
const bigAsset = `console.log(${JSON.stringify('Guichê '.repeat(400))});`;
write('web-shell/dist/static/js/vendor.456.js', bigAsset);
fs.writeFileSync(path.join(webRoot, 'web-shell/dist/static/js/vendor.456.js.br'), zlib.brotliCompressSync(bigAsset));
fs.writeFileSync(path.join(webRoot, 'web-shell/dist/static/js/vendor.456.js.gz'), zlib.gzipSync(bigAsset));

const boardPlugin = definePlugin({ id: 'board', kind: 'module', planFlag: 'useKanban', webModule: 'kanban-board', register() {} });

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ plugins: [boardPlugin], serveWeb: true, config: { WEB_ROOT: webRoot } });
});
afterAll(async () => {
  await k?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the built web', () => {
  it('serves the shell at / and for every client-side route', async () => {
    for (const page of ['/', '/login', '/tickets/abc', '/chats']) {
      const res = await fetch(`${k.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<title>shell</title>');
    }
  });

  it('serves hashed assets cacheable and answers a missing asset with 404', async () => {
    const asset = await fetch(`${k.url}/static/js/app.123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${k.url}/static/js/missing.js`)).status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, with the same long cache, else the plain file', async () => {
    const url = `${k.url}/static/js/vendor.456.js`;
    const raw = (encoding: string) => new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      // fetch would decode the body and hide the encoding; a plain request shows the bytes on the wire.
      import('node:http').then(({ get }) =>
        get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(bigAsset);
    expect(br.body.length).toBeLessThan(bigAsset.length);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigAsset);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigAsset);
  });

  it('serves the service worker at /sw.js as a script the browser always revalidates, its precompressed copy too', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await fetch(`${k.url}/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(worker);
    }
  });

  it('serves a plugin remote at /modules/<id>/ with a no-cache manifest', async () => {
    // Its brotli copy too (a build writes one): a manifest kept a year would pin the remote's old files.
    for (const encoding of ['br', 'identity']) {
      const manifest = await fetch(`${k.url}/modules/kanban-board/mf-manifest.json`, { headers: { 'accept-encoding': encoding } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(await manifest.json()).toEqual({ id: 'kanban' });
    }
  });

  it('lists a remote in /api/web-modules only while the plan enables it', async () => {
    const { admin, company } = await k.createCompany();
    const on = await k.api('GET', '/web-modules', { token: admin.token });
    expect(on.body).toEqual([
      { id: 'kanban-board', planFlag: 'useKanban', entry: '/modules/kanban-board/mf-manifest.json', remoteName: 'guiche_kanban_board' },
    ]);
    await k.setPlanFlags(company.id, { useKanban: false });
    expect((await k.api('GET', '/web-modules', { token: admin.token })).body).toEqual([]);
  });

  it('serves stored media at /public/<path>', async () => {
    const stored = await k.kernel.core.storage.save(7, 'chats', 'photo.png', Buffer.from('png-bytes'));
    const res = await fetch(`${k.url}${k.kernel.core.storage.url(stored.path)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toBe('png-bytes');
  });

  it('changes /api/version when the shell build changes', async () => {
    const before = (await k.api('GET', '/version')).body.version;
    write('web-shell/dist/index.html', '<!doctype html><title>shell v2</title>');
    const after = (await k.api('GET', '/version')).body.version;
    expect(after).not.toBe(before);
  });
});
