import { Button, Card, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { QuickMessage } from '@guiche/contracts';
import { ConfirmDialog, EmptyState, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { InfiniteScroll } from '../../contacts/shared/InfiniteScroll.js';
import { SearchBox } from '../../contacts/shared/SearchBox.js';
import { useDebouncedValue } from '../../contacts/shared/useDebouncedValue.js';
import '../../contacts/shared/features.css';
import { deleteQuickMessage } from '../api/quick-messages-api.js';
import { QuickMessageDialog } from '../components/QuickMessageDialog.js';
import { QuickMessagesTable } from '../components/QuickMessagesTable.js';
import { useQuickMessageEvents, useQuickMessages, useRefreshQuickMessages } from '../hooks/useQuickMessages.js';
import { NS } from '../i18n/register.js';
import { managesAllQuickMessages, mayChangeQuickMessage } from '../lib/permissions.js';

type FormState = { mode: 'new' } | { mode: 'edit'; record: QuickMessage } | null;

/** /quick-messages (outreach-config.md §2 Quick messages, §6). */
export default function QuickMessagesPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const list = useQuickMessages(debounced);
  useQuickMessageEvents();
  const refresh = useRefreshQuickMessages();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteQuickMessage(toDelete.id);
      toastSuccess(t('remove.done'));
      setToDelete(null);
      void refresh();
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(false);
    }
  };

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error' && list.records.length === 0) body = <ErrorCard message={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.records.length === 0)
    body = debounced.trim() ? (
      <EmptyState icon="search" title={t('list.emptyFiltered')} />
    ) : (
      <EmptyState icon="flash" title={t('list.empty')} description={t('list.emptyHint')} />
    );
  else
    body = (
      <QuickMessagesTable
        records={list.records}
        mayChange={(r) => mayChangeQuickMessage(user, r)}
        onEdit={(record) => setForm({ mode: 'edit', record })}
        onDelete={setToDelete}
      />
    );

  return (
    <div className="cx-page" data-testid="quick-messages-page">
      <PageHeader title={t('title')} count={list.count}>
        <div className="cx-toolbar">
          <SearchBox value={search} onChange={setSearch} placeholder={t('search')} label={t('searchLabel')} testId="qm-search" />
          <Button icon="add" intent={Intent.PRIMARY} text={t('actions.add')} onClick={() => setForm({ mode: 'new' })} data-testid="qm-add" />
        </div>
      </PageHeader>
      <Card className="cx-card" compact>
        <InfiniteScroll hasMore={!!list.hasNextPage} loadingMore={list.isFetchingNextPage} loadMore={() => void list.fetchNextPage()} loadingLabel={t('list.loadingMore')}>
          {body}
        </InfiniteScroll>
      </Card>
      <QuickMessageDialog
        isOpen={form !== null}
        record={form?.mode === 'edit' ? form.record : undefined}
        canSetGeral={managesAllQuickMessages(user)}
        onSaved={() => {
          setForm(null);
          void refresh();
        }}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={toDelete ? t('remove.title', { name: toDelete.shortcode }) : undefined}
        confirmLabel={t('actions.delete')}
        loading={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      >
        <p>{t('remove.message')}</p>
      </ConfirmDialog>
    </div>
  );
}
