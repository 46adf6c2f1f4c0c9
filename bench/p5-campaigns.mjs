// P5 campaigns: a 10,000-contact campaign with zero intervals on a fake WhatsApp session, from
// its start to FINALIZADA (every message delivered to the fake session and read back as sent):
// messages/s and SQL statements per message; beside it, the same contacts sent as plain ordered
// outbound messages (contact + ticket + message per contact, one transaction each, delivered by
// the same outbound queue), and the ratio. Prints figures; asserts nothing about time.
import { randomBytes } from 'node:crypto';
import { defineChannel, definePlugin } from '@guiche/core';
import campaignsPlugin from '@guiche/plugin-campaigns';
import cloudPlugin, { CLOUD_CAPABILITIES } from '@guiche/plugin-channel-whatsapp-cloud';
import { FakeGraph } from '@guiche/meta-graph/testing';
import { createCompany, fmt, startBenchKernel } from './lib.mjs';

const CONTACTS = Number(process.env.P5_CONTACTS ?? 10000);
const CLOUD_CONTACTS = Number(process.env.P5_CLOUD_CONTACTS ?? 2000);

/** A local fake of Meta's Graph API for the Cloud API case (statuses posted back as webhooks, as Meta does). */
const graph = new FakeGraph();
await graph.start();
/** P5_GRAPH_LATENCY_MS: each Graph request answered after this long (Meta's round trip from the server; 0 by default). */
graph.latencyMs = Number(process.env.P5_GRAPH_LATENCY_MS ?? 0);
/** P5_CLOUD_PARALLEL: the Cloud API channel's sends in flight per number (its capability; 1 = one at a time, as before #28). */
if (process.env.P5_CLOUD_PARALLEL) CLOUD_CAPABILITIES.parallelSends = Number(process.env.P5_CLOUD_PARALLEL);
process.env.META_GRAPH_URL = graph.url;
process.env.META_SECRETS_KEY ??= 'bench-secrets-key';

/** A WhatsApp session that accepts every send at once (the outside world is not what is measured). */
const delivered = new Map();
/** messages.id → when the provider got it (performance.now()), for the fairness case. */
const reachedProvider = new Map();
const fakeWhatsapp = defineChannel({
  id: 'bench-fake-whatsapp',
  channel: 'whatsapp',
  planFlag: null,
  capabilities: { edit: false, delete: false, react: false, markRead: false, checkNumber: false, media: true, groups: false, presence: false },
  createSession: (connection, io) => ({
    async start() {
      await io.status('CONNECTED', { number: '5511999990000' });
    },
    async stop() {},
    async logout() {},
    async send(message) {
      reachedProvider.set(message.messageId, performance.now());
      delivered.set(connection.id, (delivered.get(connection.id) ?? 0) + 1);
      return { wid: `bench-${randomBytes(8).toString('hex')}`, ack: 1 };
    },
  }),
});

/** Lends the bench the plugin context (messages, conversations) a plain outbound send uses. */
let ctx;
const capture = definePlugin({ id: 'bench-capture', kind: 'module', planFlag: null, register: (c) => void (ctx = c) });

/** P5_TRACE=1: every counted statement's text (literals folded), printed per case with its count. */
const TRACE = process.env.P5_TRACE === '1';
const traces = [];

function countQueries(db, name) {
  const texts = new Map();
  const counter = {
    count: 0,
    stop: () => {
      db.off('query', listen);
      if (TRACE) traces.push({ name, texts });
    },
  };
  const listen = (query) => {
    counter.count++;
    if (!TRACE) return;
    const text = String(query.sql).replace(/\$\d+/g, '?').replace(/\s+/g, ' ').slice(0, 160);
    texts.set(text, (texts.get(text) ?? 0) + 1);
  };
  db.on('query', listen);
  return counter;
}

