import { Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { SlaCounts, SlaDashboard, SlaRowCounts } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { fetchSlaDashboard, slaKeys } from '../api/sla-api.js';
import { NS } from '../i18n/register.js';
import { durationText } from '../lib/clock.js';

/** The dashboard's range, as its filter builds it. */
export type SlaRange = { days: number } | { from: string; to: string };

const paramsOf = (range: SlaRange): Record<string, string | number> => ('days' in range ? { days: range.days } : { date_from: range.from, date_to: range.to });
const seconds = (value: number | null) => (value === null ? '—' : durationText(value * 1000));

function KindCard({ title, counts, percentiles, testId }: { title: string; counts: SlaCounts; percentiles: SlaDashboard['percentiles']['firstResponse']; testId: string }) {
  const { t } = useTranslation(NS);
  const decided = counts.met + counts.breached;
  const share = decided ? Math.round((counts.met / decided) * 100) : null;
  return (
    <Card className="db-chart" data-testid={testId}>
      <H5>
        {title}
        {share !== null && ` · ${share}%`}
      </H5>
      <HTMLTable compact className="db-table">
        <tbody>
          <tr>
            <th>{t('dashboard.met')}</th>
            <td data-testid={`${testId}-met`}>{counts.met}</td>
          </tr>
          <tr>
            <th>{t('dashboard.breached')}</th>
            <td data-testid={`${testId}-breached`}>{counts.breached}</td>
          </tr>
          <tr>
            <th>{t('dashboard.running')}</th>
            <td data-testid={`${testId}-running`}>{counts.running}</td>
          </tr>
          <tr>
            <th colSpan={2}>{t('dashboard.percentiles')}</th>
          </tr>
          <tr>
            <th>{t('dashboard.p50')}</th>
            <td>{seconds(percentiles.p50)}</td>
          </tr>
          <tr>
            <th>{t('dashboard.p90')}</th>
            <td>{seconds(percentiles.p90)}</td>
          </tr>
          <tr>
            <th>{t('dashboard.p95')}</th>
            <td>{seconds(percentiles.p95)}</td>
          </tr>
        </tbody>
      </HTMLTable>
    </Card>
  );
}

function CountsTable({ title, column, rows, testId }: { title: string; column: string; rows: ({ key: string; name: string } & SlaRowCounts)[]; testId: string }) {
  const { t } = useTranslation(NS);
  return (
    <HTMLTable compact striped className="db-table" aria-label={title} data-testid={testId}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th>{column}</th>
          <th>{t('dashboard.frMet')}</th>
          <th>{t('dashboard.frBreached')}</th>
          <th>{t('dashboard.resMet')}</th>
          <th>{t('dashboard.resBreached')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.name}</td>
            <td>{row.firstResponseMet}</td>
            <td>{row.firstResponseBreached}</td>
            <td>{row.resolutionMet}</td>
            <td>{row.resolutionBreached}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The dashboard's SLA tab (issue #33): met / breached by period, queue and agent, and the percentiles. */
export function SlaDashboardPanel({ range, rangeKey }: { range: SlaRange; rangeKey: string }) {
  const { t } = useTranslation(NS);
  const q = useQuery({ queryKey: slaKeys.dashboard(rangeKey), queryFn: () => fetchSlaDashboard(paramsOf(range)) });
  if (q.isPending) return <NonIdealState icon={<Spinner />} description={t('dashboard.loading')} />;
  if (q.isError) return <NonIdealState icon="error" description={t('dashboard.error')} />;
  const data = q.data;
  const sum = (c: SlaCounts) => c.met + c.breached + c.running;
  if (!sum(data.firstResponse) && !sum(data.resolution)) return <NonIdealState icon="stopwatch" description={t('dashboard.empty')} />;
  return (
    <div className="db-panel" data-testid="dashboard-sla">
      <div className="db-charts">
        <KindCard testId="sla-first-response" title={t('dashboard.firstResponse')} counts={data.firstResponse} percentiles={data.percentiles.firstResponse} />
        <KindCard testId="sla-resolution" title={t('dashboard.resolution')} counts={data.resolution} percentiles={data.percentiles.resolution} />
      </div>
      <CountsTable testId="sla-by-day" title={t('dashboard.perDay')} column={t('dashboard.day')} rows={data.byDay.map((r) => ({ ...r, key: r.day, name: `${r.day.slice(8, 10)}/${r.day.slice(5, 7)}` }))} />
      <CountsTable testId="sla-by-queue" title={t('dashboard.byQueue')} column={t('dashboard.queue')} rows={data.byQueue.map((r) => ({ ...r, key: String(r.queueId), name: r.queueName ?? t('dashboard.noQueue') }))} />
      <CountsTable testId="sla-by-user" title={t('dashboard.byUser')} column={t('dashboard.user')} rows={data.byUser.map((r) => ({ ...r, key: String(r.userId), name: r.userName ?? t('dashboard.noUser') }))} />
    </div>
  );
}
