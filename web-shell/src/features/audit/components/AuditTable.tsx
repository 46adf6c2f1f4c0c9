import { formatDateTime, ListTable, useTranslation } from '@guiche/web-sdk';
import type { AuditRecord } from '@guiche/contracts';
import { NS } from '../i18n/register.js';
import { changedFields, shownValue } from '../lib/audit-filters.js';

/** One row per audit record: when, who (and from where), what, and each field old → new. */
export function AuditTable({ records, showCompany }: { records: AuditRecord[]; showCompany: boolean }) {
  const { t } = useTranslation(NS);
  const columns: [string, string?][] = [['table.when'], ['table.who'], ...(showCompany ? [['table.company'] as [string]] : []), ['table.action'], ['table.entity'], ['table.changes']];
  return (
    <ListTable ns={NS} testId="audit-table" columns={columns}>
      {records.map((record) => (
        <tr key={record.id} data-testid="audit-row" data-entity={record.entity} data-action={record.action}>
          <td className="au-nowrap">{formatDateTime(record.createdAt)}</td>
          <td>
            <div>{record.userName ?? record.userEmail ?? t('table.nobody')}</div>
            {record.ip && <div className="au-muted">{t('table.from', { ip: record.ip })}</div>}
          </td>
          {showCompany && <td>{record.companyId ?? t('table.platform')}</td>}
          <td>{t(`action.${record.action}`, { defaultValue: record.action })}</td>
          <td>
            {t(`entity.${record.entity}`, { defaultValue: record.entity })}
            {record.entityId && <span className="au-muted"> #{record.entityId}</span>}
          </td>
          <td>
            <ul className="au-changes" data-testid="audit-changes">
              {changedFields(record.oldValues, record.newValues).map(([field, before, after]) => (
                <li key={field}>
                  <strong>{field}</strong>: <span className="au-old">{shownValue(before)}</span> → <span className="au-new">{shownValue(after)}</span>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
