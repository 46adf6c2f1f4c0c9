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
import { countStatements, createCompany, fmt, sample, seedQueuedTickets, startBenchKernel, timedGet } from './lib.mjs';

const REQUESTS = Number(process.env.P4_REQUESTS ?? 30);
const SIZES = (process.env.P4_SIZES ?? '1000,100000').split(',').map(Number);
const DAY = 86400000;

async function seed(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const started = Date.now();
  await seedQueuedTickets(db, companyId, tickets, { agent: (i) => ({ online: i % 2 === 0 }) });
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

const latency = (url, token, path) => sample(() => timedGet(url, token, path), REQUESTS);

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
  countStatements(bench.db);
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
