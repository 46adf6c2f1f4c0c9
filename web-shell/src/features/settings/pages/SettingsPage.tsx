import { Card, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { ErrorCard, isAdmin, LoadingState, PageHeader, useSession, useTranslation } from '@guiche/web-sdk';
import { CompanySchedulesTab } from '../components/CompanySchedulesTab.js';
import { OptionsTab } from '../components/OptionsTab.js';
import '../components/settings.css';
import { useSettings } from '../hooks/useSettings.js';
import { NS } from '../i18n/register.js';
import { scheduleTypeOf, settingsTabs, settingValues } from '../lib/setting-options.js';
import CompaniesPage from '../../companies/pages/CompaniesPage.js';
import { HelpsSettingsTab } from '../../helps/components/HelpsSettingsTab.js';
import { PlansSettingsTab } from '../../plans/index.js';

/** Super users also get the platform's tabs (account-admin.md §2 Settings page). */
const SUPER_TABS = ['companies', 'plans', 'helps'];

/** /settings (account-admin.md §2 Settings page; admins): the options tab and, with scheduleType company, the company's hours. */
export default function SettingsPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  if (!isAdmin(user)) return <ErrorCard title={t('denied.title')} message={t('denied.message')} />;
  return <Settings companyId={user?.companyId ?? 0} isSuper={!!user?.super} />;
}

function Settings({ companyId, isSuper }: { companyId: number; isSuper: boolean }) {
  const { t } = useTranslation(NS);
  const settings = useSettings();
  const [tab, setTab] = useState<string>('options');
  const values = settingValues(settings.data);
  const tabs: string[] = [...settingsTabs(scheduleTypeOf(values.scheduleType)), ...(isSuper ? SUPER_TABS : [])];
  const selected = tabs.includes(tab) ? tab : 'options';

  let body;
  if (settings.isPending) body = <LoadingState label={t('loading')} />;
  else if (settings.isError) body = <ErrorCard title={t('loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  else
    body = (
      <Tabs id="settings-tabs" selectedTabId={selected} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
        <Tab id="options" title={t('tabs.options')} panel={<OptionsTab values={values} isSuper={isSuper} />} />
        {tabs.includes('schedules') && <Tab id="schedules" title={t('tabs.schedules')} panel={<CompanySchedulesTab companyId={companyId} />} data-testid="settings-tab-schedules" />}
        {isSuper && <Tab id="companies" title={t('tabs.companies')} panel={<CompaniesPage />} />}
        {isSuper && <Tab id="plans" title={t('tabs.plans')} panel={<PlansSettingsTab />} />}
        {isSuper && <Tab id="helps" title={t('tabs.helps')} panel={<HelpsSettingsTab />} />}
      </Tabs>
    );
  return (
    <div className="cx-page st-page" data-testid="settings-page">
      <PageHeader title={t('title')} />
      <Card className="cx-card" compact>
        <div className="cx-scroll">{body}</div>
      </Card>
    </div>
  );
}
