import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

const METRICS_TOKEN = randomBytes(16).toString('hex');
let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel({ config: { METRICS_TOKEN, METRICS_PORT: 0 } });
});
afterAll(async () => k?.close());

async function scrape(): Promise<string> {
  const res = await fetch(`${k.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** Our own series (name and labels), without Node's default metrics whose handle kinds come and go. */
function guicheSeries(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('guiche_'))
    .map((line) => line.slice(0, line.lastIndexOf(' ')));
}

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function inbound(number: string): NormalizedMessage {
  return {
    wid: `WID-${++seq}-${randomBytes(4).toString('hex')}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { id: `${number}@s.whatsapp.net`, number, name: 'Maria Souza' },
    body: `hello ${seq}`,
    mediaType: 'chat',
  };
}

/** A company and its admin written straight to the database: no password hashing, fifty times over. */
async function quickCompany(n: number): Promise<{ id: number; name: string; token: string }> {
  const name = `Series company ${n} ${randomBytes(3).toString('hex')}`;
  const [plan] = await k.db('plans').insert({ name, users: 10, connections: 10, queues: 10, amount: 1, isPublic: false }).returning('id');
  const [company] = await k.db('companies').insert({ name, planId: plan.id, dueDate: '2999-01-01', status: true }).returning('id');
  const [user] = await k.db('users').insert({ companyId: company.id, name: `Admin ${n}`, email: `series${n}.${randomBytes(3).toString('hex')}@example.com`, passwordHash: 'unused', profile: 'admin' }).returning('id');
  return { id: company.id, name, token: k.kernel.core.signAccessToken({ id: user.id, companyId: company.id, profile: 'admin', super: false }) };
}

/** One company's worth of traffic: an inbound message, lists, records by id, misses by id. */
async function companyTraffic(c: { id: number; token: string }): Promise<void> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [conn] = await k.db('whatsapps').insert({ companyId: c.id, name: `Line ${++seq}`, channel: 'whatsapp', token }).returning('id');
  const stored = await k.kernel.core.ingest.ingest(conn.id, inbound(`55119${String(c.id).padStart(8, '0')}`));
  const auth = { token: c.token };
  expect((await k.api('GET', '/tickets', auth)).status).toBe(200);
  expect((await k.api('GET', `/tickets/${stored.ticketId}`, auth)).status).toBe(200);
  expect((await k.api('GET', `/contacts/${stored.contactId}`, auth)).status).toBe(200);
  expect((await k.api('GET', `/tickets/${900000 + c.id}`, auth)).status).toBe(404);
  expect((await fetch(`${k.url}/nothing/company-${c.id}`)).status).toBe(404);
}

describe('health', () => {
  it('live and ready answer without auth at the root, with the state of each dependency', async () => {
    const live = await fetch(`${k.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${k.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok', plugins: 'ok' } });
  });

  it('ready says the migrations are behind when the database lacks one this node knows', async () => {
    const last = await k.db('knex_migrations').orderBy('id', 'desc').first();
    await k.db('knex_migrations').where({ id: last.id }).delete();
    try {
      const ready = await fetch(`${k.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { migrations: 'behind' } });
    } finally {
      await k.db('knex_migrations').insert(last);
    }
  });
});

describe('request ids', () => {
  it('echoes an acceptable X-Request-Id and makes one up otherwise', async () => {
    const given = await k.api('GET', '/auth/me', { token: k.superToken, headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const made = await k.api('GET', '/auth/me', { token: k.superToken });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await k.api('GET', '/auth/me', { token: k.superToken, headers: { 'x-request-id': `x${'y'.repeat(200)}` } });
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('are served behind METRICS_TOKEN on the API port and openly on METRICS_PORT', async () => {
    expect((await fetch(`${k.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${k.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    const text = await scrape();
    for (const name of [
      'guiche_http_request_duration_seconds_bucket',
      'guiche_outbound_pending_messages',
      'guiche_outbound_oldest_pending_age_seconds',
      'guiche_timed_work_due',
      'guiche_timed_work_lag_seconds',
      'guiche_sockets_connected',
      'guiche_db_pool_in_use',
      'guiche_db_pool_waiting',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
    ]) {
      expect(text, name).toContain(`\n${name}`);
    }
    expect(k.kernel.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const separate = await fetch(k.kernel.metricsUrl!);
    expect(separate.status).toBe(200);
    expect(await separate.text()).toContain('guiche_timed_work_due');
  });

  it('count connected sockets and pending outbound messages when scraped', async () => {
    const c = await k.createCompany();
    const before = await scrape();
    const socket = io(k.url, { auth: { token: c.admin.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    try {
      const during = await scrape();
      expect(value(during, 'guiche_sockets_connected')).toBe((value(before, 'guiche_sockets_connected') ?? 0) + 1);
    } finally {
      socket.disconnect();
    }
    const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
    const [conn] = await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Paused line', channel: 'whatsapp', token }).returning('id');
    const stored = await k.kernel.core.ingest.ingest(conn.id, inbound('5511977776666'));
    await k.db('messages').insert({
      companyId: c.company.id, ticketId: stored.ticketId, contactId: stored.contactId, whatsappId: conn.id,
      body: 'waiting', fromMe: true, sendStatus: 'pending', ack: 0, createdAt: new Date(Date.now() - 120_000),
    });
    const after = await scrape();
    expect(value(after, 'guiche_outbound_pending_messages')).toBe((value(before, 'guiche_outbound_pending_messages') ?? 0) + 1);
    expect(value(after, 'guiche_outbound_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(120);
    await k.db('messages').where({ whatsappId: conn.id, sendStatus: 'pending' }).delete();
  });

  it('keep the same series whether 5 or 50 companies send traffic: no tenant id in any label', async () => {
    const companies: Array<{ id: number; name: string; token: string }> = [];
    for (let i = 0; i < 50; i++) companies.push(await quickCompany(i));
    for (const c of companies.slice(0, 5)) await companyTraffic(c);
    await scrape(); // the scrape's own request joins the series from the next scrape on
    const afterFive = guicheSeries(await scrape());
    for (const c of companies.slice(5)) await companyTraffic(c);
    const text = await scrape();
    const afterFifty = guicheSeries(text);

    expect(afterFifty.sort()).toEqual(afterFive.sort());
    expect(value(text, 'guiche_inbound_messages_total{channel="whatsapp"}')).toBeGreaterThanOrEqual(50);
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes).toContain('/api/tickets/:id');
    expect(routes.filter((r) => /\d/.test(r))).toEqual([]);
    for (const c of companies) expect(text).not.toContain(c.name);
  }, 240_000);
});

describe('drain', () => {
  it('turns readiness to 503 and refuses new requests and sockets while live still answers', async () => {
    const other = await createTestKernel();
    try {
      const c = await other.createCompany();
      await other.kernel.drain();
      const ready = await fetch(`${other.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'draining' });
      expect((await fetch(`${other.url}/health/live`)).status).toBe(200);
      const refused = await other.api('GET', '/tickets', { token: c.admin.token });
      expect(refused).toMatchObject({ status: 503, body: { error: 'ERR_DRAINING' } });
      await expect(other.socket(c.admin.token)).rejects.toThrow('ERR_DRAINING');
    } finally {
      await other.close();
    }
  });
});
