import { Button, Card, H5, Intent, ProgressBar } from '@blueprintjs/core';
import { formatDate, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { importFraction, type ImportProgress } from '../lib/import-progress.js';

/** account-admin.md §2: the message-import progress (importMessages-{companyId} 'update' events). */
export function ImportProgressCard({ progress, onRefresh }: { progress: ImportProgress; onRefresh(): void }) {
  const { t } = useTranslation(NS);
  return (
    <Card className="cn-import" compact data-testid="import-progress" role="status">
      <div className="cn-import__head">
        <H5 style={{ margin: 0 }}>{t('import.title')}</H5>
        <Button icon="refresh" variant="minimal" aria-label={t('actions.refresh')} title={t('actions.refresh')} onClick={onRefresh} />
      </div>
      <ProgressBar intent={Intent.PRIMARY} value={importFraction(progress)} stripes={false} />
      <div className="cn-import__text">
        <span>{t('import.progress', { this: progress.this, all: progress.all })}</span>
        {progress.date ? <span className="cx-muted">{t('import.date', { date: formatDate(progress.date) })}</span> : null}
      </div>
    </Card>
  );
}
