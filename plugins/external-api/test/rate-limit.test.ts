import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, apiCompany, send, startKernel } from './support.js';

const world = new FakeWorld();
let k: TestKernel;

// An hour-long window: the four calls of a test cannot straddle two windows in practice.
beforeAll(async () => {
  k = await startKernel(world, { max: 3, windowMs: 3_600_000 });
});
afterAll(async () => {
  await k?.close();
});

describe('rate limit per token', () => {
  it('answers 429 ERR_RATE_LIMITED with Retry-After past the limit, without touching other tokens, and logs the refusal', async () => {
    const a = await apiCompany(k, world);
    const b = await apiCompany(k, world);
    world.numbers.set('5511988887777', '5511988887777');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await send(k, a.token, { number: '5511988887777', body: `m${i}` }));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 429]);
    const refused = answers[3]!;
    expect(refused.body.error).toBe('ERR_RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(answers[0]!.headers.get('x-ratelimit-remaining')).toBe('2');
    // Nothing was stored for the refused call.
    expect(await k.db('messages').where({ companyId: a.company.id, body: 'm3' }).first()).toBeUndefined();
    expect((await send(k, b.token, { number: '5511988887777', body: 'outra loja' })).status).toBe(202);
    // The log row is written once the answer went out.
    const calls = await waitFor(async () => {
      const res = await k.api('GET', `/messages-api/calls?whatsappId=${a.connectionId}`, { token: a.admin.token });
      return res.body.calls.length === 4 ? res.body.calls : null;
    });
    expect(calls[0]).toMatchObject({ statusCode: 429, error: 'ERR_RATE_LIMITED' });
  });
});
