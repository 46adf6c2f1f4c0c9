// P7 SLA (issue #33): p50/p95 (and SQL statements per request) of the SLA dashboard
// (GET /api/dashboard/sla, 1, 7 and 30 days), the tickets report page with its SLA columns
// (GET /api/ticket/reports, a month, page 1), and the breach check (the `sla.check` timed work of
// one ticket: clocks, target, breach stamp; ms per ticket over batches of `P7_CHECKS`), in tenants
// of 1k and 100k tickets, then the 100k/1k ratios. Beside them, measured in the same run: a plain
// primary-key select of a ticket (the database's floor) and GET /api/sla-targets (the HTTP floor:
// auth, one tiny indexed read). Asserts nothing.
//
// The tenant is generated in SQL: tickets over the last 180 days (10% pending, 15% open, 75% closed)
// in three queues with targets (first response 15 min, resolution 60 min) and ten agents; their
// ticket_metrics rows come from the triggers, one UPDATE gives them first-queue, answer and close
// instants, and ticket_sla is filled as the checks would have left it (breaches stamped); its
// triggers fill the dashboard's rollup (sla_daily, sla_ticket_figures), whose rows read are printed
// too; then VACUUM ANALYZE (and CLUSTER of the rollup tables: see the seed).
//
// Needs the built packages: `npx tsc -b`, then `node bench/p7-sla.mjs`. P7_REQUESTS (30),
// P7_CHECKS (50), P7_SIZES (1000,100000) tune it; P7_NO_CLUSTER=1 leaves the rollup tables as the seed wrote them.
import { countStatements, createCompany, fmt, sample as sampleRuns, seedQueuedTickets, startBenchKernel, timedGet } from './lib.mjs';

const REQUESTS = Number(process.env.P7_REQUESTS ?? 30);
const CHECKS = Number(process.env.P7_CHECKS ?? 50);
const SIZES = (process.env.P7_SIZES ?? '1000,100000').split(',').map(Number);
const DAY = 86400000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Whether the schema has the SLA dashboard's rollup (migration 20261128150000_sla_daily): the bench also runs on the code before it. */
const hasRollup = async (db) => Boolean((await db.raw("SELECT to_regclass('sla_daily') AS t")).rows[0].t);

async function seed(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const started = Date.now();
  const { queues } = await seedQueuedTickets(db, companyId, tickets, { closeMinutes: '30 + c.id % 60' });
  // Answered within 0–29 minutes (a first-response target of 15 is met by half), closed 30–89 minutes in.
  await db.raw(
    `UPDATE ticket_metrics m SET first_pending_at = t.created_at, first_queued_at = t.created_at,
       first_accepted_at = CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (t.id % 30) * interval '1 minute' END,
       first_user_id = t.user_id,
       first_response_at = CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (t.id % 30) * interval '1 minute' END,
       closed_at = t.closed_at
     FROM tickets t WHERE t.id = m.ticket_id AND t.company_id = ?`,
    [companyId],
  );
  // Targets after the metrics: the seed arms no check (the trigger only arms for companies with targets).
  const targets = await db('slaTargets').insert(queues.map((queueId) => ({ companyId, queueId, firstResponseMinutes: 15, resolutionMinutes: 60 }))).returning(['id', 'queueId']);
  await db.raw(
    `INSERT INTO ticket_sla (ticket_id, company_id, target_id, queue_id, started_at, first_response_due_at, first_response_warn_at, resolution_due_at, resolution_warn_at,
                             first_response_breached_at, resolution_breached_at)
     SELECT m.ticket_id, m.company_id, x.id, m.queue_id, m.first_queued_at,
            m.first_queued_at + interval '15 minutes', m.first_queued_at + interval '675 seconds',
            m.first_queued_at + interval '60 minutes', m.first_queued_at + interval '45 minutes',
            CASE WHEN coalesce(m.first_response_at, now()) > m.first_queued_at + interval '15 minutes' THEN m.first_queued_at + interval '15 minutes' END,
            CASE WHEN coalesce(m.closed_at, now()) > m.first_queued_at + interval '60 minutes' THEN m.first_queued_at + interval '60 minutes' END
     FROM ticket_metrics m JOIN jsonb_to_recordset(?::jsonb) AS x(id int, "queueId" int) ON x."queueId" = m.queue_id
     WHERE m.company_id = ?`,
    [JSON.stringify(targets), companyId],
  );
  if (await hasRollup(db) && !process.env.P7_NO_CLUSTER) {
    // The seed writes every ticket's SLA row in one statement, so the rollup triggers rewrite ~1k
    // sla_daily rows (and 180 sla_company_seconds rows) ~100k times in one transaction: nothing can be pruned, no update stays on its
    // page (HOT), and the rows end up one per page among ~95k dead versions. A tenant built ticket by
    // ticket writes a day's rows that day, and updates them in place (fillfactor 50, HOT): rows in
    // day order, a few pages per day. CLUSTER gives the seeded tables that order.
    await db.raw('CLUSTER sla_daily USING sla_daily_key');
    await db.raw('CLUSTER sla_company_seconds USING sla_company_seconds_pkey');
  }
  // What autovacuum does for a real tenant (the bulk UPDATE of ticket_metrics above left 100k dead versions too).
  await db.raw('VACUUM ANALYZE');
  const active = (await db('tickets').where({ companyId }).whereIn('status', ['pending', 'open']).orderBy('id').select('id')).map((r) => r.id);
  const ids = (await db('tickets').where({ companyId }).select('id')).map((r) => r.id);
  return { companyId, adminToken, active, ids, seedSeconds: (Date.now() - started) / 1000 };
}

