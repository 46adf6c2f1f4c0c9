// P4 fan-out (issue 28): how live events reach agents' sockets, on one node and on two nodes
// sharing Redis (the socket.io Redis adapter).
// - 1, 100 and 1,000 agent sockets (one admin user each) of one company: p50/p95/p99 from a
//   website visitor's message (sent on /webchat of node A) to its company-<id>-appMessage on every
//   socket; the one-socket p99 of the same topology is the reference (goal: p99 at 1,000 ≤ 2× it).
// - Presence: company-<id>-userOnline events delivered per socket connect when the agents first
//   arrive, and per socket when all of them reconnect at once (a reconnect storm, to the other
//   node on two nodes).
// - Redis bytes per message: what the nodes published on the adapter's channels (read by one
//   subscriber here), per visitor message.
// - 100 companies × 10 agents: the same percentiles, and events that reached another company's
//   socket (must be 0).
// Needs the built packages: `npx tsc -b`, then `node bench/p4-fanout.mjs`. P4F_MESSAGES (20),
// P4F_SIZES (1,100,1000), P4F_TOPOLOGIES (1,2) tune it. Asserts nothing.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { createKernel, loadConfig } from '@guiche/core';
import { createWebchatChannel } from '@guiche/plugin-channel-webchat';
import { fmt, percentile, startBenchKernel } from './lib.mjs';

const MESSAGES = Number(process.env.P4F_MESSAGES ?? 20);
const SIZES = (process.env.P4F_SIZES ?? '1,100,1000').split(',').map(Number);
const TOPOLOGIES = (process.env.P4F_TOPOLOGIES ?? '1,2').split(',').map(Number);
const webchat = () => createWebchatChannel({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(condition, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

/** Node A (with its database) and, for two nodes, node B on the same database and Redis prefix. */
async function startNodes(count) {
  const a = await startBenchKernel({ plugins: [webchat()] });
  const nodes = [{ kernel: a.kernel, url: a.url }];
  if (count === 2) {
    const kernel = await createKernel(loadConfig({}, { ...a.kernel.core.config, PORT: 0 }), { plugins: [webchat()] });
    nodes.push({ kernel, url: (await kernel.listen()).replace('0.0.0.0', '127.0.0.1') });
  }
  return {
    nodes,
    db: a.db,
    prefix: a.kernel.core.config.REDIS_PREFIX,
    async close() {
      for (const n of nodes.slice(1)) await n.kernel.close();
      await a.close();
    },
  };
}

async function seedCompany(world, agents) {
  const { kernel, url } = world.nodes[0];
  const heldBy = () => world.nodes.flatMap((n) => n.kernel.core.channels.held());
  const db = kernel.core.db;
  const tag = randomBytes(3).toString('hex');
  const [plan] = await db('plans').insert({ name: `Fanout ${tag}`, isPublic: false, useWhatsapp: true }).returning('id');
  const [company] = await db('companies').insert({ name: `Fanout ${tag}`, planId: plan.id, dueDate: '2999-01-01', status: true }).returning('id');
  const users = await db('users')
    .insert(Array.from({ length: agents }, (_, i) => ({ companyId: company.id, name: `Agente ${i}`, email: `a${i}.${tag}@bench.local`, passwordHash: 'x', profile: 'admin' })))
    .returning(['id', 'companyId', 'profile', 'super']);
  const tokens = users.map((u) => kernel.core.signAccessToken(u));
  // Through the API, so that a node takes the connection's session at once (not at the next sweep).
  const res = await fetch(`${url}${kernel.core.config.API_BASE}/whatsapp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Site ${tag}`, channel: 'webchat' }),
  });
  const connection = await res.json();
  await until(() => heldBy().includes(connection.id));
  return { companyId: company.id, tokens, connectionToken: connection.token };
}

function connectSocket(url, token) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('connect_error', reject));
}

/** Agents' sockets, spread over the nodes, each counting presence events and timing message events. */
class Agents {
  constructor(companyId) {
    this.companyId = companyId;
    this.sockets = [];
    this.presence = 0;
    this.foreign = 0;
    this.arrivals = new Map(); // body → [ms since sent]
    this.sentAt = new Map();
  }

  async connect(nodes, tokens, offset = 0) {
    const batch = 50;
    for (let i = 0; i < tokens.length; i += batch) {
      const opened = await Promise.all(tokens.slice(i, i + batch).map((token, j) => connectSocket(nodes[(i + j + offset) % nodes.length].url, token)));
      for (const socket of opened) this.watch(socket);
    }
  }

  watch(socket) {
    this.sockets.push(socket);
    socket.onAny((event, payload) => {
      if (event === `company-${this.companyId}-userOnline`) this.presence++;
      else if (event === `company-${this.companyId}-appMessage`) {
        const body = payload?.message?.body;
        const sent = this.sentAt.get(body);
        if (sent === undefined) return;
        const list = this.arrivals.get(body) ?? [];
        list.push(performance.now() - sent);
        this.arrivals.set(body, list);
      } else if (/^company-(\d+)-/.exec(event)?.[1] !== String(this.companyId) && event.startsWith('company-')) this.foreign++;
    });
  }

