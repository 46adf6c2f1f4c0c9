import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => {
  await k?.close();
});

const publicUrl = (key: string) => `${k.url}${k.kernel.core.storage.url(key)}`;
const save = async (name: string, content: string | Buffer) => (await k.kernel.core.storage.save(7, 'chats', name, Buffer.from(content))).path;

/** A GET with the path sent exactly as written (fetch would resolve `..` and re-encode). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(k.url);
    http
      .get({ host: url.hostname, port: url.port, path }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('GET /public/<key>', () => {
  it('serves an image inline as data: length, validators, ranges accepted, no sniffing, sandboxed', async () => {
    const key = await save('photo.png', 'png-bytes');
    const res = await fetch(publicUrl(key));
    expect(res.status).toBe(200);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name] = value));
    expect(headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '9',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^".+"$/),
      'last-modified': expect.stringMatching(/GMT$/),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(await res.text()).toBe('png-bytes');
  });

  it('answers a byte range with 206 and Content-Range, so audio and video seek', async () => {
    const key = await save('voice.ogg', '0123456789');
    const ranges: [string, string, string][] = [
      ['bytes=2-5', '2345', 'bytes 2-5/10'],
      ['bytes=7-', '789', 'bytes 7-9/10'],
      ['bytes=-3', '789', 'bytes 7-9/10'],
      ['bytes=8-100', '89', 'bytes 8-9/10'],
      ['bytes=0-0', '0', 'bytes 0-0/10'],
    ];
    for (const [range, body, contentRange] of ranges) {
      const res = await fetch(publicUrl(key), { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(contentRange);
      expect(res.headers.get('content-length'), range).toBe(String(body.length));
      expect(res.headers.get('content-type')).toBe('audio/ogg');
      expect(await res.text(), range).toBe(body);
    }
  });

  it('answers 416 for a range past the end, and the whole file for ranges it does not serve', async () => {
    const key = await save('clip.mp4', '0123456789');
    for (const range of ['bytes=10-', 'bytes=50-60', 'bytes=-0']) {
      const res = await fetch(publicUrl(key), { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe('bytes */10');
      await res.arrayBuffer();
    }
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=5-2', 'bytes=x-']) {
      const res = await fetch(publicUrl(key), { headers: { range } });
      expect(res.status, range).toBe(200);
      expect(await res.text(), range).toBe('0123456789');
    }
  });

  it('honours If-None-Match and If-Range, and answers HEAD without a body', async () => {
    const key = await save('doc.pdf', '%PDF-1.4 x');
    const first = await fetch(publicUrl(key));
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    expect((await fetch(publicUrl(key), { headers: { 'if-none-match': etag } })).status).toBe(304);
    const stale = await fetch(publicUrl(key), { headers: { range: 'bytes=0-3', 'if-range': '"another"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('%PDF-1.4 x');
    const current = await fetch(publicUrl(key), { headers: { range: 'bytes=0-3', 'if-range': etag } });
    expect(current.status).toBe(206);
    expect(await current.text()).toBe('%PDF');
    const head = await fetch(publicUrl(key), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(await head.text()).toBe('');
  });

  it('sends active and unknown types as downloads, never as a page (issue 26)', async () => {
    for (const name of ['page.html', 'page.htm', 'image.svg', 'page.xhtml', 'data.xml', 'app.js', 'noext', 'run.exe']) {
      const res = await fetch(publicUrl(await save(name, '<script>alert(1)</script>')));
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment; filename="[0-9a-f-]{36}(\.[a-z]+)?"$/);
      expect(res.headers.get('content-type'), name).toBe('application/octet-stream');
      expect(res.headers.get('content-security-policy'), name).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      await res.arrayBuffer();
    }
    const sheet = await fetch(publicUrl(await save('list.xlsx', 'PK')));
    expect(sheet.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(sheet.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await sheet.arrayBuffer();
    for (const name of ['a.jpg', 'a.webp', 'a.mp3', 'a.webm', 'a.pdf', 'a.txt']) {
      const res = await fetch(publicUrl(await save(name, 'x')));
      expect(res.headers.get('content-disposition'), name).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('answers 404, never a 500, for a missing file or a key outside the company folders, and 400 for a broken escape', async () => {
    const other = await k.kernel.core.storage.save(8, 'chats', 'secret.txt', Buffer.from('secret'));
    const name = other.path.split('/').pop();
    for (const path of [
      '/public/company7/chats/none.png',
      '/public/nothing.png',
      '/public/company7',
      `/public/company7/../company8/chats/${name}`,
      `/public/company7/chats/..%2F..%2Fcompany8%2Fchats%2F${name}`,
      `/public/company7/%2e%2e/company8/chats/${name}`,
      '/public/company7/chats/a%00.png',
      '/public/company7/chats\\..\\..\\x',
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('secret');
    }
    const broken = await rawGet('/public/company7/chats/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});
