import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A GET that keeps the bytes as they came over the wire (fetch would decode them). */
function rawGet(k: TestKernel, urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(k.url);
    http
      .get({ host: url.hostname, port: url.port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw.bytes).toString();
  expect(encoding).toBeUndefined();
  return raw.bytes.toString();
}

/** A built web of a few files: one with its precompressed copies, one without, an image, a tiny one. */
function webRoot(): { root: string; bundle: string; styles: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-compress-'));
  const assets = path.join(root, 'web-shell', 'dist', 'assets');
  fs.mkdirSync(assets, { recursive: true });
  const bundle = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const styles = Array.from({ length: 200 }, (_, i) => `.row-${i} { color: red; }`).join('\n');
  fs.writeFileSync(path.join(root, 'web-shell', 'dist', 'index.html'), '<!doctype html><title>Guichê</title>');
  fs.writeFileSync(path.join(assets, 'app.js'), bundle);
  fs.writeFileSync(path.join(assets, 'app.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(assets, 'app.js.gz'), zlib.gzipSync(bundle));
  fs.writeFileSync(path.join(assets, 'styles.css'), styles);
  fs.writeFileSync(path.join(assets, 'logo.png'), Buffer.alloc(4096, 7));
  return { root, bundle, styles };
}

let k: TestKernel;
let c: TestCompany;
let web: ReturnType<typeof webRoot>;
beforeAll(async () => {
  web = webRoot();
  k = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: web.root } });
  c = await k.createCompany();
  for (let i = 0; i < 30; i++) {
    const res = await k.api('POST', '/contacts', { token: c.admin.token, body: { name: `Customer number ${i}`, number: `55119${String(80000000 + i)}` } });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await k?.close();
  if (web) fs.rmSync(web.root, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${c.admin.token}` });

describe('compression of the API JSON', () => {
  it('sends a list as brotli or gzip by Accept-Encoding, the same JSON as without', async () => {
    const plain = await rawGet(k, '/api/contacts', { ...auth(), 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const json = plain.bytes.toString();
    expect(JSON.parse(json).contacts.length).toBeGreaterThanOrEqual(20);

    const br = await rawGet(k, '/api/contacts', { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(decoded(br)).toBe(json);

    const gzip = await rawGet(k, '/api/contacts', { ...auth(), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(json);

    const none = await rawGet(k, '/api/contacts', auth());
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.bytes.toString()).toBe(json);
  });

  it('leaves a body under 1 kB as it is', async () => {
    const res = await rawGet(k, '/api/version', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.bytes.toString())).toHaveProperty('version');
  });

  it('compresses an error answer big or small the same way as a success (4xx stays 4xx)', async () => {
    const res = await rawGet(k, '/api/contacts', { 'accept-encoding': 'br' });
    expect(res.status).toBe(401);
    expect(JSON.parse(decoded(res))).toHaveProperty('error');
  });
});

describe('compression of the built web', () => {
  it('serves a precompressed asset from its .br copy, never compressed twice', async () => {
    const res = await rawGet(k, '/assets/app.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.bytes.equals(fs.readFileSync(path.join(web.root, 'web-shell', 'dist', 'assets', 'app.js.br')))).toBe(true);
    expect(decoded(res)).toBe(web.bundle);
  });

  it('compresses a text asset that has no precompressed copy', async () => {
    const res = await rawGet(k, '/assets/styles.css', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toBe(web.styles);
  });

  it('sends images as they are', async () => {
    const res = await rawGet(k, '/assets/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes.equals(Buffer.alloc(4096, 7))).toBe(true);
  });
});

describe('what compression leaves alone', () => {
  it('serves /public/ media as stored, whole and by range, with its length and validators', async () => {
    const text = 'a line of a customer document\n'.repeat(200);
    const saved = await k.kernel.core.storage.save(c.company.id, 'chats', 'notes.txt', Buffer.from(text));
    const url = k.kernel.core.storage.url(saved.path);

    const whole = await rawGet(k, url, { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(text.length));
    expect(whole.headers.etag).toBeTruthy();
    expect(whole.bytes.toString()).toBe(text);

    const part = await rawGet(k, url, { 'accept-encoding': 'br, gzip', range: 'bytes=10-2009' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-2009/${text.length}`);
    expect(part.bytes.toString()).toBe(text.slice(10, 2010));
  });

  it('leaves socket.io to itself: the polling handshake and a live socket work', async () => {
    const handshake = await rawGet(k, '/socket.io/?EIO=4&transport=polling', { 'accept-encoding': 'br' });
    expect(handshake.status).toBe(200);
    expect(handshake.headers['content-encoding']).toBeUndefined();
    expect(handshake.bytes.toString()).toMatch(/^0\{"sid":/);

    const socket = await k.socket(c.admin.token);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
