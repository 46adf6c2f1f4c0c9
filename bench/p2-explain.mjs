// P2 plans: EXPLAIN (ANALYZE, BUFFERS) of the ticket-list query GET /api/tickets runs for each view
// of p2-ticket-list.mjs in a 100k-ticket tenant, beside the single scan with the visibility rule
// as a filter on the indexes of before the split (how the list read then), for comparison.
import { startBenchKernel } from './lib.mjs';
import { seedTenant, VIEWS } from './ticket-tenant.mjs';

const TICKETS = Number(process.env.P2_TICKETS ?? 100000);

/** The SQL and bindings of the list query the API runs for this request (the one reading tickets in page order). */
async function listQueryOf(bench, token, query) {
  const seen = [];
  const listen = (q) => seen.push(q);
  bench.db.on('query', listen);
  try {
    const res = await fetch(`${bench.url}/api/tickets?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /api/tickets answered ${res.status}`);
  } finally {
    bench.db.off('query', listen);
  }
  const list = seen.find((q) => /cursor_at/.test(q.sql));
  if (!list) throw new Error('list query not seen');
  return list;
}

async function explain(db, sql, bindings) {
  const { rows } = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql.replace(/\$\d+/g, '?')}`, bindings);
  return rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

/** EXPLAIN with the ticket indexes as they were before migration 20261122001000 (dropped in a transaction rolled back after). */
async function explainWithOldIndexes(db, sql) {
  let plan = '';
  await db
    .transaction(async (trx) => {
      await trx.raw('DROP INDEX tickets_user_status_updated_id, tickets_unassigned_queue_status_updated_id, tickets_unassigned_status_updated_id');
      await trx.raw('CREATE INDEX tickets_company_id_user_id_status_updated_at_index ON tickets (company_id, user_id, status, updated_at)');
      await trx.raw('ANALYZE tickets');
      plan = await explain(trx, sql, []);
      throw new Error('rollback');
    })
    .catch((err) => {
      if (err.message !== 'rollback') throw err;
    });
  return plan;
}

/** The single scan: the visibility rule as one OR filter on the status index (the list before the split). */
function singleScan(viewer, status, queueFilter) {
  const visible = [`t.user_id = ${viewer.userId}`];
  if (viewer.isAdmin) visible.push('t.user_id IS NULL');
  else if (viewer.queueIds.length) visible.push(`(t.user_id IS NULL AND t.queue_id IN (${viewer.queueIds.join(', ')}))`);
  const queue = queueFilter ? ` AND t.queue_id IN (${queueFilter.join(', ')})` : '';
  return `SELECT t.* FROM tickets t WHERE t.company_id = ${viewer.companyId} AND (${visible.join(' OR ')}) AND t.status = '${status}'${queue}
          ORDER BY t.updated_at DESC, t.id DESC LIMIT 41`;
}

const bench = await startBenchKernel();
try {
  const tenant = await seedTenant(bench, TICKETS);
  const agentOf = async (token) => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const queueIds = (await bench.db('userQueues').where({ userId: payload.id }).select('queueId')).map((r) => r.queueId);
    return { userId: payload.id, companyId: payload.companyId, isAdmin: payload.profile === 'admin', queueIds };
  };
  console.log(`P2 plans (${TICKETS} tickets)`);
  for (const [label, view] of VIEWS) {
    const [token, query] = view(tenant);
    const { sql, bindings } = await listQueryOf(bench, token, query);
    console.log(`\n== ${label}: ${query}\n  -- as the API runs it now:\n${await explain(bench.db, sql, bindings)}`);
    const params = new URLSearchParams(query);
    const queueFilter = params.get('queueIds') ? JSON.parse(params.get('queueIds')) : null;
    console.log(`  -- one scan, visibility as a filter, indexes before the split:\n${await explainWithOldIndexes(bench.db, singleScan(await agentOf(token), params.get('status'), queueFilter))}`);
  }
} finally {
  await bench.close();
}
