import type { Knex } from 'knex';
import type { Schedule } from '@guiche/contracts';
import { SCHEDULES_PAGE_SIZE } from './schemas.js';

export const SCHEDULES_TABLE = 'schedules';

/** A schedules row as knex returns it (camelCase): the schedule without its joins, plus the times it waited for its connection. */
export type ScheduleRow = Omit<Schedule<Date>, 'contact' | 'user' | 'whatsapp'> & { waits: number };

/** A schedule as the API and the live events answer it (outreach-config.md §3 Schedule), instants as Dates. */
export type ScheduleView = Schedule<Date>;

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function withJoins(db: Knex, companyId: number) {
  return db(SCHEDULES_TABLE)
    .leftJoin('contacts', 'contacts.id', 'schedules.contactId')
    .leftJoin('users', 'users.id', 'schedules.userId')
    .leftJoin('whatsapps', 'whatsapps.id', 'schedules.whatsappId')
    .where('schedules.companyId', companyId)
    .select('schedules.*', 'contacts.name as contactName', 'contacts.number as contactNumber', 'users.name as userName', 'whatsapps.name as whatsappName');
}

type JoinedRow = ScheduleRow & { contactName: string | null; contactNumber: string | null; userName: string | null; whatsappName: string | null };

function toSchedule({ contactName, contactNumber, userName, whatsappName, waits: _waits, ...row }: JoinedRow): ScheduleView {
  return {
    ...row,
    contact: contactName !== null ? { id: row.contactId, name: contactName, number: contactNumber ?? '' } : null,
    user: row.userId && userName !== null ? { id: row.userId, name: userName } : null,
    whatsapp: row.whatsappId && whatsappName !== null ? { id: row.whatsappId, name: whatsappName } : null,
  };
}

/** 20 per page, newest first (the (company_id, id) index); search in the body and the contact's name. */
export async function listSchedules(
  db: Knex,
  companyId: number,
  query: { searchParam?: string; pageNumber: number; contactId?: number },
): Promise<{ schedules: ScheduleView[]; hasMore: boolean }> {
  const q = withJoins(db, companyId);
  const search = query.searchParam?.trim();
  if (search) q.where((w) => w.whereILike('schedules.body', escapeLike(search)).orWhereILike('contacts.name', escapeLike(search)));
  if (query.contactId) q.where('schedules.contactId', query.contactId);
  const rows: JoinedRow[] = await q
    .orderBy('schedules.id', 'desc')
    .limit(SCHEDULES_PAGE_SIZE + 1)
    .offset((query.pageNumber - 1) * SCHEDULES_PAGE_SIZE);
  return { schedules: rows.slice(0, SCHEDULES_PAGE_SIZE).map(toSchedule), hasMore: rows.length > SCHEDULES_PAGE_SIZE };
}

export async function findSchedule(db: Knex, companyId: number, id: number): Promise<ScheduleView | null> {
  const row: JoinedRow | undefined = await withJoins(db, companyId).where('schedules.id', id).first();
  return row ? toSchedule(row) : null;
}
