import '../dashboard.css';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Callout, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { PageHeader, useSession, useTranslation } from '@guiche/web-sdk';
import { AttendantsTable } from '../components/AttendantsTable.js';
import { BarChartCard } from '../components/BarChartCard.js';
import { DashboardFilter } from '../components/DashboardFilter.js';
import { FeaturedAttendant } from '../components/FeaturedAttendant.js';
import { RatingPie } from '../components/RatingPie.js';
import { SummaryCards } from '../components/SummaryCards.js';
import { ClosingReasonsPanel } from '../components/ClosingReasonsPanel.js';
import { SlaDashboardPanel } from '../../sla/components/SlaDashboardPanel.js';
import { useDashboard, useOnlineUpdates } from '../hooks/useDashboard.js';
import { NS } from '../i18n/register.js';
import { DEFAULT_FILTER, rangeKey, rangeOf, type DashboardRange, type FilterForm } from '../lib/dashboard-filter.js';

type TabId = 'indicators' | 'nps' | 'attendants' | 'closingReasons' | 'sla';

/** / (inbox.md §2 Dashboard): admins and users with showDashboard; everyone else goes to /tickets. */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user || (user.profile !== 'admin' && !user.super && !user.showDashboard)) return <Navigate to="/tickets" replace />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation(NS);
  const [form, setForm] = useState<FilterForm>(DEFAULT_FILTER);
  const [range, setRange] = useState<DashboardRange | null>(rangeOf(DEFAULT_FILTER));
  const [missing, setMissing] = useState(false);
  const [tab, setTab] = useState<TabId>('indicators');
  const q = useDashboard(range);
  useOnlineUpdates();

  const apply = () => {
    const next = rangeOf(form);
    setMissing(next === null);
    if (next) setRange(next);
  };
  const failed = [q.main, q.totals, q.queues, q.users, q.nps].some((x) => x.isError);
  const loading = q.main.isPending && range !== null;
  const totals = q.totals.data;

  return (
    <div className="db-page" data-testid="dashboard-page">
      <PageHeader title={t('title')} />
      <div className="db-body">
        <DashboardFilter form={form} onChange={setForm} onApply={apply} />
        {missing && <Callout intent="warning" icon="filter" data-testid="dashboard-filter-required">{t('filter.required')}</Callout>}
        {failed && <Callout intent="danger" data-testid="dashboard-error">{t('error')}</Callout>}
        {loading && <NonIdealState icon={<Spinner />} description={t('loading')} />}
        {q.main.data && (
          <Tabs id="dashboard-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly large>
            <Tab
              id="indicators"
              title={t('tabs.indicators')}
              panel={
                <div className="db-panel">
                  <SummaryCards data={q.main.data} />
                  <div className="db-charts">
                    <BarChartCard
                      testId="chart-totals"
                      title={totals?.unit === 'hour' ? t('charts.perHour') : t('charts.perDay')}
                      data={(totals?.data ?? []).map((d) => ({
                        label: totals?.unit === 'hour' ? t('charts.hour', { hour: d.label }) : `${d.label.slice(8, 10)}/${d.label.slice(5, 7)}`,
                        total: d.total,
                      }))}
                    />
                    <BarChartCard testId="chart-queues" title={t('charts.perQueue')} data={(q.queues.data ?? []).map((d) => ({ label: d.name, total: d.total, color: d.color }))} />
                    <BarChartCard testId="chart-users" title={t('charts.perUser')} data={(q.users.data ?? []).map((d) => ({ label: d.name, total: d.total }))} />
                  </div>
                </div>
              }
            />
            <Tab id="nps" title={t('tabs.nps')} panel={<div className="db-panel">{q.nps.data && <RatingPie nps={q.nps.data} />}</div>} />
            <Tab
              id="attendants"
              title={t('tabs.attendants')}
              panel={
                <div className="db-panel">
                  <FeaturedAttendant attendants={q.main.data.attendants} />
                  <AttendantsTable attendants={q.main.data.attendants} />
                </div>
              }
            />
            <Tab id="closingReasons" title={t('tabs.closingReasons')} panel={range ? <ClosingReasonsPanel range={range} /> : <div />} />
            <Tab id="sla" title={t('tabs.sla')} panel={range ? <SlaDashboardPanel range={range} rangeKey={rangeKey(range)} /> : <div />} />
          </Tabs>
        )}
      </div>
    </div>
  );
}
