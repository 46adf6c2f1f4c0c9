import { useState } from 'react';
import { ErrorCard, isAdmin, ListPage, useDeleteConfirmation, useListSearch, useSession, useTranslation } from '@guiche/web-sdk';
import { FileListDialog } from '../components/FileListDialog.js';
import { FileListsTable } from '../components/FileListsTable.js';
import { useFileListEvents, useFileListMutations, useFileLists } from '../hooks/useFileLists.js';
import { NS } from '../i18n/register.js';
import type { FileList } from '../lib/file-list.js';

type FormState = { mode: 'new' } | { mode: 'edit'; list: FileList } | null;

/** /files (outreach-config.md §2 File lists; admins, like its menu item). */
export default function FilesPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  if (!isAdmin(user)) return <ErrorCard title={t('denied.title')} message={t('denied.message')} />;
  return <FileLists />;
}

function FileLists() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = useFileLists(search.debounced);
  useFileListEvents();
  const { remove } = useFileListMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((record: FileList) => remove.mutateAsync(record.id), t('remove.done'));
  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'files-page', search: 'files-search', add: 'files-add', scroll: 'files-scroll' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setForm({ mode: 'new' })}
      emptyIcon="folder-open"
      deletion={deletion}
      deleteName={(record) => record.name}
      dialogs={<FileListDialog isOpen={form !== null} list={form?.mode === 'edit' ? form.list : undefined} onClose={() => setForm(null)} />}
    >
      <FileListsTable lists={list.items} onEdit={(record) => setForm({ mode: 'edit', list: record })} onDelete={deletion.ask} />
    </ListPage>
  );
}
