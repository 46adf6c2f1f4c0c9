import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOutside, DestinationError, guardedFetch, outsideJson, OutsideServiceError } from '@guiche/core';
import { startFakeServer, type FakeServer } from '@guiche/core/testing';

/** Calls of conversation handlers to outside services (ARCHITECTURE §12): timeouts, retries with backoff, Retry-After. */
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
  fake.route('POST', '/ok', (req) => ({ json: { echo: req.json } }));
  fake.route('GET', '/text', () => ({ body: 'not json' }));
  fake.route('POST', '/moved', () => ({ status: 302, headers: { location: '/ok' } }));
});
afterAll(async () => fake?.close());

const count = (path: string) => fake.requests.filter((r) => r.path === path).length;

describe('callOutside', () => {
  it('retries 5xx and 429 (with Retry-After) and answers the first good response', async () => {
    const before = count('/ok');
    fake.failNext(1, { status: 503 });
    fake.failNext(1, { status: 429, headers: { 'retry-after': '0' } });
    const res = await callOutside(`${fake.url}/ok`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, { retries: 2, backoffMs: 10 });
    expect(await outsideJson(res)).toEqual({ echo: { a: 1 } });
    expect(count('/ok') - before).toBe(3);
  });

  it('gives up after its retries with the last status, at once on a Retry-After past the cap, and on a 4xx', async () => {
    fake.failNext(2, { status: 502 });
    await expect(callOutside(`${fake.url}/ok`, { method: 'POST' }, { retries: 1, backoffMs: 10 })).rejects.toMatchObject({ reason: 'status:502' });
    const before = fake.requests.length;
    fake.failNext(1, { status: 429, headers: { 'retry-after': '600' } });
    await expect(callOutside(`${fake.url}/ok`, { method: 'POST' }, { retries: 3, backoffMs: 10, maxRetryAfterMs: 1000 })).rejects.toMatchObject({ reason: 'status:429' });
    expect(fake.requests.length - before).toBe(1);
    const notFound = await callOutside(`${fake.url}/missing`, { method: 'GET' }, { retries: 3 });
    await expect(outsideJson(notFound)).rejects.toMatchObject({ reason: 'status:404' });
  });

  it('times out a hanging service per attempt, and a non-JSON answer is malformed', async () => {
    fake.failNext(2, 'hang');
    const err = await callOutside(`${fake.url}/ok`, { method: 'POST' }, { retries: 1, backoffMs: 10, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect((err as OutsideServiceError).reason).toBe('timeout');
    await expect(outsideJson(await callOutside(`${fake.url}/text`, { method: 'GET' }))).rejects.toMatchObject({ reason: 'malformed' });
  });

  it("stops when the handler's own signal is aborted", async () => {
    const controller = new AbortController();
    fake.failNext(1, 'hang');
    const call = callOutside(`${fake.url}/ok`, { method: 'POST' }, { retries: 3, timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ reason: 'timeout' });
  });
});

describe('callOutside with the destination guard (URLs an admin or an answer chose)', () => {
  it('refuses loopback, private, link-local and IPv6 loopback destinations before sending anything, without retrying', async () => {
    const port = new URL(fake.url).port;
    const before = fake.requests.length;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '10.0.0.1', '169.254.169.254', '192.168.1.10', '100.64.0.1']) {
      const err = await callOutside(`http://${host}:${port}/ok`, { method: 'POST', body: '{}' }, { retries: 3, backoffMs: 10, guard: { allowPrivate: false } }).catch((e: unknown) => e);
      expect(err, host).toBeInstanceOf(OutsideServiceError);
      expect((err as OutsideServiceError).reason, host).toBe('destination');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('calls a private destination only when the operator allows it, and never follows a redirect', async () => {
    const res = await callOutside(`${fake.url}/ok`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"b":2}' }, { guard: { allowPrivate: true } });
    expect(await outsideJson(res)).toEqual({ echo: { b: 2 } });
    const before = count('/ok');
    const moved = await callOutside(`${fake.url}/moved`, { method: 'POST', body: '{}' }, { guard: { allowPrivate: true } });
    expect(moved.status).toBe(302);
    expect(count('/ok')).toBe(before);
  });

  it('checks every address a name resolves to (the lookup path), not only literal addresses', async () => {
    // localhost goes through DNS resolution (not a literal): refused by the lookup the socket uses.
    await expect(guardedFetch(`http://localhost:${new URL(fake.url).port}/ok`, { method: 'POST' }, false)).rejects.toBeInstanceOf(DestinationError);
  });
});
