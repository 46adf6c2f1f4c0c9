import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { FakeGraph } from '@guiche/meta-graph/testing';
import { createWebchatChannel } from '../../channel-webchat/src/plugin.js';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { configure, newCloudNumber, useFakeGraphEnv } from '../../channel-whatsapp-cloud/test/support.js';
import { createFacebookChannel } from '../../channel-facebook/src/plugin.js';
import { createExternalApiPlugin } from '../src/plugin.js';
import { apiCompany, FakeWorld, fakeWhatsapp, send, type ApiCompany } from './support.js';

/**
 * Issue #26: every identifier the product hands to the public (the widget's site key, current and
 * rotated; webhook verify tokens; the Cloud API webhook id of the URL pasted in Meta's app) is
 * tried as the bearer, and as every path parameter, of every route that refuses an anonymous caller. Each must still be refused (401/403), never served.
 */
const world = new FakeWorld();
const graph = new FakeGraph();
let k: TestKernel;
let company: ApiCompany;
let widget: { id: number; key: string; rotatedKey: string };
const identifiers: Record<string, string> = {};

async function webchatConnection(name: string): Promise<{ id: number; key: string }> {
  const created = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'webchat' } });
  expect(created.status).toBe(201);
  const site = await k.api('GET', `/webchat/sites/${created.body.id}`, { token: company.admin.token });
  return { id: created.body.id, key: site.body.token };
}

beforeAll(async () => {
  await graph.start();
  useFakeGraphEnv(graph);
  process.env.META_VERIFY_TOKEN = 'meta-verify-public-identifier';
  k = await createTestKernel({
    plugins: [fakeWhatsapp(world), createWebchatChannel(), createWhatsappCloudChannel(), createFacebookChannel(), createExternalApiPlugin({ rateLimit: { max: 100000, windowMs: 60_000 } })],
  });
  company = await apiCompany(k, world, { useWhatsapp: true, useFacebook: true });
  const first = await webchatConnection('Site antigo');
  const rotated = await k.api('POST', `/webchat/sites/${first.id}/key`, { token: company.admin.token });
  expect(rotated.status).toBe(200);
  widget = { id: first.id, key: rotated.body.token, rotatedKey: first.key };
  expect(widget.key).not.toBe(widget.rotatedKey);

  const cloud = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Cloud', channel: 'whatsappapi' } });
  expect(cloud.status).toBe(201);
  const number = newCloudNumber(graph);
  const token = (await k.db('whatsapps').where({ id: cloud.body.id }).first('token')).token;
  await configure({ kernel: k, company, connection: { id: cloud.body.id, token } } as never, graph, number);

  identifiers['widget key'] = widget.key;
  identifiers['rotated widget key'] = widget.rotatedKey;
  identifiers['Cloud API verify token'] = number.verifyToken;
  identifiers['Meta app verify token'] = process.env.META_VERIFY_TOKEN;
  const webhook = await k.api('GET', `/whatsappapi/${cloud.body.id}/credentials`, { token: company.admin.token });
  identifiers['Cloud API webhook id'] = new URL(webhook.body.webhookUrl).pathname.split('/').at(-1)!;
  expect(identifiers['Cloud API webhook id']).toMatch(/^wh-[0-9a-f]{32}$/);
}, 60_000);

afterAll(async () => {
  await k?.close();
  await graph.stop();
  delete process.env.META_VERIFY_TOKEN;
});

describe('the website chat key is not an API token', () => {
  it('refuses the snippet key on POST /messages/send with 403 ERR_API_TOKEN_PUBLIC_KEY and creates nothing', async () => {
    const before = await k.db('contacts').where({ companyId: company.company.id }).count<{ count: string }[]>('id as count');
    for (const key of [widget.key, widget.rotatedKey]) {
      const res = await send(k, key, { number: '5511987654321', body: 'from a page source' });
      expect(res).toMatchObject({ status: key === widget.key ? 403 : 401 });
      if (key === widget.key) expect(res.body.error).toBe('ERR_API_TOKEN_PUBLIC_KEY');
    }
    const after = await k.db('contacts').where({ companyId: company.company.id }).count<{ count: string }[]>('id as count');
    expect(Number(after[0]!.count)).toBe(Number(before[0]!.count));
  });

  it('still takes the connection API token', async () => {
    world.numbers.set('5511987654321', '5511987654321');
    const res = await send(k, company.token, { number: '5511987654321', body: 'from the ERP' });
    expect(res.status).toBe(202);
  });

  it('keeps the rotated key opening the widget for its grace period, and the new key too', async () => {
    for (const key of [widget.key, widget.rotatedKey]) {
      expect((await fetch(`${k.apiUrl}/webchat/${key}/site`)).status).toBe(200);
    }
    await k.db('webchatPreviousKeys').where({ connectionId: widget.id }).update({ validUntil: new Date(Date.now() - 1000) });
    expect((await fetch(`${k.apiUrl}/webchat/${widget.rotatedKey}/site`)).status).toBe(404);
    expect((await fetch(`${k.apiUrl}/webchat/${widget.key}/site`)).status).toBe(200);
    await k.db('webchatPreviousKeys').where({ connectionId: widget.id }).update({ validUntil: new Date(Date.now() + 3600_000) });
  });
});

describe('public identifiers against every authenticated route', () => {
  it('refuses each identifier as bearer and as path parameter on every route an anonymous caller is refused', async () => {
    const routes = k.kernel.app.routeCatalog.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*'));
    const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value));
    const call = (method: string, url: string, bearer?: string) =>
      fetch(`${k.url}${url}`, {
        method,
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });

    const guarded: { method: string; url: string }[] = [];
    for (const route of routes) {
      const anonymous = await call(route.method, fill(route.url, '1'));
      if (anonymous.status === 401 || anonymous.status === 403) guarded.push(route);
    }
    // The walk means something only if it reaches the private API (core's and the plugins').
    expect(guarded.length).toBeGreaterThan(100);
    expect(guarded).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/messages/send' }));
    expect(guarded).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/webchat/sites/:whatsappId' }));

    const served: string[] = [];
    for (const [name, value] of Object.entries(identifiers)) {
      for (const route of guarded) {
        for (const url of [fill(route.url, '1'), fill(route.url, value)]) {
          const res = await call(route.method, url, value);
          if (res.status !== 401 && res.status !== 403) served.push(`${name}: ${route.method} ${url} → ${res.status}`);
        }
      }
    }
    expect(served).toEqual([]);
  }, 240_000);
});