  disconnectAll() {
    for (const s of this.sockets) s.disconnect();
    this.sockets = [];
  }
}

async function visitor(url, connectionToken) {
  const socket = io(`${url}/webchat`, { auth: { token: connectionToken, visitorId: randomBytes(16).toString('hex'), name: 'Visitante' }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  return socket;
}

/** Sends MESSAGES visitor messages one after the other, each once every socket got the previous. */
async function measure(groups, url) {
  const visitors = await Promise.all(groups.map((g) => visitor(url, g.connectionToken)));
  let unanswered = 0;
  for (let m = 0; m < MESSAGES; m++) {
    await Promise.all(
      groups.map(async (g, i) => {
        const body = `mensagem ${m} ${randomBytes(3).toString('hex')}`;
        g.agents.sentAt.set(body, performance.now());
        try {
          await visitors[i].timeout(60_000).emitWithAck('message', { clientId: randomBytes(8).toString('hex'), body });
        } catch {
          unanswered++; // counted as missing on every socket below
          return;
        }
        await until(() => (g.agents.arrivals.get(body)?.length ?? 0) >= g.agents.sockets.length, 30_000);
      }),
    );
  }
  for (const v of visitors) v.disconnect();
  const all = groups.flatMap((g) => [...g.agents.arrivals.values()].flat()).sort((x, y) => x - y);
  const expected = groups.reduce((n, g) => n + g.agents.sockets.length, 0) * MESSAGES;
  return { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99), missing: expected - all.length, unanswered };
}

/** Bytes the nodes publish on the socket.io adapter's channels while `during` runs. */
async function adapterBytes(prefix, during) {
  const sub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let bytes = 0;
  sub.on('pmessageBuffer', (_pattern, _channel, message) => (bytes += message.length));
  await sub.psubscribe(`${prefix}:socket.io*`);
  await during();
  await sleep(200);
  await sub.quit();
  return bytes;
}

async function oneCompany(topology, size) {
  const world = await startNodes(topology);
  const seed = await seedCompany(world, size);
  const agents = new Agents(seed.companyId);
  await agents.connect(world.nodes, seed.tokens);
  await sleep(1500); // presence events settle
  const firstConnect = agents.presence / size;

  // A reconnect storm: every socket drops and comes back (to the other node on two nodes).
  agents.presence = 0;
  agents.disconnectAll();
  await agents.connect(world.nodes, seed.tokens, 1);
  await sleep(1500);
  const reconnect = agents.presence / size;

  let result;
  const bytes = await adapterBytes(world.prefix, async () => {
    result = await measure([{ agents, connectionToken: seed.connectionToken }], world.nodes[0].url);
  });
  agents.disconnectAll();
  await world.close();
  return { ...result, firstConnect, reconnect, bytesPerMessage: bytes / MESSAGES };
}

async function manyCompanies(topology, companies = 100, perCompany = 10) {
  const world = await startNodes(topology);
  const groups = [];
  for (let c = 0; c < companies; c++) {
    const seed = await seedCompany(world, perCompany);
    const agents = new Agents(seed.companyId);
    await agents.connect(world.nodes, seed.tokens, c);
    groups.push({ agents, connectionToken: seed.connectionToken });
  }
  await sleep(1500);
  let result;
  const bytes = await adapterBytes(world.prefix, async () => {
    result = await measure(groups, world.nodes[0].url);
  });
  const foreign = groups.reduce((n, g) => n + g.agents.foreign, 0);
  for (const g of groups) g.agents.disconnectAll();
  await world.close();
  return { ...result, foreign, bytesPerMessage: bytes / (MESSAGES * companies) };
}

const ms = (n) => `${fmt(n, 1)} ms`;
console.log(`P4 fan-out: ${MESSAGES} visitor messages per case`);
for (const topology of TOPOLOGIES) {
  const label = topology === 1 ? 'one node' : 'two nodes (Redis adapter)';
  let reference;
  for (const size of SIZES) {
    const r = await oneCompany(topology, size);
    if (size === 1) reference = r.p99;
    const ratio = reference ? ` (${fmt(r.p99 / reference, 2)}× the one-socket p99)` : '';
    console.log(
      `${label}, ${size} sockets: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}${ratio}; missing ${r.missing} (${r.unanswered} sends unanswered); ` +
        `userOnline events per connect ${fmt(r.firstConnect, 2)}, per reconnect ${fmt(r.reconnect, 2)}; Redis bytes per message ${fmt(r.bytesPerMessage, 0)}`,
    );
  }
  const many = await manyCompanies(topology);
  console.log(
    `${label}, 100 companies × 10 sockets: p50 ${ms(many.p50)}, p95 ${ms(many.p95)}, p99 ${ms(many.p99)}; missing ${many.missing} (${many.unanswered} sends unanswered); ` +
      `events on another company's socket ${many.foreign}; Redis bytes per message ${fmt(many.bytesPerMessage, 0)}`,
  );
}
process.exit(0);
