import { useState } from 'react';
import { Callout, Card, Intent } from '@blueprintjs/core';
import type { Invoice } from '@guiche/contracts';
import { formatDate, InfiniteScroll, ListBody, PageHeader, SearchBox, useListSearch, useSession, useTranslation } from '@guiche/web-sdk';
import { CheckoutDialog } from '../components/CheckoutDialog.js';
import { InvoicesTable } from '../components/InvoicesTable.js';
import { useInvoices, usePaymentConfirmation } from '../hooks/useInvoices.js';
import { NS } from '../i18n/register.js';
import '../billing.css';

/**
 * /financeiro and /financeiro-aberto (account-admin.md §2 Faturas): the same invoices screen; an
 * expired company lands on the second one with the expiry message. A confirmed payment (live
 * event) says the licence was renewed and goes to /tickets after 5 s.
 */
export default function InvoicesPage() {
  const { t } = useTranslation(NS);
  const { user, subscriptionExpired } = useSession();
  const search = useListSearch();
  const list = useInvoices(search.debounced);
  const [paying, setPaying] = useState<Invoice | null>(null);
  usePaymentConfirmation(() => setPaying(null));

  return (
    <div className="cx-page" data-testid="invoices-page">
      <PageHeader title={t('title')} count={list.count}>
        <div className="cx-toolbar">
          <SearchBox value={search.value} onChange={search.onChange} placeholder={t('search')} label={t('searchLabel')} testId="invoices-search" />
        </div>
      </PageHeader>
      {subscriptionExpired && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="page-callout" data-testid="subscription-expired">
          {t('expired', { date: formatDate(user?.company?.dueDate ?? null) })}
        </Callout>
      )}
      <Card className="cx-card" compact>
        <InfiniteScroll {...list.paging} loadingLabel={t('list.loadingMore')} testId="invoices-scroll">
          <ListBody
            status={list.status}
            rows={list.items.length}
            loadingLabel={t('list.loading')}
            errorMessage={t('list.error')}
            onRetry={() => void list.refetch()}
            empty={{ icon: 'dollar', title: t('list.empty'), description: t('list.emptyHint') }}
            filtered={search.filtered}
            filteredEmpty={{ title: t('list.emptyFiltered') }}
          >
            <InvoicesTable invoices={list.items} onPay={setPaying} />
          </ListBody>
        </InfiniteScroll>
      </Card>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