async function api(bench, token, method, path, body) {
  const res = await fetch(`${bench.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function setUp(bench) {
  const company = await createCompany(bench.kernel);
  await bench.db('plans').where({ id: (await bench.db('companies').where({ id: company.companyId }).first('planId')).planId }).update({ useCampaigns: true });
  const connection = await api(bench, company.adminToken, 'POST', '/whatsapp', { name: 'Bench', channel: 'whatsapp' });
  const deadline = Date.now() + 30000;
  while ((await bench.db('whatsapps').where({ id: connection.id }).first('status')).status !== 'CONNECTED') {
    if (Date.now() > deadline) throw new Error('the fake session did not connect');
    await new Promise((r) => setTimeout(r, 50));
  }
  // A new number's ban guardrails (daily cap with a warm-up ramp from 30) would hold the bench's campaigns
  // at 30 sends until tomorrow: this measures the send path, so the cap is lifted.
  await api(bench, company.adminToken, 'PUT', `/campaign-guards/${connection.id}`, { dailyCap: 100000, warmupDays: 0 });
  return { ...company, connectionId: connection.id };
}

const numbers = (prefix) => Array.from({ length: CONTACTS }, (_, i) => `55${prefix}${String(100000000 + i)}`);

async function sentCount(bench, connectionId) {
  const row = await bench.db('messages').where({ whatsappId: connectionId, fromMe: true, sendStatus: 'sent' }).count({ n: '*' }).first();
  return Number(row.n);
}

async function campaignRun(bench) {
  const c = await setUp(bench);
  await api(bench, c.adminToken, 'POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  const list = await api(bench, c.adminToken, 'POST', '/contact-lists', { name: 'Bench' });
  const all = numbers('11');
  for (let i = 0; i < all.length; i += 1000) {
    await bench.db('contactListItems').insert(all.slice(i, i + 1000).map((number, j) => ({ companyId: c.companyId, contactListId: list.id, name: `Pessoa ${i + j}`, number })));
  }
  const queries = countQueries(bench.db, 'campaign');
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const campaign = await api(bench, c.adminToken, 'POST', '/campaigns', { name: 'Bench', contactListId: list.id, whatsappId: String(c.connectionId), scheduledAt: new Date().toISOString(), message1: 'Oi {nome}', message2: 'Olá {nome}' });
  for (;;) {
    const row = await bench.db('campaigns').where({ id: campaign.id }).first('status');
    if (row.status === 'FINALIZADA') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  queries.stop();
  const states = await bench.db('campaignShippings').where({ campaignId: campaign.id }).groupBy('state').select('state', bench.db.raw('count(*)::int AS n'));
  return { seconds, rate: CONTACTS / seconds, sql: queries.count / CONTACTS, cpuMs: (user + system) / 1000 / CONTACTS, states, sent: await sentCount(bench, c.connectionId) };
}

async function plainRun(bench) {
  const c = await setUp(bench);
  const all = numbers('21');
  const queries = countQueries(bench.db, 'plain');
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (const [i, number] of all.entries()) {
    await bench.db.transaction(async (trx) => {
      const hooks = [];
      const within = { trx, afterCommit: (fn) => hooks.push(fn) };
      const opened = await ctx.conversations.open({ companyId: c.companyId, connectionId: c.connectionId, number }, within);
      await ctx.messages.send({ companyId: c.companyId, ticketId: opened.ticketId, userId: null, body: `Oi Pessoa ${i}` }, within);
      trx.executionPromise.then(() => Promise.all(hooks.map((fn) => fn()))).catch(() => undefined);
    });
  }
  while ((await sentCount(bench, c.connectionId)) < CONTACTS) await new Promise((r) => setTimeout(r, 100));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  queries.stop();
  return { seconds, rate: CONTACTS / seconds, sql: queries.count / CONTACTS, cpuMs: (user + system) / 1000 / CONTACTS };
}

/** Agent replies on conversations that already exist: only the outbound path (store, announce, deliver, record) is counted. */
async function repliesRun(bench) {
  const c = await setUp(bench);
  const tickets = [];
  for (const number of numbers('31')) tickets.push((await ctx.conversations.open({ companyId: c.companyId, connectionId: c.connectionId, number })).ticketId);
  const queries = countQueries(bench.db, 'replies');
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (const [i, ticketId] of tickets.entries()) await ctx.messages.send({ companyId: c.companyId, ticketId, userId: null, body: `Resposta ${i}` });
  let polls = 1;
  while ((await sentCount(bench, c.connectionId)) < CONTACTS) {
    polls++;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  queries.stop();
  // The polls of sentCount above are the bench's own statements, not the product's.
  return { seconds, rate: CONTACTS / seconds, sql: (queries.count - polls) / CONTACTS, cpuMs: (user + system) / 1000 / CONTACTS };
}

/** A campaign of CLOUD_CONTACTS with zero intervals on one Cloud API number over the fake Graph API (3 sends answered 429 on the way). */
async function cloudRun(bench) {
  const c = await createCompany(bench.kernel);
  await bench.db('plans').where({ id: (await bench.db('companies').where({ id: c.companyId }).first('planId')).planId }).update({ useCampaigns: true });
  const connection = await api(bench, c.adminToken, 'POST', '/whatsapp', { name: 'Cloud', channel: 'whatsappapi' });
  const number = { phoneNumberId: String(1e14 + Math.floor(Math.random() * 1e14)), wabaId: String(2e14 + Math.floor(Math.random() * 1e14)) };
  graph.phoneNumbers.set(number.phoneNumberId, { display: '+1 555-000-1234', verifiedName: 'Bench', messagingLimit: 'TIER_UNLIMITED' });
  // The contacts never wrote (their 24 h window is closed): the campaign goes by an approved template (issue #29).
  graph.templates.set(number.wabaId, [{ name: 'bench_hello', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Oi {{1}}' }] }]);
  await api(bench, c.adminToken, 'PUT', `/whatsappapi/${connection.id}/credentials`, { ...number, accessToken: graph.newToken(), appSecret: graph.appSecret, verifyToken: 'bench-verify' });
  const deadline = Date.now() + 30000;
  while ((await bench.db('whatsapps').where({ id: connection.id }).first('status')).status !== 'CONNECTED') {
    if (Date.now() > deadline) throw new Error('the Cloud API session did not connect');
    await new Promise((r) => setTimeout(r, 50));
  }
  // The webhook URL the connection dialog shows (its public webhook id).
  const { webhookUrl } = await api(bench, c.adminToken, 'GET', `/whatsappapi/${connection.id}/credentials`);
  await api(bench, c.adminToken, 'POST', `/whatsappapi/${connection.id}/templates/sync`, {});
  void graph.sendStatusesTo(number, webhookUrl);
  await api(bench, c.adminToken, 'POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  const list = await api(bench, c.adminToken, 'POST', '/contact-lists', { name: 'Cloud' });
  const all = Array.from({ length: CLOUD_CONTACTS }, (_, i) => `5561${String(100000000 + i)}`);
  for (let i = 0; i < all.length; i += 1000) {
    await bench.db('contactListItems').insert(all.slice(i, i + 1000).map((n, j) => ({ companyId: c.companyId, contactListId: list.id, name: `Pessoa ${i + j}`, number: n })));
  }
  graph.rateLimitSends(3);
  const queries = countQueries(bench.db, 'cloud');
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const campaign = await api(bench, c.adminToken, 'POST', '/campaigns', { name: 'Cloud', contactListId: list.id, whatsappId: String(connection.id), scheduledAt: new Date().toISOString(), template: { name: 'bench_hello', language: 'pt_BR', variables: ['{nome}'] } });
  for (;;) {
    const row = await bench.db('campaigns').where({ id: campaign.id }).first('status');
    if (row.status === 'FINALIZADA') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  queries.stop();
  const sends = graph.calls.filter((call) => call.route === `${number.phoneNumberId}/messages` && call.body?.type === 'template').length;
  // The fake Graph API runs in this process: its CPU (sends answered, statuses posted back) is in cpuMs.
  return { seconds, rate: all.length / seconds, sends, sent: await sentCount(bench, connection.id), sql: queries.count / all.length, cpuMs: (user + system) / 1000 / all.length };
}

const REPLIES = Number(process.env.P5_REPLIES ?? 40);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** Company B's agent replies, one every 100 ms: ms from the send call to the provider getting it. */
async function replyLatencies(company, tickets) {
  const latencies = [];
  for (const [i, ticketId] of tickets.entries()) {
    const clicked = performance.now();
    const { id } = await ctx.messages.send({ companyId: company.companyId, ticketId, userId: null, body: `Resposta ${i}` });
    while (!reachedProvider.has(id)) await new Promise((r) => setTimeout(r, 2));
    latencies.push(reachedProvider.get(id) - clicked);
    await new Promise((r) => setTimeout(r, 100));
  }
  return latencies;
}

/** Fairness: company B's replies while company A's campaign of CONTACTS runs, beside B's replies on a quiet node. */
async function fairnessRun(bench) {
  const b = await setUp(bench);
  const tickets = [];
  for (const number of numbers('41').slice(0, REPLIES * 2)) tickets.push((await ctx.conversations.open({ companyId: b.companyId, connectionId: b.connectionId, number })).ticketId);
  const quiet = await replyLatencies(b, tickets.slice(0, REPLIES));
  const a = await setUp(bench);
  await api(bench, a.adminToken, 'POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  const list = await api(bench, a.adminToken, 'POST', '/contact-lists', { name: 'Fairness' });
  const all = numbers('51');
  for (let i = 0; i < all.length; i += 1000) {
    await bench.db('contactListItems').insert(all.slice(i, i + 1000).map((number, j) => ({ companyId: a.companyId, contactListId: list.id, name: `Pessoa ${i + j}`, number })));
  }
  await api(bench, a.adminToken, 'POST', '/campaigns', { name: 'Fairness', contactListId: list.id, whatsappId: String(a.connectionId), scheduledAt: new Date().toISOString(), message1: 'Oi {nome}' });
  while ((delivered.get(a.connectionId) ?? 0) < Math.min(50, CONTACTS / 10)) await new Promise((r) => setTimeout(r, 20));
  const loaded = await replyLatencies(b, tickets.slice(REPLIES));
  const campaignStillRunning = (delivered.get(a.connectionId) ?? 0) < CONTACTS;
  return { quiet, loaded, campaignStillRunning };
}

const bench = await startBenchKernel({ plugins: [fakeWhatsapp, capture, campaignsPlugin, cloudPlugin] });
/** P5_ONLY=cloud,replies… runs only the named cases (campaign, plain, replies, fairness, cloud); the others print n/a. */
const only = process.env.P5_ONLY ? new Set(process.env.P5_ONLY.split(',')) : null;
const runs = (name) => !only || only.has(name);
const skipped = { rate: NaN, seconds: NaN, sql: NaN, cpuMs: NaN, states: [], sent: 0 };
try {
  const campaign = runs('campaign') ? await campaignRun(bench) : skipped;
  const plain = runs('plain') ? await plainRun(bench) : skipped;
  const replies = runs('replies') ? await repliesRun(bench) : skipped;
  const quick = process.env.P5_QUICK === '1';
  const fairness = quick || !runs('fairness') ? { quiet: [NaN], loaded: [NaN], campaignStillRunning: true } : await fairnessRun(bench);
  const cloud = quick || !runs('cloud') ? { ...skipped, sends: 0 } : await cloudRun(bench);
  for (const { name, texts } of traces) {
    console.log(`P5 statements of ${name}, per message:`);
    const messages = name === 'cloud' ? CLOUD_CONTACTS : CONTACTS;
    for (const [text, n] of [...texts].sort((a, b) => b[1] - a[1])) console.log(`  ${fmt(n / messages, 2)}  ${text}`);
  }
  console.log(`P5 campaigns — ${CONTACTS} contacts, zero intervals, one connection (fake WhatsApp session)`);
  console.log('| | messages/s | seconds | SQL statements / message | CPU ms / message |');
  console.log('|---|---|---|---|---|');
  console.log(`| campaign (start → FINALIZADA) | ${fmt(campaign.rate)} | ${fmt(campaign.seconds)} | ${fmt(campaign.sql)} | ${fmt(campaign.cpuMs, 2)} |`);
  console.log(`| plain ordered outbound | ${fmt(plain.rate)} | ${fmt(plain.seconds)} | ${fmt(plain.sql)} | ${fmt(plain.cpuMs, 2)} |`);
  console.log(`| outbound only (replies on existing tickets) | ${fmt(replies.rate)} | ${fmt(replies.seconds)} | ${fmt(replies.sql)} | ${fmt(replies.cpuMs, 2)} |`);
  console.log(`ratio campaign / plain: ${fmt(campaign.rate / plain.rate, 2)} (messages/s), ${fmt(campaign.sql / plain.sql, 2)} (SQL / message)`);
  const ms = (values) => `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 95))} ms`;
  console.log(`fairness — company B's ${REPLIES} replies, send call → provider, p50 / p95: quiet ${ms(fairness.quiet)}; during company A's campaign ${ms(fairness.loaded)}${fairness.campaignStillRunning ? '' : ' (the campaign ended before the last reply)'}`);
  console.log(`Cloud API campaign — ${CLOUD_CONTACTS} contacts on one number over a local fake Graph API (3 answers 429 on the way; Graph latency ${graph.latencyMs} ms, ${CLOUD_CAPABILITIES.parallelSends ?? 1} sends in flight): ${fmt(cloud.rate)} msg/s (${fmt(cloud.seconds)} s; ${cloud.sends} Graph sends, ${cloud.sent} rows sent; ${fmt(cloud.sql)} SQL statements and ${fmt(cloud.cpuMs, 2)} ms CPU per message, the fake Graph's included) — beside the fake-session campaign above, ${fmt(campaign.rate)} msg/s, in the same run`);
  console.log(`campaign shipping states: ${JSON.stringify(campaign.states)}; messages sent: ${campaign.sent}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await bench.close();
  await graph.stop();
  process.exit();
}