const sample = (run, count = REQUESTS) => sampleRuns(run, count);

const http = (bench, token, path) => sample(() => timedGet(bench.url, token, path));

/** One primary-key select of a ticket, a different one each time. */
const pkSelect = (bench, ids) =>
  sample(async (i) => {
    const started = performance.now();
    await bench.db('tickets').where({ id: ids[(i * 7919) % ids.length] }).first('id', 'status');
    return performance.now() - started;
  });

/** The breach check of CHECKS active tickets per batch (their sla.check rows set due, one sweep): ms per ticket. */
async function breachChecks(bench, companyId, active) {
  const timedWork = bench.kernel.core.timedWork;
  let batch = 0;
  return sample(async () => {
    const chosen = Array.from({ length: CHECKS }, (_, j) => active[(batch * CHECKS + j) % active.length]);
    batch++;
    await bench.db('timedWork').insert(chosen.map((id) => ({ kind: 'sla.check', key: `ticket:${id}`, companyId, dueAt: new Date(0), payload: { ticketId: id } })))
      .onConflict(['kind', 'key']).merge({ dueAt: new Date(0) });
    const started = performance.now();
    const ran = await timedWork.runDue(new Date());
    const elapsed = performance.now() - started;
    if (ran < CHECKS) throw new Error(`only ${ran} of ${CHECKS} checks ran`);
    return elapsed / ran;
  }, Math.max(3, Math.round(REQUESTS / 5)));
}

const CASES = ['pkSelect', 'httpFloor', 'sla1', 'sla7', 'sla30', 'reportPage', 'breachCheck'];
const LABELS = {
  pkSelect: 'reference: ticket by primary key',
  httpFloor: 'reference: GET /sla-targets',
  sla1: 'GET /dashboard/sla?days=1',
  sla7: 'GET /dashboard/sla?days=7',
  sla30: 'GET /dashboard/sla?days=30',
  reportPage: 'GET /ticket/reports (month, p.1)',
  breachCheck: 'breach check, per ticket',
};

const results = {};
for (const size of SIZES) {
  const bench = await startBenchKernel();
  await bench.kernel.core.timedWork.stop(); // sweeps run only when the bench says
  countStatements(bench.db);
  try {
    const tenant = await seed(bench, size);
    const t = tenant.adminToken;
    const month = `dateFrom=${day(Date.now() - 30 * DAY)}&dateTo=${day(Date.now())}`;
    const inRange = async (days) => Number((await bench.db('ticketSla').where({ companyId: tenant.companyId }).where('startedAt', '>=', new Date(Date.now() - days * DAY)).count({ n: '*' }).first()).n);
    // What the rollup-backed dashboard reads instead (migration 20261128150000_sla_daily): per-day rows and the clocks still running.
    const rollup = await hasRollup(bench.db);
    const rollupRows = async (table, days) =>
      rollup ? Number((await bench.db(table).where({ companyId: tenant.companyId }).where('day', '>=', day(Date.now() - days * DAY)).count({ n: '*' }).first()).n) : 0;
    const r = {
      seed: tenant.seedSeconds,
      rows: { 1: await inRange(1), 7: await inRange(7), 30: await inRange(30) },
      rollup: { 1: await rollupRows('slaDaily', 1), 7: await rollupRows('slaDaily', 7), 30: await rollupRows('slaDaily', 30) },
      unsettled: rollup
        ? Number((await bench.db('slaTicketFigures').where({ companyId: tenant.companyId }).where('day', '>=', day(Date.now() - 30 * DAY))
          .whereRaw('(first_response_due_at IS NOT NULL OR resolution_due_at IS NOT NULL)').count({ n: '*' }).first()).n)
        : 0,
      pkSelect: await pkSelect(bench, tenant.ids),
      httpFloor: await http(bench, t, '/sla-targets'),
      sla1: await http(bench, t, '/dashboard/sla?days=1'),
      sla7: await http(bench, t, '/dashboard/sla?days=7'),
      sla30: await http(bench, t, '/dashboard/sla?days=30'),
      reportPage: await http(bench, t, `/ticket/reports?${month}&page=1&pageSize=10`),
      breachCheck: await breachChecks(bench, tenant.companyId, tenant.active),
    };
    results[size] = r;
    console.log(`\n${size} tickets (seeded in ${fmt(r.seed)} s); SLA rows started in the last 1 / 7 / 30 days: ${r.rows[1]} / ${r.rows[7]} / ${r.rows[30]}`);
    if (rollup) console.log(`  sla_daily rows read (about 1 / 7 / 30 days): ${r.rollup[1]} / ${r.rollup[7]} / ${r.rollup[30]}; clocks still running (30 days): ${r.unsettled}`);
    for (const key of CASES) console.log(`  ${LABELS[key].padEnd(36)} p50 ${fmt(r[key].p50, 2)} ms  p95 ${fmt(r[key].p95, 2)} ms  (${r[key].statements} SQL statements)`);
  } finally {
    await bench.close();
  }
}

if (SIZES.length === 2) {
  const [a, b] = SIZES.map((s) => results[s]);
  console.log(`\nratios ${SIZES[1]}/${SIZES[0]} (p50; flat = at most ×1.5):`);
  for (const key of CASES) console.log(`  ${LABELS[key].padEnd(36)} ×${fmt(b[key].p50 / a[key].p50, 2)}`);
}
process.exit(0);
