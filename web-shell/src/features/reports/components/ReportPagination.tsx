import { Button, HTMLSelect } from '@blueprintjs/core';
import { REPORT_PAGE_SIZES } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

export interface ReportPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Page sizes 5, 10, 20, 50 (default 10) and previous / next. */
export function ReportPagination({ page, pageSize, total, onPage, onPageSize }: ReportPaginationProps) {
  const { t } = useTranslation(NS);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="rp-pagination" data-testid="report-pagination">
      <span>{t('pagination.total', { count: total })}</span>
      <label className="rp-pagesize">
        {t('pagination.pageSize')}
        <HTMLSelect value={pageSize} onChange={(e) => onPageSize(Number(e.currentTarget.value))} data-testid="report-page-size">
          {REPORT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{size}</option>
          ))}
        </HTMLSelect>
      </label>
      <Button icon="chevron-left" aria-label={t('pagination.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="report-prev" />
      <span data-testid="report-page">{t('pagination.page', { page, pages })}</span>
      <Button icon="chevron-right" aria-label={t('pagination.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="report-next" />
    </div>
  );
}
