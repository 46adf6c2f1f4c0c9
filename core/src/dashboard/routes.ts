import { PassThrough, Readable } from 'node:stream';
import {
  dashboardQuerySchema, momentsQuerySchema, REPORT_ALL_PAGE_SIZE, REPORT_FILE_NAME, ReportEvents, reportQuerySchema, Rooms,
  type DashboardAnswer, type ReportAnswer,
} from '@guiche/contracts';
import { authenticate } from '../auth/authenticate.js';
import { hidesNumbers } from '../contacts/lgpd.js';
import type { AuthUser, Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { areaViewer } from './access.js';
import { dashboardAttendants, featuredAttendant } from './attendants.js';
import { closedPerDay, totalsPerBucket, totalsPerQueue, totalsPerUser } from './charts.js';
import { dashboardCounters } from './counters.js';
import { moments } from './moments.js';
import { npsInfo } from './nps.js';
import { closingReasonCounts } from './closing-reasons.js';
import { slaDashboard } from '../sla/dashboard.js';
import { resolveRange, type DayRange } from './range.js';
import { writeReportXlsx } from './report-export.js';
import { allReportRows, reportBase, reportRange, reportRows, reportTotal, toReportTicket } from './report-query.js';
import type { Viewer } from '../messaging/ticket-access.js';
import type { DashboardQuery, ReportQuery } from '@guiche/contracts';

const TAGS = ['dashboard'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every row as one JSON document, written batch by batch (pageSize 9999999 = "all"). */
async function* jsonStream(rows: AsyncIterable<unknown[]>, total: number): AsyncGenerator<string> {
  yield '{"tickets":[';
  let first = true;
  for await (const batch of rows) {
    for (const row of batch) {
      yield (first ? '' : ',') + JSON.stringify(row);
      first = false;
    }
  }
  yield `],"totalTickets":{"total":${total}}}`;
}

/** The dashboard (inbox.md §7 Dashboard), moments and the tickets report (outreach-config.md §7 Report). */
export function registerDashboardRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;

  async function dashboardCall<T>(auth: AuthUser, query: DashboardQuery, run: (viewer: Viewer, range: DayRange) => Promise<T>): Promise<T> {
    const viewer = await areaViewer(core, auth, 'dashboard');
    return run(viewer, resolveRange(query));
  }

  async function reportCall(auth: AuthUser, query: ReportQuery) {
    const viewer = await areaViewer(core, auth, 'dashboard');
    const base = reportBase(db, viewer, query, reportRange(query));
    return { base, hide: await hidesNumbers(core, auth), total: await reportTotal(base) };
  }

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    const schema = { tags: TAGS, querystring: dashboardQuerySchema };

    scope.get('/dashboard', { schema }, async (request): Promise<DashboardAnswer> =>
      dashboardCall(request.auth, request.query, async (viewer, range) => {
        const [counters, attendants, company] = await Promise.all([
          dashboardCounters(db, viewer, range),
          dashboardAttendants(db, viewer, range),
          db('companies').where({ id: viewer.companyId }).first(db.raw("to_char(due_date, 'YYYY-MM-DD') AS due_date")),
        ]);
        return { range, counters, attendants, dueDate: company?.dueDate ?? null };
      }),
    );
    scope.get('/dashboard/total-atendimentos', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => totalsPerBucket(db, viewer, range)),
    );
    scope.get('/dashboard/queues', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => totalsPerQueue(db, viewer, range)),
    );
    scope.get('/dashboard/ticketsUsers', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => totalsPerUser(db, viewer, range)),
    );
    scope.get('/dashboard/nps-info', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => npsInfo(db, viewer, range)),
    );
    scope.get('/dashboard/atendimentos-encerrados', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => closedPerDay(db, viewer, range)),
    );
    scope.get('/dashboard/closing-reasons', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => closingReasonCounts(db, viewer, range)),
    );
    scope.get('/dashboard/sla', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, (viewer, range) => slaDashboard(db, viewer, range)),
    );
    /** The featured attendant of the range and how many of the listed attendants are online. */
    scope.get('/dashboard/user-info', { schema }, async (request) =>
      dashboardCall(request.auth, request.query, async (viewer, range) => {
        const attendants = await dashboardAttendants(db, viewer, range);
        return { featured: featuredAttendant(attendants), online: attendants.filter((a) => a.online).length, total: attendants.length };
      }),
    );

    scope.get('/dashboard/moments', { schema: { tags: TAGS, querystring: momentsQuerySchema } }, async (request) =>
      moments(db, await areaViewer(core, request.auth, 'moments'), request.query),
    );

    scope.get('/ticket/reports', { schema: { tags: TAGS, querystring: reportQuerySchema } }, async (request, reply) => {
      const { query } = request;
      const { base, hide, total } = await reportCall(request.auth, query);
      if (query.pageSize === REPORT_ALL_PAGE_SIZE) {
        reply.type('application/json; charset=utf-8');
        return reply.send(Readable.from(jsonStream(allReportRows(db, base, hide), total)));
      }
      const rows = await reportRows(db, base, query.pageSize, (query.page - 1) * query.pageSize);
      const answer: ReportAnswer = { tickets: rows.map((r) => toReportTicket(r, hide)), totalTickets: { total } };
      return answer;
    });

    /**
     * The report as relatorio-de-atendimentos.xlsx, streamed. X-Total-Rows announces the row count;
     * with exportId, company-{id}-reportExport { exportId, done, total } reaches the caller's
     * sockets after each batch (the web's progress bar).
     */
    scope.get('/ticket/reports/export', { schema: { tags: TAGS, querystring: reportQuerySchema } }, async (request, reply) => {
      const { auth, query } = request;
      const { base, hide, total } = await reportCall(auth, query);
      const event = ReportEvents.exportProgress(auth.companyId);
      const progress = (done: number) => {
        if (query.exportId) core.io.to(Rooms.user(auth.id)).emit(event, { exportId: query.exportId, done, total });
      };
      progress(0);
      const out = new PassThrough();
      writeReportXlsx(out, allReportRows(db, base, hide), progress, query.lang ?? 'pt').catch((err) => {
        request.log.warn({ err }, 'report export failed');
        out.destroy(err as Error);
      });
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${REPORT_FILE_NAME}"`)
        .header('x-total-rows', String(total))
        .header('access-control-expose-headers', 'x-total-rows, content-disposition');
      return reply.send(out);
    });
  });
}
