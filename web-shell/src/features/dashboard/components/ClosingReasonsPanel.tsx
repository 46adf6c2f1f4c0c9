import { HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { ClosingReasonCounts } from '@guiche/contracts';
import { TagChip, useTranslation } from '@guiche/web-sdk';
import { fetchClosingReasonCounts } from '../api/dashboard-api.js';
import { NS } from '../i18n/register.js';
import { rangeKey, type DashboardRange } from '../lib/dashboard-filter.js';
import { BarChartCard } from './BarChartCard.js';

type Row = { key: string; name: string; reasonId: number; total: number };

function CountsTable({ title, rows, reasons, column, testId }: { title: string; rows: Row[]; reasons: ClosingReasonCounts['reasons']; column: string; testId: string }) {
  const { t } = useTranslation(NS);
  const byId = new Map(reasons.map((r) => [r.id, r]));
  return (
    <HTMLTable compact striped className="db-table" aria-label={title} data-testid={testId}>
      <thead>
        <tr>
          <th>{column}</th>
          <th>{t('closingReasons.reason')}</th>
          <th>{t('closingReasons.total')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const reason = byId.get(row.reasonId);
          return (
            <tr key={`${row.key}-${row.reasonId}`}>
              <td>{row.name}</td>
              <td>{reason && <TagChip name={reason.name} color={reason.color} />}</td>
              <td>{row.total}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

/** The dashboard's closing reasons tab (issue #33): closes per reason, per day, by queue and by agent. */
export function ClosingReasonsPanel({ range }: { range: DashboardRange }) {
  const { t } = useTranslation(NS);
  const q = useQuery({ queryKey: ['dashboard', 'closingReasons', rangeKey(range)], queryFn: () => fetchClosingReasonCounts(range) });
  if (q.isPending) return <NonIdealState icon={<Spinner />} description={t('loading')} />;
  if (q.isError) return <NonIdealState icon="error" description={t('error')} />;
  const data = q.data;
  if (!data.reasons.length) return <NonIdealState icon="tick-circle" description={t('closingReasons.empty')} />;
  const perDay = new Map<string, number>();
  for (const d of data.byDay) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.total);
  return (
    <div className="db-panel" data-testid="dashboard-closing-reasons">
      <div className="db-charts">
        <BarChartCard testId="chart-reasons" title={t('closingReasons.perReason')} data={data.reasons.map((r) => ({ label: r.name, total: r.total, color: r.color }))} />
        <BarChartCard testId="chart-reasons-day" title={t('closingReasons.perDay')} data={[...perDay].map(([day, total]) => ({ label: `${day.slice(8, 10)}/${day.slice(5, 7)}`, total }))} />
      </div>
      <CountsTable
        testId="reasons-by-queue"
        title={t('closingReasons.byQueue')}
        column={t('closingReasons.queue')}
        reasons={data.reasons}
        rows={data.byQueue.map((r) => ({ key: String(r.queueId), name: r.queueName ?? t('closingReasons.noQueue'), reasonId: r.reasonId, total: r.total }))}
      />
      <CountsTable
        testId="reasons-by-user"
        title={t('closingReasons.byUser')}
        column={t('closingReasons.user')}
        reasons={data.reasons}
        rows={data.byUser.map((r) => ({ key: String(r.userId), name: r.userName ?? t('closingReasons.noUser'), reasonId: r.reasonId, total: r.total }))}
      />
    </div>
  );
}
