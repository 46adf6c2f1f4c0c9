// P1 ingest: inbound messages/s through the channel SDK's ingest pipeline into PostgreSQL with
// live events (an admin socket is connected and receives them), for 1 and for 1,000 distinct
// contacts; in the same run, the machine's raw single-row insert rate into PostgreSQL, and the ratio.
// A last case puts the bot in front: every message walks a two-level menu (queue menu, a queue's
// options, an option's options, '#' back) and gets the bot's answer, stored and queued.
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { createCompany, fmt, startBenchKernel } from './lib.mjs';

const MESSAGES = Number(process.env.P1_MESSAGES ?? 3000);
const CONCURRENCY = Number(process.env.P1_CONCURRENCY ?? 8);

async function runPool(total, concurrency, task) {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < total) await task(next++);
  });
  await Promise.all(workers);
}

async function connection(kernel, companyId) {
  const [row] = await kernel.core
    .db('whatsapps')
    .insert({ companyId, name: `bench-${randomBytes(3).toString('hex')}`, channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  return row.id;
}

function message(i, contacts, run) {
  const peer = `visitor-${run}-${i % contacts}`;
  return { wid: `${run}-${i}`, fromMe: false, timestamp: new Date(), peer: { id: peer, name: `Visitor ${i % contacts}` }, body: `Mensagem ${i}`, mediaType: 'chat' };
}

/** Two queues on the connection, the first with a two-level options tree, and a greeting: the bot talks. */
async function botConnection(kernel, companyId) {
  const db = kernel.core.db;
  const connectionId = await connection(kernel, companyId);
  await db('whatsapps').where({ id: connectionId }).update({ greetingMessage: 'Olá! Escolha:', maxUseBotQueues: 0 });
  const [sales] = await db('queues').insert({ companyId, name: 'Vendas', color: '#aa0000', greetingMessage: 'Vendas', orderQueue: 1 }).returning('id');
  const [support] = await db('queues').insert({ companyId, name: 'Suporte', color: '#00aa00', greetingMessage: 'Suporte', orderQueue: 2 }).returning('id');
  await db('whatsappQueues').insert([sales, support].map((q) => ({ companyId, whatsappId: connectionId, queueId: q.id })));
  const [plans] = await db('chatbots').insert({ companyId, queueId: sales.id, name: 'Planos', greetingMessage: 'Sobre planos:' }).returning('id');
  await db('chatbots').insert({ companyId, queueId: sales.id, name: 'Horários', greetingMessage: 'Das 8h às 18h.' });
  await db('chatbots').insert([
    { companyId, queueId: sales.id, parentId: plans.id, name: 'Básico', greetingMessage: 'R$ 49.' },
    { companyId, queueId: sales.id, parentId: plans.id, name: 'Completo', greetingMessage: 'R$ 99.' },
  ]);
  kernel.core.connectionCache.invalidate(connectionId);
  return connectionId;
}

/** After the greeting, a contact's n-th answer: into the queue, into an option, a leaf, back, back to the queue menu. */
const WALK = ['1', '1', '1', '#', '#'];

async function ingestRate(bench, contacts, { bot = false } = {}) {
  const { companyId, adminToken } = await createCompany(bench.kernel);
  const connectionId = bot ? await botConnection(bench.kernel, companyId) : await connection(bench.kernel, companyId);
  const socket = io(bench.url, { auth: { token: adminToken }, transports: ['websocket'], forceNew: true });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  let events = 0;
  socket.on(`company-${companyId}-appMessage`, () => events++);
  const run = randomBytes(3).toString('hex');
  const queries = countQueries(bench.db);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const body = (i) => {
    const round = Math.floor(i / contacts);
    return round === 0 ? 'oi' : WALK[(round - 1) % WALK.length];
  };
  await runPool(MESSAGES, CONCURRENCY, (i) =>
    bench.kernel.core.ingest.ingest(connectionId, bot ? { ...message(i, contacts, run), body: body(i) } : message(i, contacts, run)),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  queries.stop();
  const deadline = Date.now() + 10000;
  while (events < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  socket.disconnect();
  const stored = await bench.db('messages').where({ whatsappId: connectionId, fromMe: false }).count({ n: '*' }).first();
  const answers = await bench.db('messages').where({ whatsappId: connectionId, fromMe: true }).count({ n: '*' }).first();
  const tickets = await bench.db('tickets').where({ whatsappId: connectionId }).count({ n: '*' }).first();
  return {
    rate: MESSAGES / seconds,
    cpuMs: (user + system) / 1000 / MESSAGES,
    queries: queries.count / MESSAGES,
    stored: Number(stored.n),
    answers: Number(answers.n),
    tickets: Number(tickets.n),
    events,
  };
}

/** SQL statements the process sends meanwhile (BEGIN/COMMIT included; the session sweep too, rarely). */
function countQueries(db) {
  const counter = { count: 0, stop: () => db.off('query', listen) };
  const listen = () => counter.count++;
  db.on('query', listen);
  return counter;
}

async function rawInsertRate(bench) {
  await bench.db.raw('CREATE TABLE bench_raw (id bigserial primary key, company_id int not null, body text not null, created_at timestamptz not null default now())');
  const started = process.hrtime.bigint();
  await runPool(MESSAGES, CONCURRENCY, (i) => bench.db('bench_raw').insert({ companyId: 1, body: `Mensagem ${i}` }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await bench.db.raw('DROP TABLE bench_raw');
  return MESSAGES / seconds;
}

const bench = await startBenchKernel();
try {
  const raw = await rawInsertRate(bench);
  const one = await ingestRate(bench, 1);
  const many = await ingestRate(bench, 1000);
  const bot = await ingestRate(bench, Math.max(1, Math.floor(MESSAGES / 6)), { bot: true });
  console.log(`P1 ingest (${MESSAGES} messages, ${CONCURRENCY} concurrent, PostgreSQL + Redis, live events to a connected admin socket)`);
  console.log(`  raw single-row insert:        ${fmt(raw)} rows/s`);
  const line = (label, r) =>
    console.log(
      `  ${label.padEnd(29)} ${fmt(r.rate)} msg/s  (ratio to raw ${fmt(r.rate / raw, 2)}; ${fmt(r.queries)} SQL statements and ${fmt(r.cpuMs, 2)} ms of` +
        ` this process's CPU per message; stored ${r.stored}, tickets ${r.tickets}, events ${r.events})`,
    );
  line('ingest, 1 contact:', one);
  line('ingest, 1,000 contacts:', many);
  line('bot, two-level menu walk:', bot);
  console.log(`  (bot case: ${fmt(Math.max(1, Math.floor(MESSAGES / 6)), 0)} contacts; every message answered by the bot: ${bot.answers} answers stored and queued; ${fmt(bot.rate / many.rate, 2)}× the plain rate)`);
} finally {
  await bench.close();
}
