import { useState } from 'react';
import { ErrorCard, isAdmin, ListPage, statusOf, useDeleteConfirmation, useListSearch, useSession, useTranslation } from '@guiche/web-sdk';
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
  const search = useListSearch();
  const list = useUsers(search.debounced);
  useUserEvents();
  const { remove } = useUserMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((user: CompanyUser) => remove.mutateAsync(user.id), t('remove.done'));

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'users-page', search: 'users-search', add: 'users-add', scroll: 'users-scroll' }}
      list={list}
      rows={list.items.length}
      // account-admin.md §8: a 500 while fetching users has its own message.
      errorMessage={statusOf(list.error) === 500 ? t('list.error500') : undefined}
      search={search}
      addIcon="new-person"
      onAdd={() => setForm({ userId: null })}
      emptyIcon="people"
      deletion={deletion}
      dialogs={form && <UserDialog isOpen userId={form.userId} onClose={() => setForm(null)} />}
    >
      <UsersTable users={list.items} currentUserId={me?.id} onEdit={(u) => setForm({ userId: u.id })} onDelete={deletion.ask} />
    </ListPage>
  );
}
