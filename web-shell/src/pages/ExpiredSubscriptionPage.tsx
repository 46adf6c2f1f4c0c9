import { Callout, Intent } from '@blueprintjs/core';
import { EmptyState, PageHeader, formatDate, useSession, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** /financeiro-aberto: where a company past its due date lands. The invoices list arrives later. */
export function ExpiredSubscriptionPage() {
  const { t } = useTranslation(SHELL_NS);
  const { user, subscriptionExpired } = useSession();
  return (
    <section className="page">
      <PageHeader title={t('expired.title')} />
      {subscriptionExpired && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="page-callout">
          {t('expired.message', { date: formatDate(user?.company?.dueDate ?? null) })}
        </Callout>
      )}
      <EmptyState icon="dollar" title={t('expired.invoices')} description={t('expired.noInvoices')} />
    </section>
  );
}
