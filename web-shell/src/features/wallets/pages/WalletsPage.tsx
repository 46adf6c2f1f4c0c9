import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Events, type WalletOwner } from '@guiche/contracts';
import { EmptyState, ErrorCard, LoadingState, PageHeader, usePagedList, useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { fetchWalletContacts, fetchWallets, walletKeys } from '../api/wallets-api.js';
import { NS } from '../i18n/register.js';

/** /wallets (issue #33): the agents who own contacts with how many; one agent's contacts beside. Live on contact changes. */
export default function WalletsPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const owners = useQuery({ queryKey: walletKeys.owners(), queryFn: fetchWallets });
  const [selected, setSelected] = useState<WalletOwner | null>(null);
  useSocketEvent(user ? Events.contact(user.companyId) : null, () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }));

  let body;
  if (owners.isPending) body = <LoadingState label={t('loading')} />;
  else if (owners.isError) body = <ErrorCard message={t('error')} onRetry={() => void owners.refetch()} />;
  else if (!owners.data.length) body = <EmptyState icon="briefcase" title={t('empty')} description={t('emptyHint')} />;
  else {
    const current = owners.data.find((o) => o.userId === selected?.userId) ?? null;
    body = (
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', padding: '0 16px 16px' }}>
        <HTMLTable compact interactive aria-label={t('owners')} data-testid="wallets-owners" style={{ flex: '1 1 320px' }}>
          <thead>
            <tr>
              <th>{t('agent')}</th>
              <th>{t('email')}</th>
              <th>{t('contacts')}</th>
            </tr>
          </thead>
          <tbody>
            {owners.data.map((owner) => (
              <tr key={owner.userId} data-testid="wallet-owner" aria-selected={owner.userId === current?.userId}>
                <td>
                  <Button variant="minimal" text={owner.name} aria-label={t('show', { name: owner.name })} onClick={() => setSelected(owner)} />
                </td>
                <td>{owner.email}</td>
                <td>
                  <Tag round minimal data-testid="wallet-count">
                    {owner.contacts}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div style={{ flex: '2 1 420px' }}>{current ? <WalletContacts owner={current} /> : <EmptyState icon="people" description={t('pick')} />}</div>
      </div>
    );
  }
  return (
    <section data-testid="wallets-page">
      <PageHeader title={t('title')} count={owners.data?.length} />
      {body}
    </section>
  );
}

function WalletContacts({ owner }: { owner: WalletOwner }) {
  const { t } = useTranslation(NS);
  const list = usePagedList(walletKeys.contacts(owner.userId), (page) => fetchWalletContacts(owner.userId, page));
  if (list.isPending) return <LoadingState label={t('contactsLoading')} />;
  if (list.isError) return <ErrorCard message={t('contactsError')} onRetry={() => void list.refetch()} />;
  if (!list.items.length) return <EmptyState icon="people" description={t('contactsEmpty')} />;
  return (
    <>
      <HTMLTable compact striped aria-label={t('contactsOf', { name: owner.name })} data-testid="wallet-contacts" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('name')}</th>
            <th>{t('number')}</th>
            <th>{t('birthday')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((contact) => (
            <tr key={contact.id} data-testid="wallet-contact">
              <td>{contact.name}</td>
              <td>{contact.number}</td>
              <td>{contact.birthday ? contact.birthday.split('-').reverse().join('/') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {list.paging.hasMore && <Button text={t('more')} loading={list.paging.loadingMore} onClick={list.paging.loadMore} />}
    </>
  );
}
