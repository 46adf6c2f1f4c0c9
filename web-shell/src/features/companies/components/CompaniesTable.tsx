import { Tag } from '@blueprintjs/core';
import type { CompanyRow } from '@guiche/contracts';
import { daysUntil, formatCurrency, formatDate, formatDateTime, ListTable, RowActions, RowButton, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { dueHighlight } from '../lib/company-form.js';

interface Props {
  companies: CompanyRow[];
  onEdit(company: CompanyRow): void;
  onDelete(company: CompanyRow): void;
  onAdvance(company: CompanyRow): void;
  advancing: number | null;
}

const COLUMNS = [
  ['table.id'],
  ['table.status', 'cx-center'],
  ['table.name'],
  ['table.email'],
  ['table.plan'],
  ['table.value'],
  ['table.createdAt'],
  ['table.dueDate'],
  ['table.lastLogin'],
  ['table.actions', 'cx-actions'],
] as const;

/** account-admin.md §2 Companies list: every column, due-date colours and the row actions. */
export function CompaniesTable({ companies, onEdit, onDelete, onAdvance, advancing }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="companies-table" columns={COLUMNS}>
      {companies.map((company) => {
        const highlight = company.id === 1 ? null : dueHighlight(daysUntil(company.dueDate));
        return (
          <tr key={company.id} data-testid="company-row" data-company-id={company.id} data-due={highlight ?? 'ok'} className={highlight ? `company-due-${highlight}` : undefined}>
            <td>{company.id}</td>
            <td className="cx-center">
              <Tag minimal intent={company.status ? 'success' : 'none'}>{company.status ? t('table.active') : t('table.inactive')}</Tag>
            </td>
            <td>{company.name}</td>
            <td>{company.email}</td>
            <td>{company.planName ?? '—'}</td>
            <td>{company.value === null ? '—' : formatCurrency(company.value)}</td>
            <td>{formatDate(company.createdAt)}</td>
            <td data-testid="company-due">
              {company.dueDate ? `${formatDate(company.dueDate)} (${t(`recurrence.${company.recurrence}`)})` : '—'}
            </td>
            <td>{company.lastLogin ? formatDateTime(company.lastLogin) : '—'}</td>
            <RowActions
              className="cx-actions"
              label={t('table.rowActions', { name: company.name })}
              editLabel={t('actions.edit')}
              deleteLabel={t('actions.delete')}
              onEdit={() => onEdit(company)}
              onDelete={() => onDelete(company)}
              deleteDisabled={company.id === 1}
              deleteTitle={company.id === 1 ? t('table.protected') : undefined}
              testIdPrefix="company"
              leading={
                <RowButton icon="calendar" label={t('actions.advance', { months: t(`recurrence.${company.recurrence}`) })} onClick={() => onAdvance(company)} disabled={company.id === 1 || advancing === company.id} testId="company-advance" />
              }
            />
          </tr>
        );
      })}
    </ListTable>
  );
}
