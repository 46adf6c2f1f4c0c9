import '../reports.css';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { Button, Callout, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { ReportFiltersBar } from '../components/ReportFiltersBar.js';
import { ReportPagination } from '../components/ReportPagination.js';
import { ReportTable } from '../components/ReportTable.js';
import { useReport } from '../hooks/useReport.js';
import { useReportExport } from '../hooks/useReportExport.js';
import { NS } from '../i18n/register.js';
import { DEFAULT_PAGE_SIZE, defaultFilters, reportParams, type ReportFilters } from '../lib/report-filters.js';

/** /reports (outreach-config.md Tickets report): admins and users with showDashboard. */
export default function ReportsPage() {
  const { user } = useSession();
  if (!user || (user.profile !== 'admin' && !user.super && !user.showDashboard)) return <Navigate to="/tickets" replace />;
  return <Reports />;
}

function Reports() {
  const { t } = useTranslation(NS);
  const [form, setForm] = useState<ReportFilters>(() => defaultFilters());
  const [applied, setApplied] = useState<ReportFilters>(form);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const params = useMemo(() => reportParams(applied, page, pageSize), [applied, page, pageSize]);
  const report = useReport(params);
  const exporter = useReportExport();
  const total = report.data?.totalTickets.total ?? 0;

  const exportAll = async () => {
    try {
      await exporter.run(reportParams(applied, 1, pageSize));
      toastSuccess(t('export.done'));
    } catch {
      toastError(t('export.error'));
    }
  };
  const p = exporter.progress;
  return (
    <div className="rp-page" data-testid="reports-page">
      <PageHeader title={t('title')}>
        <Button icon="export" intent="success" text={t('export.button')} loading={exporter.running} onClick={() => void exportAll()} data-testid="report-export" />
      </PageHeader>
      <div className="rp-body">
        <ReportFiltersBar value={form} onChange={setForm} onApply={() => { setApplied(form); setPage(1); }} />
        {p && (
          <div className="rp-progress" data-testid="report-export-progress">
            <ProgressBar intent="success" value={p.total ? p.done / p.total : undefined} />
            <span>{t('export.progress', { done: p.done, total: p.total })}</span>
          </div>
        )}
        {report.isError && <Callout intent="danger">{t('table.error')}</Callout>}
        {report.isPending && <NonIdealState icon={<Spinner />} description={t('table.loading')} />}
        {report.data && (report.data.tickets.length ? <div className="rp-table-wrap"><ReportTable tickets={report.data.tickets} /></div> : <NonIdealState icon="th-filtered" description={t('table.empty')} />)}
        <ReportPagination page={page} pageSize={pageSize} total={total} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
      </div>
    </div>
  );
}
