import { DASHBOARD_TIMEZONE, REPORT_DEFAULT_PAGE_SIZE, type TicketStatus } from '@guiche/contracts';

export interface ReportFilters {
  contact: { id: number; name: string } | null;
  whatsappIds: number[];
  statuses: TicketStatus[];
  users: number[];
  tags: number[];
  queueIds: number[];
  /** Closing reasons (issue #33). */
  closeReasons: number[];
  dateFrom: string;
  dateTo: string;
}

const day = new Intl.DateTimeFormat('en-CA', { timeZone: DASHBOARD_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in São Paulo (YYYY-MM-DD). */
export function todaySp(now = new Date()): string {
  return day.format(now);
}

/** The default range: the first of the month to today (outreach-config.md §9). */
export function defaultFilters(now = new Date()): ReportFilters {
  const today = todaySp(now);
  return { contact: null, whatsappIds: [], statuses: [], users: [], tags: [], queueIds: [], closeReasons: [], dateFrom: `${today.slice(0, 8)}01`, dateTo: today };
}

/** The query string of GET /ticket/reports (lists as JSON arrays, outreach-config.md §7 Report). */
export function reportParams(f: ReportFilters, page: number, pageSize: number): Record<string, string | number> {
  const out: Record<string, string | number> = { page, pageSize };
  if (f.contact) out.contactId = f.contact.id;
  if (f.whatsappIds.length) out.whatsappId = JSON.stringify(f.whatsappIds);
  if (f.statuses.length) out.status = JSON.stringify(f.statuses);
  if (f.users.length) out.users = JSON.stringify(f.users);
  if (f.tags.length) out.tags = JSON.stringify(f.tags);
  if (f.queueIds.length) out.queueIds = JSON.stringify(f.queueIds);
  if (f.closeReasons.length) out.closeReasons = JSON.stringify(f.closeReasons);
  if (f.dateFrom) out.dateFrom = f.dateFrom;
  if (f.dateTo) out.dateTo = f.dateTo;
  return out;
}

export const DEFAULT_PAGE_SIZE = REPORT_DEFAULT_PAGE_SIZE;

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DASHBOARD_TIMEZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

/** DD/MM/YYYY HH:mm in the report's timezone (America/Sao_Paulo). */
export function formatSp(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)).replace(',', '') : '';
}

/** Seconds as HH:MM:SS. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
