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
// instants, and ticket_sla is filled as the checks would have left it (breaches stamped).
//
// Needs the built packages: `npx tsc -b`, then `node bench/p7-sla.mjs`. P7_REQUESTS (30),
// P7_CHECKS (50), P7_SIZES (1000,100000) tune it.
import { randomBytes } from 'node:crypto';
import { createCompany, fmt, percentile, startBenchKernel } from './lib.mjs';

const REQUESTS = Number(process.env.P7_REQUESTS ?? 30);
const CHECKS = Number(process.env.P7_CHECKS ?? 50);
const SIZES = (process.env.P7_SIZES ?? '1000,100000').split(',').map(Number);
const DAY = 86400000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

async function seed(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const queues = (await db('queues').insert([0, 1, 2].map((i) => ({ companyId, name: `Fila ${i}`, color: `#2${i}2${i}2${i}` }))).returning('id')).map((r) => r.id);
  const agents = (
    await db('users')
      .insert(Array.from({ length: 10 }, (_, i) => ({ companyId, name: `Agente ${i}`, email: `a${i}.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'user' })))
      .returning('id')
  ).map((r) => r.id);
  await db('userQueues').insert(agents.map((userId, i) => ({ companyId, userId, queueId: queues[i % 3] })));
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Bench', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  const started = Date.now();
  await db.raw(`INSERT INTO contacts (company_id, name, number, channel) SELECT ?, 'Contato ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`, [companyId, tickets]);
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, created_at, updated_at, closed_at)
     SELECT c.company_id, c.id, ?::int, (?::int[])[1 + c.id % 3],
            CASE WHEN c.id % 20 < 2 THEN NULL ELSE (?::int[])[1 + c.id % 10] END,
            CASE WHEN c.id % 20 < 2 THEN 'pending' WHEN c.id % 20 < 5 THEN 'open' ELSE 'closed' END,
            'webchat', 'Última mensagem ' || c.id,
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute',
            now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + interval '40 minutes',
            CASE WHEN c.id % 20 >= 5 THEN now() - ((c.id::bigint * 7919) % 259200) * interval '1 minute' + (30 + c.id % 60) * interval '1 minute' END
     FROM contacts c WHERE c.company_id = ?`,
    [connection.id, queues, agents, companyId],
  );
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
  await db.raw('ANALYZE');
  const active = (await db('tickets').where({ companyId }).whereIn('status', ['pending', 'open']).orderBy('id').select('id')).map((r) => r.id);
  const ids = (await db('tickets').where({ companyId }).select('id')).map((r) => r.id);
  return { companyId, adminToken, active, ids, seedSeconds: (Date.now() - started) / 1000 };
}

let statements = 0;

async function timed(url, token, path) {
  const started = performance.now();
  const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

async function sample(run, count = REQUESTS) {
  const before = statements;
  await run(0); // warm-up, counting the SQL statements of one run
  const perRun = statements - before;
  const times = [];
  for (let i = 1; i <= count; i++) times.push(await run(i));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), statements: perRun };
}

const http = (bench, token, path) => sample(() => timed(bench.url, token, path));

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
  bench.db.on('query', () => { statements++; });
  try {
    const tenant = await seed(bench, size);
    const t = tenant.adminToken;
    const month = `dateFrom=${day(Date.now() - 30 * DAY)}&dateTo=${day(Date.now())}`;
    const inRange = async (days) => Number((await bench.db('ticketSla').where({ companyId: tenant.companyId }).where('startedAt', '>=', new Date(Date.now() - days * DAY)).count({ n: '*' }).first()).n);
    const r = {
      seed: tenant.seedSeconds,
      rows: { 1: await inRange(1), 7: await inRange(7), 30: await inRange(30) },
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
