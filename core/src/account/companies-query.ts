import type { Knex } from 'knex';
import { COMPANIES_PAGE_SIZE, type CompanyRow } from '@guiche/contracts';

const COLUMNS = [
  'c.id',
  'c.name',
  'c.email',
  'c.phone',
  'c.document',
  'c.planId',
  'p.name as planName',
  'p.amount as value',
  'c.status',
  'c.dueDate',
  'c.recurrence',
  'c.paymentMethod',
  'c.numberAttendants',
  'c.numberConections',
  'c.createdAt',
  'c.lastLogin',
];

/** Companies with their plan's name and value; companies being deleted are gone already. */
export function companiesWithPlan(db: Knex) {
  return db('companies as c').leftJoin('plans as p', 'p.id', 'c.planId').whereNull('c.deletingSince').select(COLUMNS);
}

/** One page of the companies list, searched by name, e-mail, phone or document. */
export async function companiesPage(db: Knex, searchParam: string | undefined, pageNumber: number): Promise<{ companies: CompanyRow[]; count: number; hasMore: boolean }> {
  const query = companiesWithPlan(db);
  if (searchParam) {
    const like = `%${searchParam.toLowerCase()}%`;
    query.where((w) => w.whereRaw('lower(c.name) like ?', [like]).orWhereRaw('lower(c.email) like ?', [like]).orWhere('c.phone', 'like', like).orWhere('c.document', 'like', like));
  }
  const [{ count }] = await query.clone().clearSelect().count({ count: '*' });
  const companies = await query.orderBy('c.id').limit(COMPANIES_PAGE_SIZE).offset((pageNumber - 1) * COMPANIES_PAGE_SIZE);
  const total = Number(count);
  return { companies, count: total, hasMore: total > pageNumber * COMPANIES_PAGE_SIZE };
}
