// P5 campaigns: a 10,000-contact campaign with zero intervals on a fake WhatsApp session, from
// its start to FINALIZADA (every message delivered to the fake session and read back as sent):
// messages/s and SQL statements per message; beside it, the same contacts sent as plain ordered
// outbound messages (contact + ticket + message per contact, one transaction each, delivered by
// the same outbound queue), and the ratio. Prints figures; asserts nothing about time.
import { randomBytes } from 'node:crypto';
import { defineChannel, definePlugin } from '@guiche/core';
import campaignsPlugin from '@guiche/plugin-campaigns';
import { createCompany, fmt, startBenchKernel } from './lib.mjs';

const CONTACTS = Number(process.env.P5_CONTACTS ?? 10000);

/** A WhatsApp session that accepts every send at once (the outside world is not what is measured). */
const delivered = new Map();
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
    async send() {
      delivered.set(connection.id, (delivered.get(connection.id) ?? 0) + 1);
      return { wid: `bench-${randomBytes(8).toString('hex')}`, ack: 1 };
    },
  }),
});

/** Lends the bench the plugin context (messages, conversations) a plain outbound send uses. */
let ctx;
const capture = definePlugin({ id: 'bench-capture', kind: 'module', planFlag: null, register: (c) => void (ctx = c) });

function countQueries(db) {
  const counter = { count: 0, stop: () => db.off('query', listen) };
  const listen = () => counter.count++;
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
  const queries = countQueries(bench.db);
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
  const queries = countQueries(bench.db);
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

const bench = await startBenchKernel({ plugins: [fakeWhatsapp, capture, campaignsPlugin] });
try {
  const campaign = await campaignRun(bench);
  const plain = await plainRun(bench);
  console.log(`P5 campaigns — ${CONTACTS} contacts, zero intervals, one connection (fake WhatsApp session)`);
  console.log('| | messages/s | seconds | SQL statements / message | CPU ms / message |');
  console.log('|---|---|---|---|---|');
  console.log(`| campaign (start → FINALIZADA) | ${fmt(campaign.rate)} | ${fmt(campaign.seconds)} | ${fmt(campaign.sql)} | ${fmt(campaign.cpuMs, 2)} |`);
  console.log(`| plain ordered outbound | ${fmt(plain.rate)} | ${fmt(plain.seconds)} | ${fmt(plain.sql)} | ${fmt(plain.cpuMs, 2)} |`);
  console.log(`ratio campaign / plain: ${fmt(campaign.rate / plain.rate, 2)} (messages/s), ${fmt(campaign.sql / plain.sql, 2)} (SQL / message)`);
  console.log(`campaign shipping states: ${JSON.stringify(campaign.states)}; messages sent: ${campaign.sent}`);
} finally {
  await bench.close();
  process.exit(0);
}
