import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list.css';

export interface ListTableProps {
  /** The page's i18n namespace: the table is named by its key table.label. */
  ns: string;
  testId: string;
  /** [header's i18n key, className] per column, in order. */
  columns: readonly (readonly [headerKey: string, className?: string])[];
  /** The rows (<tr>). */
  children: ReactNode;
}

/** The table of a list page: sticky headers, striped rows (list.css). */
export function ListTable({ ns, testId, columns, children }: ListTableProps) {
  const { t } = useTranslation(ns);
  return (
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid={testId}>
      <thead>
        <tr>
          {columns.map(([headerKey, className]) => (
            <th key={headerKey} className={className}>
              {t(headerKey)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </HTMLTable>
  );
}
