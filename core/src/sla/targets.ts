import type { Knex } from 'knex';
import type { SlaTarget } from '@guiche/contracts';

export const SLA_TARGET_SCOPE_INDEX = 'sla_targets_scope_unique';

interface TargetRow {
  id: number;
  queueId: number;
  whatsappId: number | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  createdAt: string;
  updatedAt: string;
  queueName: string;
  queueColor: string;
  whatsappName: string | null;
}

function toTarget(row: TargetRow): SlaTarget {
  return {
    id: row.id,
    queueId: row.queueId,
    queue: { id: row.queueId, name: row.queueName, color: row.queueColor },
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId !== null ? { id: row.whatsappId, name: row.whatsappName ?? '' } : null,
    firstResponseMinutes: row.firstResponseMinutes,
    resolutionMinutes: row.resolutionMinutes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function targets(db: Knex, companyId: number) {
  return db('slaTargets as s')
    .join('queues as q', (j) => j.on('q.id', 's.queueId').andOn('q.companyId', 's.companyId'))
    .leftJoin('whatsapps as w', (j) => j.on('w.id', 's.whatsappId').andOn('w.companyId', 's.companyId'))
    .where('s.companyId', companyId)
    .select(
      's.id', 's.queueId', 's.whatsappId', 's.firstResponseMinutes', 's.resolutionMinutes', 's.createdAt', 's.updatedAt',
      'q.name as queueName', 'q.color as queueColor', 'w.name as whatsappName',
    );
}

/** The company's targets, by queue name then connection (queue-wide first). */
export async function listSlaTargets(db: Knex, companyId: number): Promise<SlaTarget[]> {
  const rows: TargetRow[] = await targets(db, companyId).orderBy([{ column: 'q.name' }, { column: 's.whatsappId', order: 'asc', nulls: 'first' }, { column: 's.id' }]);
  return rows.map(toTarget);
}

export async function findSlaTarget(db: Knex, companyId: number, id: number): Promise<SlaTarget | null> {
  const row: TargetRow | undefined = await targets(db, companyId).where('s.id', id).first();
  return row ? toTarget(row) : null;
}

export async function slaScopeTaken(db: Knex, companyId: number, queueId: number, whatsappId: number | null, exceptId?: number): Promise<boolean> {
  const q = db('slaTargets').where({ companyId, queueId }).whereRaw('coalesce(whatsapp_id, 0) = ?', [whatsappId ?? 0]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

export interface ApplicableTarget {
  id: number;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

/** The target of a ticket in `queueId` on `whatsappId`: the connection's own target of the queue, else the queue-wide one. */
export async function applicableTarget(db: Knex, companyId: number, queueId: number | null, whatsappId: number | null): Promise<ApplicableTarget | null> {
  if (queueId === null) return null;
  const rows: ApplicableTarget[] = await db('slaTargets')
    .where({ companyId, queueId })
    .where((w) => {
      w.whereNull('whatsappId');
      if (whatsappId !== null) w.orWhere('whatsappId', whatsappId);
    })
    .orderByRaw('whatsapp_id IS NULL')
    .select('id', 'firstResponseMinutes', 'resolutionMinutes');
  return rows[0] ?? null;
}

/**
 * After a target of `queueId` changed: every active ticket of that queue gets its `sla.check` due
 * now, in the caller's transaction, so the rows show the new clocks.
 */
export async function recheckQueue(db: Knex, companyId: number, queueId: number): Promise<void> {
  await db.raw(
    `INSERT INTO timed_work (kind, key, company_id, due_at, payload)
     SELECT 'sla.check', 'ticket:' || m.ticket_id, m.company_id, now(), jsonb_build_object('ticketId', m.ticket_id)
     FROM ticket_metrics m WHERE m.company_id = ? AND m.queue_id = ? AND m.status IN ('pending', 'open')
     ON CONFLICT (kind, key) DO UPDATE SET due_at = now(), attempts = 0, last_error = NULL, failed_at = NULL, updated_at = now()`,
    [companyId, queueId],
  );
}
