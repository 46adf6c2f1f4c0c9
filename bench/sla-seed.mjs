// The SLA tenant of the SLA benches (issue #33), generated in SQL — the same tenant as P7's seed
// (bench/p7-sla.mjs): tickets over the last 180 days (10% pending, 15% open, 75% closed) in three
// queues with targets (first response 15 min, resolution 60 min) and ten agents; their
// ticket_metrics rows come from the triggers, one UPDATE gives them first-queue, answer and close
// instants, and ticket_sla is filled as the checks would have left it (breaches stamped and, when the
// schema has them, the measured seconds: calendar, as no hours apply); its triggers fill the
// dashboard's rollup. Then CLUSTER of the rollup tables (see P7) and VACUUM ANALYZE.
import { createCompany, seedQueuedTickets } from './lib.mjs';

const hasTable = async (db, name) => Boolean((await db.raw('SELECT to_regclass(?) AS t', [name])).rows[0].t);
const hasColumn = async (db, table, column) =>
  Boolean((await db.raw('SELECT 1 FROM information_schema.columns WHERE table_name = ? AND column_name = ?', [table, column])).rows.length);

/** A company of `tickets` tickets; with `sla: false` the same tickets and metrics without targets (the reference tenant). */
export async function seedSlaTenant(bench, tickets, { sla = true, cluster = true } = {}) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const started = Date.now();
  const { queues, agents } = await seedQueuedTickets(db, companyId, tickets, { closeMinutes: '30 + c.id % 60' });
  await db.raw(
    `UPDATE ticket_metrics m SET first_pending_at = t.created_at, first_queued_at = t.created_at,
       first_accepted_at = CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (t.id % 30) * interval '1 minute' END,
       first_user_id = t.user_id,
       first_response_at = CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (t.id % 30) * interval '1 minute' END,
       closed_at = t.closed_at
     FROM tickets t WHERE t.id = m.ticket_id AND t.company_id = ?`,
    [companyId],
  );
  if (sla) {
    const targets = await db('slaTargets').insert(queues.map((queueId) => ({ companyId, queueId, firstResponseMinutes: 15, resolutionMinutes: 60 }))).returning(['id', 'queueId']);
    const measured = await hasColumn(db, 'ticket_sla', 'first_response_seconds');
    await db.raw(
      `INSERT INTO ticket_sla (ticket_id, company_id, target_id, queue_id, started_at, first_response_due_at, first_response_warn_at, resolution_due_at, resolution_warn_at,
                               first_response_breached_at, resolution_breached_at
                               ${measured ? ', first_response_seconds, first_response_measured_to, resolution_seconds, resolution_measured_to' : ''})
       SELECT m.ticket_id, m.company_id, x.id, m.queue_id, m.first_queued_at,
              m.first_queued_at + interval '15 minutes', m.first_queued_at + interval '675 seconds',
              m.first_queued_at + interval '60 minutes', m.first_queued_at + interval '45 minutes',
              CASE WHEN coalesce(m.first_response_at, now()) > m.first_queued_at + interval '15 minutes' THEN m.first_queued_at + interval '15 minutes' END,
              CASE WHEN coalesce(m.closed_at, now()) > m.first_queued_at + interval '60 minutes' THEN m.first_queued_at + interval '60 minutes' END
              ${measured ? `, extract(epoch FROM m.first_response_at - m.first_queued_at), m.first_response_at, extract(epoch FROM m.closed_at - m.first_queued_at), m.closed_at` : ''}
       FROM ticket_metrics m JOIN jsonb_to_recordset(?::jsonb) AS x(id int, "queueId" int) ON x."queueId" = m.queue_id
       WHERE m.company_id = ?`,
      [JSON.stringify(targets), companyId],
    );
    if (cluster && (await hasTable(db, 'sla_daily'))) {
      await db.raw('CLUSTER sla_daily USING sla_daily_key');
      await db.raw('CLUSTER sla_company_seconds USING sla_company_seconds_pkey');
    }
  }
  await db.raw('VACUUM ANALYZE');
  const ids = (await db('tickets').where({ companyId }).select('id')).map((r) => r.id);
  const active = (await db('tickets').where({ companyId }).whereIn('status', ['pending', 'open']).orderBy('id').select('id')).map((r) => r.id);
  // Agent 2 of the third queue (agents i sit in queue i % 3; agent 2 is assigned open tickets there, agent 0 none).
  const [agent] = await db('users').where({ id: agents[2] }).select('id', 'companyId', 'profile', 'super');
  return { companyId, adminToken, agentToken: kernel.core.signAccessToken(agent), agentQueue: queues[2], ids, active, seedSeconds: (Date.now() - started) / 1000 };
}
