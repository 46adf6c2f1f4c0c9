// SLA ticket list (issue #33, "fast on a 100k-ticket tenant"): p50/p95 (and SQL statements per
// request) of the tickets list whose rows carry their SLA clocks for the row countdown
// (GET /api/tickets: each row's `sla`, read by key from ticket_sla), as an agent of one queue and as
// an admin, pending and open, in SLA tenants of 1k and 100k tickets — beside, measured in the same
// run and in turns with them: the same list in a 100k tenant without targets (what the countdown adds),
// a primary-key select of a ticket (the database floor) and GET /api/sla-targets (the HTTP floor). Then
// the dashboard SLA tab's API (30 days) and the report's page with its SLA columns once more, so one
// run shows the three screens the issue names side by side (bench/p7-sla.mjs has them in depth).
// Asserts nothing.
//
// Needs the built packages: `npx tsc -b`, then `node bench/sla-ticket-list.mjs`. SLA_LIST_REQUESTS (40),
// SLA_LIST_WARMUP (10), SLA_LIST_SIZES (1000,100000) tune it.
import { countStatements, fmt, percentile, sample as sampleRuns, startBenchKernel, timedGet } from './lib.mjs';
import { seedSlaTenant } from './sla-seed.mjs';

const REQUESTS = Number(process.env.SLA_LIST_REQUESTS ?? 40);
const WARMUP = Number(process.env.SLA_LIST_WARMUP ?? 10);
const SIZES = (process.env.SLA_LIST_SIZES ?? '1000,100000').split(',').map(Number);
const DAY = 86400000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const queueList = (id) => encodeURIComponent(JSON.stringify([id]));

/** p50/p95 of each run, the runs taking turns request by request, and the SQL statements of each one's warm-up run. */
async function interleaved(runs) {
  const statements = [];
  for (const run of runs) statements.push((await sampleRuns(run, 0)).statements);
  const times = runs.map(() => []);
  for (let i = 1; i <= REQUESTS; i++) for (let j = 0; j < runs.length; j++) times[j].push(await runs[j](i));
  return times.map((list, j) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95), statements: statements[j] };
  });
}

const get = (path) => (t) => () => timedGet(t.bench.url, path.admin === false ? t.agentToken : t.adminToken, path.url(t));
const as = (who, url) => ({ admin: who === 'admin', url });

/** Rows of one list call, and how many carry SLA clocks (the countdown's data). */
async function listRows(t, token, query) {
  const res = await fetch(`${t.bench.url}/api/tickets?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  return { rows: body.tickets.length, withSla: body.tickets.filter((x) => x.sla).length };
}

const LIST = {
  pendingAgent: { label: 'tickets: pending, agent of a queue', who: 'agent', query: (t) => `status=pending&queueIds=${queueList(t.agentQueue)}&pageNumber=1` },
  openAgent: { label: 'tickets: open, agent of a queue', who: 'agent', query: (t) => `status=open&queueIds=${queueList(t.agentQueue)}&pageNumber=1` },
  pendingAdmin: { label: 'tickets: pending, admin', who: 'admin', query: () => 'status=pending&pageNumber=1' },
  openAdmin: { label: 'tickets: open, admin (all)', who: 'admin', query: () => 'status=open&showAll=true&pageNumber=1' },
};
const CASES = {
  pkSelect: {
    label: 'reference: ticket by primary key',
    run: (t) => async (i) => {
      const started = performance.now();
      await t.bench.db('tickets').where({ id: t.ids[(i * 7919) % t.ids.length] }).first('id', 'status');
      return performance.now() - started;
    },
  },
  httpFloor: { label: 'reference: GET /sla-targets', run: get(as('admin', () => '/sla-targets')) },
  ...Object.fromEntries(Object.entries(LIST).map(([key, v]) => [key, { label: v.label, run: get(as(v.who, (t) => `/tickets?${v.query(t)}`)) }])),
  sla30: { label: 'GET /dashboard/sla?days=30', run: get(as('admin', () => '/dashboard/sla?days=30')) },
  reportPage: { label: 'GET /ticket/reports (month, p.1)', run: get(as('admin', () => `/ticket/reports?dateFrom=${day(Date.now() - 30 * DAY)}&dateTo=${day(Date.now())}&page=1&pageSize=10`)) },
};

const tenants = [];
try {
  const bench = await startBenchKernel();
  await bench.kernel.core.timedWork.stop(); // no check runs behind the measures
  countStatements(bench.db);
  for (const size of SIZES) tenants.push({ label: `${size} SLA`, size, bench, ...(await seedSlaTenant(bench, size)) });
  const largest = Math.max(...SIZES);
  tenants.push({ label: `${largest} no targets`, size: largest, plain: true, bench, ...(await seedSlaTenant(bench, largest, { sla: false })) });

  for (const t of tenants) {
    t.rows = {};
    for (const [key, v] of Object.entries(LIST)) t.rows[key] = await listRows(t, v.who === 'admin' ? t.adminToken : t.agentToken, v.query(t));
  }
  for (let i = 0; i < WARMUP; i++) for (const t of tenants) for (const key of Object.keys(LIST)) await CASES[key].run(t)();
  for (const [key, { run }] of Object.entries(CASES)) {
    const runs = tenants.filter((t) => !t.plain || !['sla30', 'reportPage'].includes(key));
    const measured = await interleaved(runs.map((t) => run(t)));
    runs.forEach((t, j) => (t[key] = measured[j]));
  }
  console.log(`SLA ticket list (${REQUESTS} requests per case, tenants in turns, one database and kernel)`);
  for (const t of tenants) {
    console.log(`\n${t.label} (seeded in ${fmt(t.seedSeconds)} s)`);
    for (const [key, { label }] of Object.entries(CASES)) {
      if (!t[key]) continue;
      const rows = t.rows[key] ? ` ${t.rows[key].rows} rows, ${t.rows[key].withSla} with SLA clocks;` : '';
      console.log(`  ${label.padEnd(36)} p50 ${fmt(t[key].p50, 2)} ms  p95 ${fmt(t[key].p95, 2)} ms  (${rows} ${t[key].statements} SQL statements)`);
    }
  }
  const [small, large, plain] = [tenants.find((t) => t.size === Math.min(...SIZES) && !t.plain), tenants.find((t) => t.size === largest && !t.plain), tenants.find((t) => t.plain)];
  if (small !== large) {
    console.log(`\nratios p50 ${large.label} / ${small.label}:`);
    for (const [key, { label }] of Object.entries(CASES)) if (large[key] && small[key]) console.log(`  ${label.padEnd(36)} ×${fmt(large[key].p50 / small[key].p50, 2)}`);
  }
  console.log(`\nratios p50 ${large.label} / ${plain.label} (what the SLA clocks add to the same list):`);
  for (const key of Object.keys(LIST)) console.log(`  ${LIST[key].label.padEnd(36)} ×${fmt(large[key].p50 / plain[key].p50, 2)}`);
} finally {
  if (tenants[0]) await tenants[0].bench.close();
}
process.exit(0);
