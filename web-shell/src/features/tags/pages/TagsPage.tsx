import { Button, Card, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { Tag } from '@guiche/contracts';
import { ConfirmDialog, EmptyState, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { InfiniteScroll } from '../../contacts/shared/InfiniteScroll.js';
import { SearchBox } from '../../contacts/shared/SearchBox.js';
import { useDebouncedValue } from '../../contacts/shared/useDebouncedValue.js';
import '../../contacts/shared/features.css';
import { TagDialog } from '../components/TagDialog.js';
import { TagsTable } from '../components/TagsTable.js';
import { useTagEvents, useTagMutations, useTags } from '../hooks/useTags.js';
import { NS } from '../i18n/register.js';

type FormState = { mode: 'new' } | { mode: 'edit'; tag: Tag } | null;

/** /tags (outreach-config.md §2 Tags and kanban). */
export default function TagsPage() {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const list = useTags(debounced);
  useTagEvents();
  const mutations = useTagMutations();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);

  const remove = async () => {
    if (!toDelete) return;
    try {
      await mutations.remove.mutateAsync(toDelete.id);
      toastSuccess(t('remove.done'));
      setToDelete(null);
    } catch (err) {
      toastError(err);
    }
  };

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error' && list.tags.length === 0) body = <ErrorCard message={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.tags.length === 0)
    body = debounced.trim() ? (
      <EmptyState icon="search" title={t('list.emptyFiltered')} />
    ) : (
      <EmptyState icon="tag" title={t('list.empty')} description={t('list.emptyHint')} />
    );
  else body = <TagsTable tags={list.tags} onEdit={(tag) => setForm({ mode: 'edit', tag })} onDelete={setToDelete} />;

  return (
    <div className="cx-page" data-testid="tags-page">
      <PageHeader title={t('title')}>
        <div className="cx-toolbar">
          <SearchBox value={search} onChange={setSearch} placeholder={t('search')} label={t('searchLabel')} testId="tags-search" />
          <Button icon="add" intent={Intent.PRIMARY} text={t('actions.add')} onClick={() => setForm({ mode: 'new' })} data-testid="tags-add" />
        </div>
      </PageHeader>
      <Card className="cx-card" compact>
        <InfiniteScroll hasMore={!!list.hasNextPage} loadingMore={list.isFetchingNextPage} loadMore={() => void list.fetchNextPage()} loadingLabel={t('list.loadingMore')}>
          {body}
        </InfiniteScroll>
      </Card>
      <TagDialog
        isOpen={form !== null}
        tag={form?.mode === 'edit' ? form.tag : undefined}
        onSubmit={(input) => (form?.mode === 'edit' ? mutations.update.mutateAsync({ id: form.tag.id, input }) : mutations.create.mutateAsync(input))}
        onSaved={() => setForm(null)}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={toDelete ? t('remove.title', { name: toDelete.name }) : undefined}
        confirmLabel={t('actions.delete')}
        loading={mutations.remove.isPending}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      >
        <p>{t('remove.message')}</p>
      </ConfirmDialog>
    </div>
  );
}
