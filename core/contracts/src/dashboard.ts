import { z } from 'zod';
import { date, id, int, PG_INT_MAX, text } from './primitives.js';
import { TicketStatuses } from './tickets-constants.js';

/**
 * Dashboard (inbox.md §2 Dashboard, §3 counters, §7 Dashboard), real-time moments (/moments) and
 * the tickets report (outreach-config.md Tickets report, §7 Report, §9). Days are calendar days
 * in America/Sao_Paulo.
 */
export const DASHBOARD_TIMEZONE = 'America/Sao_Paulo';
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
export const MOMENTS_WINDOW_DAYS = 30;
/** Tickets listed per card of /moments (the count is always the full one). */
export const MOMENTS_CARD_LIMIT = 50;
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** The spec's export page size: "every row" (streamed, never one giant query). */
export const REPORT_ALL_PAGE_SIZE = 9999999;
export const REPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';
export const REPORT_SHEET_NAME = 'RelatorioDeAtendimentos';
/** The longest range a dashboard or report query accepts (days). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

/**
 * The rating pie and nps-info on the 1–5 ticket scale, read as NPS: the rate is mapped linearly
 * onto 0–10 ((rate − 1) × 2.5), then NPS's own bands apply: promoters 9–10 → 5 only (Ótimo, boa);
 * passives 7–8 → 4 (Bom, media); detractors 0–6 → 1, 2, 3 (Ruim, ruim). NPS = %boa − %ruim.
 */
export const NPS_BANDS = { good: [5], neutral: [4], bad: [1, 2, 3] } as const;
export function npsBand(rate: number): 'good' | 'neutral' | 'bad' {
  return rate >= 5 ? 'good' : rate === 4 ? 'neutral' : 'bad';
}

/** Validation keys of these calls (the web translates them). */
export const DashboardV = {
  filterRequired: 'validation.dashboardFilterRequired',
  range: 'validation.dashboardRange',
  date: 'validation.dashboardDate',
  list: 'validation.dashboardList',
} as const;

const day = date(DashboardV.date);

function jsonList<T extends z.ZodType>(item: T) {
  return z
    .union([text(4000), z.array(text(20)).max(500)])
    .transform((value, ctx) => {
      try {
        const raw: unknown = Array.isArray(value) ? value : value.trim().startsWith('[') ? JSON.parse(value) : value.split(',').filter(Boolean);
        return z.array(item).max(500).parse(raw) as z.infer<T>[];
      } catch {
        ctx.addIssue({ code: 'custom', message: DashboardV.list });
        return z.NEVER;
      }
    });
}
const idList = jsonList(id);
/** 0 (or null) stands for 'Sem fila'. */
const queueList = jsonList(z.union([z.null(), int(0, PG_INT_MAX)]).transform((v) => v ?? 0));
const statusList = jsonList(z.enum(TicketStatuses));
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The range of every dashboard call: `days` (last N days, today included), or date_from/date_to
 * (initialDate/finalDate are the same for /dashboard/ticketsUsers). Neither → 400 with
 * validation.dashboardFilterRequired ('Parametrize o filtro').
 */
export const dashboardQuerySchema = z.object({
  days: int(1, DASHBOARD_MAX_RANGE_DAYS).optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  initialDate: day.optional(),
  finalDate: day.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** GET /dashboard/moments. Default window: the last 30 days. */
export const momentsQuerySchema = z.object({
  status: z.enum(['open', 'pending']).optional(),
  showAll: booleanQuery.optional(),
  queueIds: queueList.optional(),
  dateStart: day.optional(),
  dateEnd: day.optional(),
  userId: id.optional(),
});
export type MomentsQuery = z.infer<typeof momentsQuerySchema>;

/** GET /ticket/reports (outreach-config.md §7 Report). pageSize 9999999 = every row, streamed. */
export const reportQuerySchema = z.object({
  searchParam: text(200).optional(),
  contactId: id.optional(),
  whatsappId: idList.optional(),
  tags: idList.optional(),
  users: idList.optional(),
  queueIds: queueList.optional(),
  status: statusList.optional(),
  /** Closing reason ids (issue #33). */
  closeReasons: idList.optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  page: int(1, 10000000).default(1),
  pageSize: int(1, REPORT_ALL_PAGE_SIZE, DashboardV.list)
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n) || n === REPORT_ALL_PAGE_SIZE, DashboardV.list)
    .default(REPORT_DEFAULT_PAGE_SIZE),
  /** Export only: the id the socket progress events (company-{id}-reportExport) carry. */
  exportId: text(64).regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  /** Export only: the language of the file's headers, statuses and dates (the user's; pt by default). */
  lang: z.enum(['pt', 'en', 'es', 'tr']).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export interface DashboardCounters {
  supportPending: number;
  supportHappening: number;
  supportFinished: number;
  supportClosedWithoutAgent: number;
  leads: number;
  /** Minutes. */
  avgSupportTime: number;
  /** Minutes. */
  avgWaitTime: number;
}

export interface DashboardAttendant {
  id: number;
  name: string;
  /** Average rate 1–5 (0 without ratings). */
  rating: number;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
}

export interface DashboardAnswer {
  range: { from: string; to: string };
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
  dueDate: string | null;
}

export interface NpsInfo {
  total_notas: number;
  boa: number;
  media: number;
  ruim: number;
  /** % promoters − % detractors (−100 to 100; 0 without ratings). */
  nps: number;
}

export interface MomentTicket {
  id: number;
  uuid: string;
  status: string;
  contact: { id: number; name: string };
  queue: { id: number; name: string; color: string };
  user: { id: number; name: string } | null;
  lastMessage: string;
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
}

export interface MomentsAnswer {
  range: { from: string; to: string };
  queues: { id: number; name: string; color: string }[];
  agents: { user: { id: number; name: string; online: boolean }; count: number; tickets: MomentTicket[] }[];
  pending: { count: number; tickets: MomentTicket[] };
}

export interface ReportTicket {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  status: string;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  /** Seconds an agent held the ticket (running for an active one). */
  supportTime: number;
  NPS: number | null;
  /** The closing reason of the ticket's last close (issue #33). */
  closeReason: { id: number; name: string; color: string } | null;
  /** SLA verdicts of the ticket (issue #33): null without a target of that kind (or closed unanswered). */
  sla: { firstResponse: 'met' | 'breached' | 'running' | null; resolution: 'met' | 'breached' | 'running' | null };
}

export interface ReportAnswer {
  tickets: ReportTicket[];
  totalTickets: { total: number };
}

/** Socket event of the report export's progress, to the exporting user's room. */
export const ReportEvents = {
  exportProgress: (companyId: number) => `company-${companyId}-reportExport`,
  userOnline: (companyId: number) => `company-${companyId}-userOnline`,
} as const;
