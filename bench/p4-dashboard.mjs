// P4 dashboard and report: p50/p95 (and SQL statements per request) of GET /api/dashboard (30 and 90 days) and of the report page
// (GET /api/ticket/reports, a month, page 1 and a deep page), and the streamed Excel export of
// every row (time, rows/s, the process's peak RSS above its baseline), in tenants of 1k and 100k
// tickets with 10 messages each (1M messages at 100k), then the 100k/1k ratios. The tenant is
// generated in SQL, set-based: tickets over the last 180 days (10% pending, 15% open, 75% closed)
// in three queues and ten agents; their ticket_metrics rows come from the triggers on insert, then
// one UPDATE gives them acceptance, wait, service, close and rating instants (and moves their ticket_daily
// totals, then vacuumed). Asserts nothing.
//
// Needs the built packages: `npx tsc -b`, then `node bench/p4-dashboard.mjs`. P4_REQUESTS (30),
// P4_SIZES (1000,100000) tune it.
import { randomBytes } from 'node:crypto';
import { createCompany, fmt, percentile, startBenchKernel } from './lib.mjs';

const REQUESTS = Number(process.env.P4_REQUESTS ?? 30);
const SIZES = (process.env.P4_SIZES ?? '1000,100000').split(',').map(Number);
const DAY = 86400000;

