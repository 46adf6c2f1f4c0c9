import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginDefinition } from '@guiche/core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { publicBaseUrl } from '../src/public-url.js';

/**
 * Issue #26: the origin shown in the connection dialogs (webhook URLs) believes X-Forwarded-Proto and
 * X-Forwarded-Host only from a proxy listed in TRUST_PROXY, as the rest of the product does.
 */
const probe = (): PluginDefinition =>
  definePlugin({
    id: 'test-public-url',
    kind: 'module',
    planFlag: null,
    register(ctx) {
      ctx.publicRoutes.get('/public-url-probe', async (request) => ({ base: publicBaseUrl(request, {}) }));
    },
  });

let direct: TestKernel;
let behindProxy: TestKernel;
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'inbox.customer.example' };
const base = async (k: TestKernel, headers: Record<string, string> = {}) => (await k.api('GET', '/public-url-probe', { headers })).body.base as string;

beforeAll(async () => {
  direct = await createTestKernel({ plugins: [probe()], redis: false });
  behindProxy = await createTestKernel({ plugins: [probe()], redis: false, config: { TRUST_PROXY: '127.0.0.1' } });
}, 60_000);

afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
});

describe('publicBaseUrl', () => {
  it('ignores forwarded headers from a peer that is not a configured proxy', async () => {
    const { host } = new URL(direct.url);
    expect(await base(direct, forwarded)).toBe(`http://${host}`);
    expect(await base(direct)).toBe(`http://${host}`);
  });

  it('believes them from a configured proxy', async () => {
    expect(await base(behindProxy, forwarded)).toBe('https://inbox.customer.example');
    expect(await base(behindProxy)).toBe(`http://${new URL(behindProxy.url).host}`);
  });

  it('prefers PUBLIC_URL', () => {
    expect(publicBaseUrl({ protocol: 'http', host: 'x' } as never, { PUBLIC_URL: 'https://guiche.example/' })).toBe('https://guiche.example');
  });
});
