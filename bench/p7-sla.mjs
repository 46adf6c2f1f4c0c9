// P7 SLA (issue #33): p50/p95 (and SQL statements per request) of the SLA dashboard
// (GET /api/dashboard/sla, 1, 7 and 30 days), the tickets report page with its SLA columns
// (GET /api/ticket/reports, a month, page 1), and the breach check (the `sla.check` timed work of
// one ticket: clocks, target, breach stamp; ms per ticket over batches of `P7_CHECKS`), in tenants
// of 1k and 100k tickets, then the 100k/1k ratios. Beside them, measured in the same run: a plain
// primary-key select of a ticket (the database's floor) and GET /api/sla-targets (the HTTP floor:
// auth, one tiny indexed read). The tenants live side by side and every case alternates between
// them run by run, so the shared machine's load changes fall on both sizes. Asserts nothing.
//
// The tenant is generated in SQL: tickets over the last 180 days (10% pending, 15% open, 75% closed)
// in three queues with targets (first response 15 min, resolution 60 min) and ten agents; their
// ticket_metrics rows come from the triggers, one UPDATE gives them first-queue, answer and close
// instants, and ticket_sla is filled as the checks would have left it (breaches stamped); its
// triggers fill the dashboard's rollup (sla_daily, sla_ticket_figures), whose rows read are printed
// too; then VACUUM ANALYZE (and CLUSTER of the rollup tables: see the seed).
//
// Needs the built packages: `npx tsc -b`, then `node bench/p7-sla.mjs`. P7_REQUESTS (30),
// P7_CHECKS (50), P7_SIZES (1000,100000), P7_WARMUP (20 unmeasured rounds of the GETs) tune it;
// P7_NO_CLUSTER=1 leaves the rollup tables as the seed wrote them.
import { countStatements, fmt, percentile, sample as sampleRuns, startBenchKernel, timedGet } from './lib.mjs';
import { seedSlaTenant } from './sla-seed.mjs';

const REQUESTS = Number(process.env.P7_REQUESTS ?? 30);
const CHECKS = Number(process.env.P7_CHECKS ?? 50);
const SIZES = (process.env.P7_SIZES ?? '1000,100000').split(',').map(Number);
const WARMUP = Number(process.env.P7_WARMUP ?? 20);
const DAY = 86400000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Whether the schema has the SLA dashboard's rollup (migration 20261128150000_sla_daily): the bench also runs on the code before it. */
const hasRollup = async (db) => Boolean((await db.raw("SELECT to_regclass('sla_daily') AS t")).rows[0].t);

/** The shared SLA tenant (bench/sla-seed.mjs); P7_NO_CLUSTER=1 leaves the rollup tables as the seed wrote them. */
const seed = (bench, tickets) => seedSlaTenant(bench, tickets, { cluster: !process.env.P7_NO_CLUSTER });

/**
 * p50/p95 of `count` runs of each tenant's `run(i)`, the tenants taking turns run by run (so a change
 * of the machine's load falls on every size alike), and the SQL statements of each one's warm-up run.
 */
async function interleaved(runs, count = REQUESTS) {
  const statements = [];
  for (const run of runs) statements.push((await sampleRuns(run, 0)).statements);
  const times = runs.map(() => []);
  for (let i = 1; i <= count; i++) for (let j = 0; j < runs.length; j++) times[j].push(await runs[j](i));
  return times.map((list, j) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95), statements: statements[j] };
  });
}

const get = (path) => (c) => () => timedGet(c.bench.url, c.token, path(c));

/** One primary-key select of a ticket, a different one each time. */
const pkSelect = (c) => async (i) => {
  const started = performance.now();
  await c.bench.db('tickets').where({ id: c.tenant.ids[(i * 7919) % c.tenant.ids.length] }).first('id', 'status');
  return performance.now() - started;
};

/** The breach check of CHECKS active tickets per batch (their sla.check rows set due, one sweep): ms per ticket. */
const breachCheck = (c) => {
  const timedWork = c.bench.kernel.core.timedWork;
  const { companyId, active } = c.tenant;
  let batch = 0;
  return async () => {
    const chosen = Array.from({ length: CHECKS }, (_, j) => active[(batch * CHECKS + j) % active.length]);
    batch++;
    await c.bench.db('timedWork').insert(chosen.map((id) => ({ kind: 'sla.check', key: `ticket:${id}`, companyId, dueAt: new Date(0), payload: { ticketId: id } })))
      .onConflict(['kind', 'key']).merge({ dueAt: new Date(0) });
    const started = performance.now();
    const ran = await timedWork.runDue(new Date());
    const elapsed = performance.now() - started;
    if (ran < CHECKS) throw new Error(`only ${ran} of ${CHECKS} checks ran`);
    return elapsed / ran;
  };
};