async function seed(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const queues = (await db('queues').insert([0, 1, 2].map((i) => ({ companyId, name: `Fila ${i}`, color: `#1${i}1${i}1${i}` }))).returning('id')).map((r) => r.id);
  const agents = (
    await db('users')
      .insert(Array.from({ length: 10 }, (_, i) => ({ companyId, name: `Agente ${i}`, email: `a${i}.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'user', online: i % 2 === 0 })))
      .returning('id')
  ).map((r) => r.id);
  await db('userQueues').insert(agents.map((userId, i) => ({ companyId, userId, queueId: queues[i % 3] })));
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Bench', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  const started = Date.now();
  await db.raw(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT ?, 'Contato ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`,
    [companyId, tickets],
  );
  // Created uniformly over 180 days; the agent and queue follow the contact id.
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, created_at, updated_at, closed_at)
     SELECT c.company_id, c.id, ?::int, (?::int[])[1 + c.id % 3],
            CASE WHEN c.id % 20 < 2 THEN NULL ELSE (?::int[])[1 + c.id % 10] END,
            CASE WHEN c.id % 20 < 2 THEN 'pending' WHEN c.id % 20 < 5 THEN 'open' ELSE 'closed' END,
            'webchat', 'Última mensagem ' || c.id,
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute',
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + interval '40 minutes',
            CASE WHEN c.id % 20 >= 5 THEN now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + interval '40 minutes' END
     FROM contacts c WHERE c.company_id = ?`,
    [connection.id, queues, agents, companyId],
  );
  await db.raw(
    `UPDATE ticket_metrics m SET
       first_pending_at = t.created_at, first_queued_at = t.created_at,
       first_accepted_at = CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (t.id % 20) * interval '1 minute' END,
       first_user_id = t.user_id,
       wait_seconds = CASE WHEN t.user_id IS NOT NULL THEN (t.id % 20) * 60 END,
       agent_since = CASE WHEN t.status = 'open' THEN t.created_at + (t.id % 20) * interval '1 minute' END,
       support_seconds = CASE WHEN t.status = 'closed' AND t.user_id IS NOT NULL THEN 1200 + (t.id % 30) * 60 ELSE 0 END,
       closed_at = t.closed_at,
       rate = CASE WHEN t.status = 'closed' AND t.id % 3 = 0 THEN 1 + t.id % 5 END,
       rated_at = CASE WHEN t.status = 'closed' AND t.id % 3 = 0 THEN t.closed_at + interval '2 minutes' END,
       rated_user_id = CASE WHEN t.status = 'closed' AND t.id % 3 = 0 THEN t.user_id END
     FROM tickets t WHERE t.id = m.ticket_id AND t.company_id = ?`,
    [companyId],
  );
  // 10 messages a ticket: the contact's, and one agent answer (the first-response trigger fires once per ticket).
  await db.raw(
    `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, from_me, user_id, body, ack, created_at, updated_at)
     SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, t.id || '-' || m, m % 2 = 0, CASE WHEN m = 2 THEN t.user_id END,
            'Mensagem ' || m, 3, t.created_at + m * interval '1 minute', t.created_at + m * interval '1 minute'
     FROM tickets t CROSS JOIN generate_series(1, 10) m WHERE t.company_id = ?`,
    [companyId],
  );
  // The seed's one big UPDATE moved every ticket's daily totals: vacuum as autovacuum would on a live company.
  await db.raw('VACUUM ANALYZE ticket_daily');
  await db.raw('ANALYZE');
  const messages = Number((await db('messages').where({ companyId }).count({ n: '*' }).first()).n);
  const since = day(Date.now() - 90 * DAY);
  const metricRows = Number((await db('ticketMetrics').where({ companyId }).where('createdAt', '>=', since).count({ n: '*' }).first()).n);
  const dailyRows = Number((await db('ticketDaily').where({ companyId }).where('day', '>=', since).count({ n: '*' }).first()).n);
  return { companyId, adminToken, seedSeconds: (Date.now() - started) / 1000, messages, metricRows, dailyRows };
}

async function timed(url, token, path) {
  const started = performance.now();
  const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

let statements = 0;

async function latency(url, token, path) {
  const before = statements;
  await timed(url, token, path); // warm-up, counting the SQL statements of one request
  const perRequest = statements - before;
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timed(url, token, path));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), statements: perRequest };
}

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The export of every row of the last 180 days, read as it streams (never buffered by the client). */
async function exportRun(url, token) {
  global.gc?.();
  const base = process.memoryUsage();
  const baseline = base.rss;
  let peak = baseline;
  let peakHeap = base.heapUsed;
  let peakBuffers = base.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${url}/api/ticket/reports/export?dateFrom=${day(Date.now() - 181 * DAY)}&dateTo=${day(Date.now() + DAY)}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = Number(res.headers.get('x-total-rows'));
  const mb = (n) => n / 1048576;
  return { seconds, rows, bytes, peakMb: mb(peak - baseline), baselineMb: mb(baseline), heapMb: mb(peakHeap - base.heapUsed), buffersMb: mb(peakBuffers - base.arrayBuffers) };
}

const results = {};
for (const size of SIZES) {
  const bench = await startBenchKernel();
  bench.db.on('query', () => { statements++; });
  try {
    const tenant = await seed(bench, size);
    const t = tenant.adminToken;
    const month = `dateFrom=${day(Date.now() - 30 * DAY)}&dateTo=${day(Date.now())}`;
    const r = {
      seed: tenant.seedSeconds,
      messages: tenant.messages,
      dashboard30: await latency(bench.url, t, '/dashboard?days=30'),
      dashboard90: await latency(bench.url, t, '/dashboard?days=90'),
      charts90: await latency(bench.url, t, '/dashboard/total-atendimentos?days=90'),
      reportPage: await latency(bench.url, t, `/ticket/reports?${month}&page=1&pageSize=10`),
      reportDeep: await latency(bench.url, t, `/ticket/reports?${month}&page=${Math.max(1, Math.floor(size / 60 / 50))}&pageSize=50`),
      export: await exportRun(bench.url, t),
    };
    results[size] = r;
    console.log(`\n${size} tickets, ${r.messages} messages (seeded in ${fmt(r.seed)} s)`);
    console.log(`  last 90 days: ${tenant.metricRows} tickets created (ticket_metrics rows), ${tenant.dailyRows} ticket_daily rows of every kind`);
    for (const key of ['dashboard30', 'dashboard90', 'charts90', 'reportPage', 'reportDeep']) {
      console.log(`  ${key.padEnd(12)} p50 ${fmt(r[key].p50)} ms  p95 ${fmt(r[key].p95)} ms  (${r[key].statements} SQL statements)`);
    }
    console.log(`  export       ${r.export.rows} rows in ${fmt(r.export.seconds, 2)} s (${fmt(r.export.rows / r.export.seconds, 0)} rows/s, ${fmt(r.export.bytes / 1048576)} MB), peak RSS +${fmt(r.export.peakMb)} MB over ${fmt(r.export.baselineMb)} MB (JS heap +${fmt(r.export.heapMb)}, buffers +${fmt(r.export.buffersMb)} MB)`);
  } finally {
    await bench.close();
  }
}

if (SIZES.length === 2) {
  const [a, b] = SIZES.map((s) => results[s]);
  console.log(`\nratios ${SIZES[1]}/${SIZES[0]} (p50):`);
  for (const key of ['dashboard30', 'dashboard90', 'charts90', 'reportPage', 'reportDeep']) console.log(`  ${key.padEnd(12)} ×${fmt(b[key].p50 / a[key].p50, 2)}`);
  console.log(`  export time  ×${fmt(b.export.seconds / a.export.seconds, 1)} for ×${fmt(b.export.rows / a.export.rows, 0)} rows; peak RSS +${fmt(a.export.peakMb)} → +${fmt(b.export.peakMb)} MB`);
}
process.exit(0);
