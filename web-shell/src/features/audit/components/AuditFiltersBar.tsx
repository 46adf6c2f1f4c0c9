import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { useAuditFacets } from '../hooks/useAudit.js';
import { NS } from '../i18n/register.js';
import type { AuditFilters } from '../lib/audit-filters.js';

export interface AuditFiltersBarProps {
  value: AuditFilters;
  onChange(value: AuditFilters): void;
  onApply(): void;
}

/** User, entity, action and period; applied with Filtrar (Enter in any field). */
export function AuditFiltersBar({ value, onChange, onApply }: AuditFiltersBarProps) {
  const { t } = useTranslation(NS);
  const facets = useAuditFacets();
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  const any = { value: '', label: t('filters.any') };
  const users = [any, ...(facets.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name ?? `#${u.id}` }))];
  const entities = [any, ...(facets.data?.entities ?? []).map((e) => ({ value: e, label: t(`entity.${e}`, { defaultValue: e }) }))];
  const actions = [any, ...(facets.data?.actions ?? []).map((a) => ({ value: a, label: t(`action.${a}`, { defaultValue: a }) }))];
  return (
    <form className="au-filters" onSubmit={(e) => { e.preventDefault(); onApply(); }} data-testid="audit-filters">
      <FormGroup label={t('filters.user')} labelFor="audit-user" className="au-filter">
        <HTMLSelect id="audit-user" value={value.userId} options={users} onChange={(e) => set({ userId: e.currentTarget.value })} disabled={facets.isPending} />
      </FormGroup>
      <FormGroup label={t('filters.entity')} labelFor="audit-entity" className="au-filter">
        <HTMLSelect id="audit-entity" value={value.entity} options={entities} onChange={(e) => set({ entity: e.currentTarget.value })} disabled={facets.isPending} />
      </FormGroup>
      <FormGroup label={t('filters.action')} labelFor="audit-action" className="au-filter">
        <HTMLSelect id="audit-action" value={value.action} options={actions} onChange={(e) => set({ action: e.currentTarget.value })} disabled={facets.isPending} />
      </FormGroup>
      <FormGroup label={t('filters.from')} labelFor="audit-from" className="au-filter">
        <InputGroup id="audit-from" type="date" value={value.from} onChange={(e) => set({ from: e.currentTarget.value })} />
      </FormGroup>
      <FormGroup label={t('filters.to')} labelFor="audit-to" className="au-filter">
        <InputGroup id="audit-to" type="date" value={value.to} onChange={(e) => set({ to: e.currentTarget.value })} />
      </FormGroup>
      <Button type="submit" intent="primary" icon="filter" text={t('filters.apply')} data-testid="audit-apply" />
    </form>
  );
}
