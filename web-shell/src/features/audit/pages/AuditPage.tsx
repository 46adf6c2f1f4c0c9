import { useState } from 'react';
import { Button, Card } from '@blueprintjs/core';
import { InfiniteScroll, ListBody, PageHeader, saveBlob, toastError, useSession, useTranslation } from '@guiche/web-sdk';
import { AuditFiltersBar } from '../components/AuditFiltersBar.js';
import { AuditTable } from '../components/AuditTable.js';
import { useAudit, useAuditEvents } from '../hooks/useAudit.js';
import { AUDIT_EXPORT_FILE, exportAudit } from '../api/audit-api.js';
import { NS } from '../i18n/register.js';
import { isFiltered, NO_FILTERS, type AuditFilters } from '../lib/audit-filters.js';
import '../audit.css';

/** /audit (issue #33): the audit log, filtered, paged as it scrolls, exported as CSV. */
export default function AuditPage() {
  const { t } = useTranslation(NS);
  const session = useSession();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const list = useAudit(applied);
  useAuditEvents();
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportAudit(applied), AUDIT_EXPORT_FILE);
    } catch {
      toastError(t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="cx-page" data-testid="audit-page">
      <PageHeader title={t('title')}>
        <div className="cx-toolbar">
          <Button icon="refresh" text={t('actions.refresh')} onClick={() => void list.refetch()} data-testid="audit-refresh" />
          <Button icon="export" text={t('actions.export')} loading={exporting} onClick={() => void download()} data-testid="audit-export" />
        </div>
      </PageHeader>
      <AuditFiltersBar value={draft} onChange={setDraft} onApply={() => setApplied(draft)} />
      <Card className="cx-card" compact>
        <InfiniteScroll {...list.paging} loadingLabel={t('list.loadingMore')} testId="audit-scroll">
          <ListBody
            status={list.status}
            rows={list.items.length}
            loadingLabel={t('list.loading')}
            errorMessage={t('list.error')}
            onRetry={() => void list.refetch()}
            empty={{ icon: 'history', title: t('list.empty'), description: t('list.emptyHint') }}
            filtered={isFiltered(applied)}
            filteredEmpty={{ title: t('list.emptyFiltered') }}
          >
            <AuditTable records={list.items} showCompany={!!session.user?.super} />
          </ListBody>
        </InfiniteScroll>
      </Card>
    </div>
  );
}
