import type { Knex } from 'knex';
import { maskContactNumber, type ReportQuery, type ReportTicket } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { scoped } from './access.js';
import { FIRST_RESPONSE_STATUS, RESOLUTION_STATUS } from '../sla/status-sql.js';
import { addDays, checkedRange, inRange, todayInZone, type DayRange } from './range.js';

/** Rows read per round trip when every row is asked for (export, pageSize 9999999). */
export const REPORT_BATCH = 2000;

/** The report's default range: the first of the month to today (São Paulo). */
export function reportRange(query: ReportQuery): DayRange {
  const today = todayInZone();
  const to = query.dateTo ?? (query.dateFrom && query.dateFrom > today ? query.dateFrom : today);
  return checkedRange(query.dateFrom ?? `${to.slice(0, 8)}01`, to);
}

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The tickets the filters select and the caller may see (tickets t joined with ticket_metrics m). */
export function reportBase(db: Knex, viewer: Viewer, query: ReportQuery, range: DayRange): Knex.QueryBuilder {
  const q = inRange(db, scoped(db('tickets as t'), viewer, 't'), 't.createdAt', range);
  if (query.contactId) q.where('t.contactId', query.contactId);
  if (query.searchParam?.trim()) {
    const like = escapeLike(query.searchParam.trim());
    q.whereIn(
      't.contactId',
      db('contacts').where({ companyId: viewer.companyId }).where((w) => w.whereILike('name', like).orWhereILike('number', like)).select('id'),
    );
  }
  if (query.whatsappId?.length) q.whereIn('t.whatsappId', query.whatsappId);
  if (query.users?.length) q.whereIn('t.userId', query.users);
  if (query.status?.length) q.whereIn('t.status', query.status);
  if (query.queueIds?.length) {
    const real = query.queueIds.filter((id) => id > 0);
    q.where((w) => {
      if (real.length) w.whereIn('t.queueId', real);
      else w.whereRaw('false');
      if (query.queueIds!.includes(0)) w.orWhereNull('t.queueId');
    });
  }
  if (query.closeReasons?.length) q.whereIn('t.closeReasonId', query.closeReasons);
  if (query.tags?.length) {
    q.whereExists(db('ticketTags as tt').select(db.raw('1')).whereRaw('tt.ticket_id = t.id').whereIn('tt.tagId', query.tags));
  }
  return q;
}

interface Row {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  contactNumber: string;
  contactIsGroup: boolean;
  userName: string | null;
  queueName: string | null;
  status: string;
  lastMessage: string;
  createdAt: Date;
  closedAt: Date | null;
  supportSeconds: number | null;
  agentSince: Date | null;
  rate: number | null;
  closeReasonId: number | null;
  closeReasonName: string | null;
  closeReasonColor: string | null;
  slaFirstResponse: 'met' | 'breached' | 'running' | null;
  slaResolution: 'met' | 'breached' | 'running' | null;
  createdKey: string;
}

/** One page of rows in (created_at desc, id desc) order; `after` continues a keyset walk. */
export function reportRows(db: Knex, base: Knex.QueryBuilder, limit: number, offset: number, after?: { createdKey: string; id: number }) {
  const q = base
    .clone()
    .leftJoin('ticketMetrics as m', 'm.ticketId', 't.id')
    .join('contacts as c', 'c.id', 't.contactId')
    .leftJoin('whatsapps as w', 'w.id', 't.whatsappId')
    .leftJoin('users as u', 'u.id', 't.userId')
    .leftJoin('queues as q', 'q.id', 't.queueId')
    .leftJoin('closingReasons as cr', 'cr.id', 't.closeReasonId')
    .leftJoin('ticketSla as s', 's.ticketId', 't.id')
    .orderBy([{ column: 't.createdAt', order: 'desc' }, { column: 't.id', order: 'desc' }])
    .limit(limit)
    .select('t.id', 't.uuid', 'w.name as whatsappName', 'c.name as contactName', 'c.number as contactNumber', 'c.isGroup as contactIsGroup',
      'u.name as userName', 'q.name as queueName', 't.status', 't.lastMessage', 't.createdAt', 't.closedAt', 'm.supportSeconds', 'm.agentSince', 'm.rate',
      't.closeReasonId', 'cr.name as closeReasonName', 'cr.color as closeReasonColor',
      db.raw(`${FIRST_RESPONSE_STATUS} AS sla_first_response`), db.raw(`${RESOLUTION_STATUS} AS sla_resolution`),
      db.raw('t.created_at::text AS created_key'));
  // The cursor keeps created_at's microseconds (a JS Date would round them off and skip rows).
  if (after) q.whereRaw('(t.created_at, t.id) < (?::timestamptz, ?)', [after.createdKey, after.id]);
  else if (offset) q.offset(offset);
  return q as Promise<Row[]>;
}

/** A row as the report shows it; the contact is its name, or its number (masked for hideNumbers) without one. */
export function toReportTicket(row: Row, hideNumbers: boolean, now = Date.now()): ReportTicket {
  const running = row.agentSince ? Math.max(0, Math.round((now - new Date(row.agentSince).getTime()) / 1000)) : 0;
  const number = hideNumbers ? maskContactNumber(row.contactNumber, row.contactIsGroup) : row.contactNumber;
  return {
    id: row.id,
    uuid: row.uuid,
    whatsappName: row.whatsappName,
    contactName: row.contactName || number,
    userName: row.userName,
    queueName: row.queueName,
    status: row.status,
    lastMessage: row.lastMessage,
    createdAt: new Date(row.createdAt).toISOString(),
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
    supportTime: (row.supportSeconds ?? 0) + running,
    NPS: row.rate ?? null,
    closeReason: row.closeReasonId ? { id: row.closeReasonId, name: row.closeReasonName ?? '', color: row.closeReasonColor ?? '' } : null,
    sla: { firstResponse: row.slaFirstResponse ?? null, resolution: row.slaResolution ?? null },
  };
}

/** Every row of the report, REPORT_BATCH at a time along the (created_at, id) keyset: never all in memory. */
export async function* allReportRows(db: Knex, base: Knex.QueryBuilder, hideNumbers: boolean): AsyncGenerator<ReportTicket[]> {
  let after: { createdKey: string; id: number } | undefined;
  for (;;) {
    const rows = await reportRows(db, base, REPORT_BATCH, 0, after);
    if (!rows.length) return;
    yield rows.map((r) => toReportTicket(r, hideNumbers));
    if (rows.length < REPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { createdKey: last.createdKey, id: last.id };
  }
}

export async function reportTotal(base: Knex.QueryBuilder): Promise<number> {
  const row = await base.clone().count({ total: '*' }).first();
  return Number(row?.total ?? 0);
}

export { addDays };
