import { Button, FormGroup, HTMLSelect, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { PERIODS, type FilterForm } from '../lib/dashboard-filter.js';

export interface DashboardFilterProps {
  form: FilterForm;
  onChange(form: FilterForm): void;
  onApply(): void;
}

/** By period (3 to 90 days) or by dates, applied with Filtrar. */
export function DashboardFilter({ form, onChange, onApply }: DashboardFilterProps) {
  const { t } = useTranslation(NS);
  const set = (patch: Partial<FilterForm>) => onChange({ ...form, ...patch });
  return (
    <form className="db-filter" onSubmit={(e) => { e.preventDefault(); onApply(); }} data-testid="dashboard-filter">
      <FormGroup label={t('filter.mode')}>
        <SegmentedControl
          options={[{ label: t('filter.byPeriod'), value: 'period' }, { label: t('filter.byDates'), value: 'dates' }]}
          value={form.mode}
          onValueChange={(mode) => set({ mode: mode as FilterForm['mode'] })}
        />
      </FormGroup>
      {form.mode === 'period' ? (
        <FormGroup label={t('filter.period')} labelFor="dashboard-period">
          <HTMLSelect id="dashboard-period" value={form.days} onChange={(e) => set({ days: e.currentTarget.value })} data-testid="dashboard-period">
            <option value="">{t('filter.choose')}</option>
            {PERIODS.map((days) => (
              <option key={days} value={String(days)}>{t('filter.periodOption', { days })}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : (
        <>
          <FormGroup label={t('filter.from')} labelFor="dashboard-from">
            <InputGroup id="dashboard-from" type="date" value={form.from} onChange={(e) => set({ from: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t('filter.to')} labelFor="dashboard-to">
            <InputGroup id="dashboard-to" type="date" value={form.to} onChange={(e) => set({ to: e.currentTarget.value })} />
          </FormGroup>
        </>
      )}
      <Button type="submit" intent="primary" icon="filter" text={t('filter.apply')} data-testid="dashboard-apply" />
    </form>
  );
}
