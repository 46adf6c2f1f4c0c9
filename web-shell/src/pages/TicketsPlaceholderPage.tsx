import { EmptyState, PageHeader, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** /tickets until the inbox lands: says so plainly. */
export function TicketsPlaceholderPage() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <section className="page">
      <PageHeader title={t('tickets.title')} />
      <EmptyState icon="inbox" title={t('tickets.emptyTitle')} description={t('tickets.emptyDescription')} />
    </section>
  );
}
