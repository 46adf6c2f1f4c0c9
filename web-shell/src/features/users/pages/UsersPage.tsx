import { Button, Card, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmDialog, isAdmin, EmptyState, ErrorCard, LoadingState, PageHeader, statusOf, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { InfiniteScroll } from '../../contacts/shared/InfiniteScroll.js';
import { SearchBox } from '../../contacts/shared/SearchBox.js';
import { useDebouncedValue } from '../../contacts/shared/useDebouncedValue.js';
import '../../contacts/shared/features.css';
import { UserDialog } from '../components/UserDialog.js';
import { UsersTable } from '../components/UsersTable.js';
import { useUserEvents, useUserMutations, useUsers } from '../hooks/useUsers.js';
import { NS } from '../i18n/register.js';
import type { CompanyUser } from '../lib/user-types.js';

type FormState = { userId: number | null } | null;

/** /users (account-admin.md §2 Users list; admins only, like its menu item). */
export default function UsersPage() {
  const { t } = useTranslation(NS);
  const { user: me } = useSession();
  // The menu shows /users to admins only; a typed URL gets the same answer.
  if (!isAdmin(me)) return <ErrorCard title={t('denied.title')} message={t('denied.message')} />;
  return <UsersList />;
}

function UsersList() {
  const { t } = useTranslation(NS);
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const list = useUsers(debounced);
  useUserEvents();
  const { remove } = useUserMutations();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<CompanyUser | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toastSuccess(t('remove.done'));
      setToDelete(null);
    } catch (err) {
      toastError(err);
    }
  };

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error' && list.users.length === 0)
    // account-admin.md §8: a 500 while fetching users has its own message.
    body = <ErrorCard message={statusOf(list.error) === 500 ? t('list.error500') : t('list.error')} onRetry={() => void list.refetch()} />;
  else if (list.users.length === 0)
    body = debounced.trim() ? <EmptyState icon="search" title={t('list.emptyFiltered')} /> : <EmptyState icon="people" title={t('list.empty')} description={t('list.emptyHint')} />;
  else body = <UsersTable users={list.users} currentUserId={me?.id} onEdit={(u) => setForm({ userId: u.id })} onDelete={setToDelete} />;

  return (
    <div className="cx-page" data-testid="users-page">
      <PageHeader title={t('title')} count={list.count}>
        <div className="cx-toolbar">
          <SearchBox value={search} onChange={setSearch} placeholder={t('search')} label={t('searchLabel')} testId="users-search" />
          <Button icon="new-person" intent={Intent.PRIMARY} text={t('actions.add')} onClick={() => setForm({ userId: null })} data-testid="users-add" />
        </div>
      </PageHeader>
      <Card className="cx-card" compact>
        <InfiniteScroll hasMore={!!list.hasNextPage} loadingMore={list.isFetchingNextPage} loadMore={() => void list.fetchNextPage()} loadingLabel={t('list.loadingMore')} testId="users-scroll">
          {body}
        </InfiniteScroll>
      </Card>
      {form && <UserDialog isOpen userId={form.userId} onClose={() => setForm(null)} />}
      <ConfirmDialog isOpen={toDelete !== null} loading={remove.isPending} confirmLabel={t('actions.delete')} onConfirm={() => void confirmDelete()} onClose={() => setToDelete(null)} />
    </div>
  );
}
