import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ErrorCard, i18n, LoadingState, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { useCompanySchedules, useCompanySchedulesMutation } from '../hooks/useSettings.js';
import { NS } from '../i18n/register.js';
import { normalizeWeek, weekIssues, weekPayload, type DaySchedule } from '../lib/weekly-hours.js';
import { WeeklyHoursEditor } from './WeeklyHoursEditor.js';

/** The company's weekly hours (scheduleType company; account-admin.md §2 Settings page, §8 saved toast). */
export function CompanySchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation(NS);
  const stored = useCompanySchedules(companyId, true);
  if (stored.isPending) return <LoadingState label={t('hours.loading')} />;
  if (stored.isError) return <ErrorCard title={t('hours.loadError')} message={t('hours.loadErrorHint')} onRetry={() => void stored.refetch()} />;
  return <CompanyHoursForm companyId={companyId} initial={normalizeWeek(stored.data)} />;
}

function CompanyHoursForm({ companyId, initial }: { companyId: number; initial: DaySchedule[] }) {
  const { t } = useTranslation(NS);
  const [days, setDays] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useCompanySchedulesMutation(companyId);
  const issues = weekIssues(days);
  const errorAt = (day: number, field: string) => {
    if (!tried) return undefined;
    const issue = issues.find((i) => i.path[0] === day && i.path[1] === field);
    return issue ? i18n.t(issue.message) : undefined;
  };
  const submit = async () => {
    setTried(true);
    if (issues.length) return;
    try {
      await save.mutateAsync(weekPayload(days));
      toastSuccess(t('hours.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <form
      data-testid="company-hours"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Callout compact intent={Intent.PRIMARY} icon="time">
        {t('hours.companyHint')}
      </Callout>
      <WeeklyHoursEditor days={days} onChange={setDays} errorAt={errorAt} idPrefix="company-hours" />
      <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('hours.save')} loading={save.isPending} data-testid="company-hours-save" />
    </form>
  );
}
