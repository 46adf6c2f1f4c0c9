import { Button, Card, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.js';
import { InfiniteScroll } from './InfiniteScroll.js';
import { ListBody } from './ListBody.js';
import { PageHeader } from './PageHeader.js';
import { SearchBox } from './SearchBox.js';
import type { DeleteConfirmation } from './useConfirmedAction.js';
import type { ListSearch } from './useListSearch.js';
import './list.css';

export interface ListPageProps<T> {
  /**
   * The page's i18n namespace. Its texts come from these keys: title, search, searchLabel,
   * actions.add, actions.delete, list.loading, list.loadingMore, list.error, list.empty,
   * list.emptyHint, list.emptyFiltered, list.emptyFilteredHint (optional), and
   * remove.title / remove.message with `deleteName`.
   */
  ns: string;
  testIds: { page: string; add: string; search?: string; scroll?: string };
  /** The list's query: usePagedList (with paging, the next page loads as the list scrolls) or a one-page query. */
  list: { status: 'pending' | 'error' | 'success'; refetch(): unknown; count?: number; paging?: { hasMore: boolean; loadingMore: boolean; loadMore(): void } };
  /** Rows loaded (a failed later page leaves them on screen). */
  rows: number;
  search?: ListSearch;
  /** Something narrows the list (default: a search is typed): an empty list then means nothing matched. */
  filtered?: boolean;
  /** More of the toolbar (filters, menus), between the search box and the add button. */
  toolbar?: ReactNode;
  /** Shown between the header and the list: work the page follows (a deletion running, say). */
  notice?: ReactNode;
  addIcon?: IconName;
  onAdd(): void;
  emptyIcon: IconName;
  /** Replaces list.error. */
  errorMessage?: string;
  deletion: DeleteConfirmation<T>;
  /** Names the record in the confirmation (remove.title, remove.message); without it the generic question. */
  deleteName?(record: T): string;
  /** The page's dialogs. */
  dialogs?: ReactNode;
  /** The rows: a table. */
  children: ReactNode;
}

/**
 * A list page (tags, quick messages, users, queues, contacts): title and count, search box, toolbar
 * and add button, then the rows in a scrolling card with their loading, error and empty states,
 * and the delete confirmation.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { ns, testIds, list, rows, search, filtered = search?.filtered, toolbar, notice, addIcon = 'add', onAdd, emptyIcon, errorMessage, deletion, deleteName, dialogs, children } = props;
  const { t, i18n } = useTranslation(ns);
  const body = (
    <ListBody
      status={list.status}
      rows={rows}
      loadingLabel={t('list.loading')}
      errorMessage={errorMessage ?? t('list.error')}
      onRetry={() => void list.refetch()}
      empty={{ icon: emptyIcon, title: t('list.empty'), description: t('list.emptyHint') }}
      filtered={filtered}
      filteredEmpty={{ title: t('list.emptyFiltered'), description: i18n.exists('list.emptyFilteredHint', { ns }) ? t('list.emptyFilteredHint') : undefined }}
    >
      {children}
    </ListBody>
  );
  const named = deleteName && deletion.target !== null ? deleteName(deletion.target) : null;

  return (
    <div className="cx-page" data-testid={testIds.page}>
      <PageHeader title={t('title')} count={list.count}>
        <div className="cx-toolbar">
          {search && <SearchBox value={search.value} onChange={search.onChange} placeholder={t('search')} label={t('searchLabel')} testId={testIds.search} />}
          {toolbar}
          <Button icon={addIcon} intent={Intent.PRIMARY} text={t('actions.add')} onClick={onAdd} data-testid={testIds.add} />
        </div>
      </PageHeader>
      {notice}
      <Card className="cx-card" compact>
        {list.paging ? (
          <InfiniteScroll {...list.paging} loadingLabel={t('list.loadingMore')} testId={testIds.scroll}>
            {body}
          </InfiniteScroll>
        ) : (
          <div className="cx-scroll">{body}</div>
        )}
      </Card>
      {dialogs}
      <ConfirmDialog {...deletion.dialogProps} title={named !== null ? t('remove.title', { name: named }) : undefined} confirmLabel={t('actions.delete')}>
        {deleteName ? <p>{t('remove.message')}</p> : undefined}
      </ConfirmDialog>
    </div>
  );
}