const CASES = {
  pkSelect: { label: 'reference: ticket by primary key', run: pkSelect },
  httpFloor: { label: 'reference: GET /sla-targets', run: get(() => '/sla-targets') },
  sla1: { label: 'GET /dashboard/sla?days=1', run: get(() => '/dashboard/sla?days=1') },
  sla7: { label: 'GET /dashboard/sla?days=7', run: get(() => '/dashboard/sla?days=7') },
  sla30: { label: 'GET /dashboard/sla?days=30', run: get(() => '/dashboard/sla?days=30') },
  reportPage: { label: 'GET /ticket/reports (month, p.1)', run: get((c) => `/ticket/reports?${c.month}&page=1&pageSize=10`) },
  breachCheck: { label: 'breach check, per ticket', run: breachCheck, count: Math.max(3, Math.round(REQUESTS / 5)) },
};

const inRange = async (c, days) =>
  Number((await c.bench.db('ticketSla').where({ companyId: c.tenant.companyId }).where('startedAt', '>=', new Date(Date.now() - days * DAY)).count({ n: '*' }).first()).n);
// What the rollup-backed dashboard reads instead (migration 20261128150000_sla_daily): per-day rows and the clocks still running.
const rollupRows = async (c, days) =>
  Number((await c.bench.db('slaDaily').where({ companyId: c.tenant.companyId }).where('day', '>=', day(Date.now() - days * DAY)).count({ n: '*' }).first()).n);
const runningClocks = async (c) =>
  Number((await c.bench.db('slaTicketFigures').where({ companyId: c.tenant.companyId }).where('day', '>=', day(Date.now() - 30 * DAY))
    .whereRaw('(first_response_due_at IS NOT NULL OR resolution_due_at IS NOT NULL)').count({ n: '*' }).first()).n);

// Every size seeded first, each on its own kernel and database; then every case measured on all of them in turns.
const tenants = [];
try {
  for (const size of SIZES) {
    const bench = await startBenchKernel();
    tenants.push({ size, bench });
    await bench.kernel.core.timedWork.stop(); // sweeps run only when the bench says
    countStatements(bench.db);
    const tenant = await seed(bench, size);
    const c = Object.assign(tenants.at(-1), { tenant, token: tenant.adminToken, month: `dateFrom=${day(Date.now() - 30 * DAY)}&dateTo=${day(Date.now())}` });
    c.rows = { 1: await inRange(c, 1), 7: await inRange(c, 7), 30: await inRange(c, 30) };
    if (await hasRollup(bench.db)) c.rollup = { 1: await rollupRows(c, 1), 7: await rollupRows(c, 7), 30: await rollupRows(c, 30), running: await runningClocks(c) };
  }
  // Unmeasured warm-up of every route on every kernel (the first cases otherwise run on a cold process).
  for (let i = 0; i < WARMUP; i++) {
    for (const c of tenants) for (const key of ['httpFloor', 'sla1', 'sla7', 'sla30', 'reportPage']) await CASES[key].run(c)();
  }
  for (const [key, { run, count }] of Object.entries(CASES)) {
    const measured = await interleaved(tenants.map((c) => run(c)), count);
    tenants.forEach((c, j) => (c[key] = measured[j]));
  }
  for (const c of tenants) {
    console.log(`\n${c.size} tickets (seeded in ${fmt(c.tenant.seedSeconds)} s); SLA rows started in the last 1 / 7 / 30 days: ${c.rows[1]} / ${c.rows[7]} / ${c.rows[30]}`);
    if (c.rollup) console.log(`  sla_daily rows read (about 1 / 7 / 30 days): ${c.rollup[1]} / ${c.rollup[7]} / ${c.rollup[30]}; clocks still running (30 days): ${c.rollup.running}`);
    for (const [key, { label }] of Object.entries(CASES)) console.log(`  ${label.padEnd(36)} p50 ${fmt(c[key].p50, 2)} ms  p95 ${fmt(c[key].p95, 2)} ms  (${c[key].statements} SQL statements)`);
  }
  if (tenants.length === 2) {
    const [a, b] = tenants;
    console.log(`\nratios ${b.size}/${a.size} (p50; flat = at most ×1.5):`);
    for (const [key, { label }] of Object.entries(CASES)) console.log(`  ${label.padEnd(36)} ×${fmt(b[key].p50 / a[key].p50, 2)}`);
  }
} finally {
  for (const { bench } of tenants) await bench.close();
}
process.exit(0);
