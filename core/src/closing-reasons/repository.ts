import type { Knex } from 'knex';
import type { ClosingReason } from '@guiche/contracts';

const COLUMNS = ['closingReasons.id', 'closingReasons.name', 'closingReasons.color', 'closingReasons.active', 'closingReasons.createdAt', 'closingReasons.updatedAt'];
export const CLOSING_REASON_NAME_INDEX = 'closing_reasons_company_name_unique';

type ReasonRow = Omit<ClosingReason, 'ticketsCount'>;

/** ticketsCount per reason, from the partial (close_reason_id) index. */
async function withCounts(db: Knex, companyId: number, rows: ReasonRow[]): Promise<ClosingReason[]> {
  if (!rows.length) return [];
  const counts: { closeReasonId: number; count: string | number }[] = await db('tickets')
    .where({ companyId })
    .whereIn('closeReasonId', rows.map((r) => r.id))
    .groupBy('closeReasonId')
    .select('closeReasonId')
    .count({ count: '*' });
  const byId = new Map(counts.map((c) => [c.closeReasonId, Number(c.count)]));
  return rows.map((r) => ({ ...r, ticketsCount: byId.get(r.id) ?? 0 }));
}

/** The company's reasons by name; `onlyActive` for the pickers of the resolve and close-all dialogs. */
export async function listClosingReasons(db: Knex, companyId: number, onlyActive: boolean): Promise<ClosingReason[]> {
  const q = db('closingReasons').where({ companyId });
  if (onlyActive) q.where({ active: true });
  const rows: ReasonRow[] = await q.orderBy([{ column: 'name' }, { column: 'id' }]).select(COLUMNS);
  return withCounts(db, companyId, rows);
}

export async function findClosingReason(db: Knex, companyId: number, id: number): Promise<ClosingReason | null> {
  const row: ReasonRow | undefined = await db('closingReasons').where({ id, companyId }).first(...COLUMNS);
  return row ? (await withCounts(db, companyId, [row]))[0]! : null;
}

export async function closingReasonNameTaken(db: Knex, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const q = db('closingReasons').where({ companyId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

export async function closingReasonInUse(db: Knex, companyId: number, id: number): Promise<boolean> {
  return Boolean(await db('tickets').where({ companyId, closeReasonId: id }).first('id'));
}
