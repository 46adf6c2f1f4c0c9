import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/ports/storage/s3-storage.js';
import { createTestKernel, startS3Server, type TestKernel, type TestS3Server } from '@guiche/core/testing';

// Two nodes of one deployment: same database, same Redis prefix, same bucket, nothing on a shared disk.
let s3: TestS3Server;
let a: TestKernel;
let b: TestKernel;
beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestKernel({ config: { ...s3.config } });
  const { DATABASE_URL, REDIS_PREFIX } = a.kernel.core.config;
  b = await createTestKernel({ config: { ...s3.config, DATABASE_URL, REDIS_PREFIX } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

function audioUpload(content: Buffer) {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', new Blob([new Uint8Array(content)], { type: 'audio/ogg' }), 'saudacao.ogg');
  return form;
}

describe('media in an S3-compatible bucket', () => {
  it('a file uploaded through one node is served by the other, whole and by byte range', async () => {
    const { admin } = await a.createCompany();
    const quick = await a.api('POST', '/quick-messages', { token: admin.token, body: { shortcode: 'ola' } });
    expect(quick.status).toBe(201);
    const audio = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    const uploaded = await a.api('POST', `/quick-messages/${quick.body.id}/media-upload`, { token: admin.token, body: audioUpload(audio) });
    expect(uploaded.status).toBe(200);
    const key: string = uploaded.body.mediaPath;
    expect(key).toMatch(new RegExp(`^company${admin.user.companyId}/`));

    // In the bucket itself, not on a disk of node A.
    const bucket = new S3Storage(s3.options);
    expect((await bucket.read(key)).equals(audio)).toBe(true);

    const url = `${b.url}${b.kernel.core.storage.url(key)}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('4096');
    expect(whole.headers.get('content-type')).toBe('audio/ogg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/4096');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);

    const past = await fetch(url, { headers: { range: 'bytes=5000-' } });
    expect(past.status).toBe(416);
    await past.arrayBuffer();

    // Removing the media on node B removes it for node A too.
    expect((await b.api('DELETE', `/quick-messages/${quick.body.id}/media-upload`, { token: admin.token })).status).toBe(200);
    expect(await bucket.stat(key)).toBeNull();
    const gone = await fetch(`${a.url}${a.kernel.core.storage.url(key)}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    bucket.client.destroy();
  });
});
