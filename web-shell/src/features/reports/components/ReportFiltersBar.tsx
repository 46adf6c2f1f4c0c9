import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { TicketStatuses, type TicketStatus } from '@guiche/contracts';
import { RecordMultiSelect, useTranslation } from '@guiche/web-sdk';
import { useReportOptions } from '../hooks/useReport.js';
import { NS } from '../i18n/register.js';
import type { ReportFilters } from '../lib/report-filters.js';
import { ContactSearch } from './ContactSearch.js';
import { useClosingReasons } from '../../closing-reasons/hooks/useClosingReasons.js';

export interface ReportFiltersBarProps {
  value: ReportFilters;
  onChange(value: ReportFilters): void;
  onApply(): void;
}

/** Contact, connections, status, users, tags, queues, start and end date; applied with Filtrar. */
export function ReportFiltersBar({ value, onChange, onApply }: ReportFiltersBarProps) {
  const { t } = useTranslation(NS);
  const o = useReportOptions();
  const reasons = useClosingReasons();
  const set = (patch: Partial<ReportFilters>) => onChange({ ...value, ...patch });
  const statuses = TicketStatuses.map((s) => ({ id: s, name: t(`status.${s}`) }));
  const queues = [...(o.queues.data ?? []), { id: 0, name: t('noQueue'), color: '#7C7C7C' }];
  const multi = (id: string, label: string, items: { id: number | string; name: string; color?: string | null }[], selected: (number | string)[], onPick: (ids: never[]) => void, loading?: boolean) => (
    <FormGroup label={label} labelFor={id} className="rp-filter">
      <RecordMultiSelect inputId={id} ariaLabel={label} placeholder={label} items={items} selectedIds={selected} noResults={t('filters.none')} loading={loading} onChange={(ids) => onPick(ids as never[])} testId={id} />
    </FormGroup>
  );
  return (
    <form className="rp-filters" onSubmit={(e) => { e.preventDefault(); onApply(); }} data-testid="report-filters">
      <FormGroup label={t('filters.contact')} labelFor="report-contact" className="rp-filter">
        <ContactSearch value={value.contact} onChange={(contact) => set({ contact })} />
      </FormGroup>
      {multi('report-connections', t('filters.connections'), o.connections.data ?? [], value.whatsappIds, (ids: number[]) => set({ whatsappIds: ids }), o.connections.isPending)}
      {multi('report-status', t('filters.status'), statuses, value.statuses, (ids: TicketStatus[]) => set({ statuses: ids }))}
      {multi('report-users', t('filters.users'), o.users.data ?? [], value.users, (ids: number[]) => set({ users: ids }), o.users.isPending)}
      {multi('report-tags', t('filters.tags'), o.tags.data ?? [], value.tags, (ids: number[]) => set({ tags: ids }), o.tags.isPending)}
      {multi('report-queues', t('filters.queues'), queues, value.queueIds, (ids: number[]) => set({ queueIds: ids }), o.queues.isPending)}
      {multi('report-close-reasons', t('filters.closeReasons'), reasons.data ?? [], value.closeReasons, (ids: number[]) => set({ closeReasons: ids }), reasons.isPending)}
      <FormGroup label={t('filters.from')} labelFor="report-from" className="rp-filter">
        <InputGroup id="report-from" type="date" value={value.dateFrom} onChange={(e) => set({ dateFrom: e.currentTarget.value })} />
      </FormGroup>
      <FormGroup label={t('filters.to')} labelFor="report-to" className="rp-filter">
        <InputGroup id="report-to" type="date" value={value.dateTo} onChange={(e) => set({ dateTo: e.currentTarget.value })} />
      </FormGroup>
      <Button type="submit" intent="primary" icon="filter" text={t('filters.apply')} data-testid="report-apply" />
    </form>
  );
}
