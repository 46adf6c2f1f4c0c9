import { Button, ButtonGroup, H4, InputGroup, Switch, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState, useDebouncedValue, useTranslation, RecordMultiSelect } from '@guiche/web-sdk';
import type { TicketStatus } from '@guiche/contracts';
import type { Ticket } from '../api/types.js';
import type { ListControlsState } from '../hooks/useListControls.js';
import { usePresence } from '../hooks/usePresence.js';
import { useConnections, useTags, useUserList } from '../hooks/useReferenceData.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { useTicketUi } from '../hooks/ticket-ui-context.js';
import { useTicketList } from '../hooks/useTicketList.js';
import { unreadTickets } from '../lib/list-rules.js';
import { listFilterFor, NO_QUEUE_ID, OPEN_TABS, SEARCH_STATUSES, type ListControls, type OpenTab } from '../lib/ticket-filters.js';
import { TICKETS_NS } from '../i18n/register.js';
import { lazyDialog } from '../../lazy-dialog.js';
import { QueueFilter } from './QueueFilter.js';
import { TicketListBody } from './TicketListBody.js';

const CloseAllDialog = lazyDialog(() => import('../dialogs/CloseAllDialog.js').then((m) => m.CloseAllDialog), (p) => p.isOpen);

interface Props {
  controls: ListControlsState;
  selectedUuid: string | undefined;
}

/**
 * The list panel (inbox.md §2): 'Conversas' with new ticket / open / closed / search, the queue
 * multi-select, the show-all switch for admins, the open view's tabs with unread badges, the
 * closed view and the search view with its filters. The filters settle for 500 ms before a
 * list is reloaded (the first list loads at once); a new filter starts a new list.
 */
export function TicketListPanel({ controls: c, selectedUuid }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const ui = useTicketUi();
  const actions = useTicketActions();
  const presence = usePresence();
  const searchInput = useRef<HTMLInputElement>(null);
  const [closingAll, setClosingAll] = useState(false);

  const raw: ListControls = {
    isAdmin: c.isAdmin,
    showAll: c.showAll,
    queueIds: c.queueIds ?? [],
    searchParam: c.search,
    tags: c.tags,
    whatsapps: c.whatsapps,
    statuses: c.statuses,
    users: c.users,
    myWallet: c.myWallet,
  };
  // Without queues there is no list: the first queues (the stored choice, read after mount) load at once.
  const settled = useDebouncedValue(raw, undefined, (before) => before.queueIds.length === 0);
  const ready = c.queueIds !== null && c.queueIds.length > 0 && settled.queueIds.length > 0;

  const filters = useMemo(
    () => ({
      open: listFilterFor('open', 'open', settled),
      pending: listFilterFor('open', 'pending', settled),
      group: listFilterFor('open', 'group', settled),
      closed: listFilterFor('closed', 'open', settled),
      search: listFilterFor('search', 'open', settled),
    }),
    [settled],
  );
  const lists = {
    open: useTicketList(filters.open, ready && c.view === 'open'),
    pending: useTicketList(filters.pending, ready && c.view === 'open'),
    group: useTicketList(filters.group, ready && c.view === 'open'),
    closed: useTicketList(filters.closed, ready && c.view === 'closed'),
    search: useTicketList(filters.search, ready && c.view === 'search'),
  };

  const tags = useTags(c.view === 'search');
  const connections = useConnections(c.view === 'search');
  const users = useUserList(c.view === 'search' && c.isAdmin);

  useEffect(() => {
    if (c.view === 'search') searchInput.current?.focus();
  }, [c.view]);

  const current = c.view === 'open' ? lists[c.tab] : lists[c.view];
  // Stable across renders so memoised rows do not re-render when the panel does.
  const accept = useRef(actions.accept);
  accept.current = actions.accept;
  const onAccept = useCallback((ticket: Ticket) => void accept.current(ticket), []);
  const tabName = (tab: OpenTab) => ({ open: t('list.tabOpen'), pending: t('list.tabPending'), group: t('list.tabGroup') })[tab];
  const tabLabel = (tab: OpenTab) => {
    const count = unreadTickets(lists[tab].tickets);
    const label = tabName(tab);
    return (
      <span className="tk-tab">
        {label}
        {count > 0 && (
          <Tag round intent="danger" className="tk-tab__badge" aria-label={t('list.unreadBadge', { count })} data-testid={`tab-badge-${tab}`}>
            {count}
          </Tag>
        )}
      </span>
    );
  };

  const selectedQueueIds = c.queueIds ?? [];
  const allQueuesSelected = [...c.queues.map((q) => q.id), NO_QUEUE_ID].every((id) => selectedQueueIds.includes(id));
  const selectedQueueNames = allQueuesSelected
    ? [t('list.allQueues')]
    : [...c.queues.filter((q) => selectedQueueIds.includes(q.id)).map((q) => q.name), ...(selectedQueueIds.includes(NO_QUEUE_ID) ? [t('list.noQueue')] : [])];

  const statusItems = SEARCH_STATUSES.map((s) => ({ id: s, name: t(`status.${s}`) }));

  let body;
  if (c.queueIds !== null && c.queueIds.length === 0) {
    body = <EmptyState icon="filter-remove" title={t('list.noQueueSelected')} description={t('list.noQueueSelectedHint')} />;
  } else {
    body = (
      <TicketListBody
        key={`${c.view}:${c.tab}`}
        tickets={current.tickets}
        status={ready ? current.status : 'pending'}
        fetching={current.isFetching}
        hasNextPage={current.hasNextPage}
        fetchingNextPage={current.isFetchingNextPage}
        fetchNextPage={() => void current.fetchNextPage()}
        retry={() => void current.refetch()}
        selectedUuid={selectedUuid}
        showOwner={c.isAdmin}
        presence={presence}
        onAccept={onAccept}
        testId={`ticket-list-${c.view === 'open' ? c.tab : c.view}`}
      />
    );
  }

  return (
    <section className="tk-list" aria-label={t('list.header')} data-testid="ticket-list-panel">
      <header className="tk-list__header">
        <H4 className="tk-list__title">{t('list.header')}</H4>
        <ButtonGroup variant="minimal">
          <Button icon="add" title={t('list.newTicket')} aria-label={t('list.newTicket')} onClick={ui.openNewTicket} data-testid="ticket-new" />
          <Button icon="inbox" title={t('list.openView')} aria-label={t('list.openView')} active={c.view === 'open'} aria-pressed={c.view === 'open'} onClick={() => c.setView('open')} data-testid="view-open" />
          <Button icon="tick-circle" title={t('list.closedView')} aria-label={t('list.closedView')} active={c.view === 'closed'} aria-pressed={c.view === 'closed'} onClick={() => c.setView('closed')} data-testid="view-closed" />
          <Button icon="search" title={t('list.searchView')} aria-label={t('list.searchView')} active={c.view === 'search'} aria-pressed={c.view === 'search'} onClick={() => c.setView('search')} data-testid="view-search" />
          {c.canCloseAll && c.view === 'open' && (
            <Button
              icon="remove"
              intent="danger"
              title={t('closeAll.button', { tab: tabName(c.tab) })}
              aria-label={t('closeAll.button', { tab: tabName(c.tab) })}
              disabled={selectedQueueIds.length === 0}
              onClick={() => setClosingAll(true)}
              data-testid="tickets-close-all"
            />
          )}
        </ButtonGroup>
      </header>
      <div className="tk-list__controls">
        <QueueFilter queues={c.queues} selected={c.queueIds ?? []} onChange={c.setQueueIds} />
        {c.canShowAll && (
          <Switch className="tk-list__showall" checked={c.showAll} label={t('list.showAll')} onChange={(e) => c.setShowAll(e.currentTarget.checked)} data-testid="show-all" />
        )}
        <Switch className="tk-list__showall" checked={c.myWallet} label={t('list.myWallet')} onChange={(e) => c.setMyWallet(e.currentTarget.checked)} data-testid="my-wallet" />
      </div>
      {c.view === 'search' && (
        <div className="tk-list__search">
          <InputGroup
            inputRef={searchInput}
            leftIcon="search"
            type="search"
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            value={c.search}
            onChange={(e) => c.setSearch(e.currentTarget.value)}
            data-testid="ticket-search"
          />
          <RecordMultiSelect inputId="filter-tags" placeholder={t('filters.tags')} ariaLabel={t('filters.tags')} items={tags.data ?? []} selectedIds={c.tags} loading={tags.isPending} noResults={t('filters.none')} onChange={c.setTags} />
          <RecordMultiSelect
            inputId="filter-connections"
            placeholder={t('filters.connections')}
            ariaLabel={t('filters.connections')}
            items={connections.data ?? []}
            selectedIds={c.whatsapps}
            loading={connections.isPending}
            noResults={t('filters.none')}
            onChange={c.setWhatsapps}
          />
          <RecordMultiSelect
            inputId="filter-status"
            placeholder={t('filters.status')}
            ariaLabel={t('filters.status')}
            items={statusItems}
            selectedIds={c.statuses}
            noResults={t('filters.none')}
            onChange={(ids) => c.setStatuses(ids as TicketStatus[])}
          />
          {c.isAdmin && (
            <RecordMultiSelect inputId="filter-users" placeholder={t('filters.users')} ariaLabel={t('filters.users')} items={users.data ?? []} selectedIds={c.users} loading={users.isPending} noResults={t('filters.none')} onChange={c.setUsers} />
          )}
          {(c.tags.length > 0 || c.whatsapps.length > 0 || c.statuses.length > 0 || c.users.length > 0) && (
            <Button variant="minimal" size="small" icon="cross" text={t('filters.clear')} onClick={c.clearFilters} />
          )}
        </div>
      )}
      {c.view === 'open' && (
        <Tabs id="ticket-tabs" selectedTabId={c.tab} onChange={(id) => c.setTab(id as OpenTab)} className="tk-list__tabs">
          {OPEN_TABS.map((tab) => (
            <Tab key={tab} id={tab} title={tabLabel(tab)} data-testid={`tab-${tab}`} />
          ))}
        </Tabs>
      )}
      <div className="tk-list__body">{body}</div>
      {c.canCloseAll && (
        <CloseAllDialog
          isOpen={closingAll}
          status={c.tab}
          tabLabel={tabName(c.tab)}
          queueIds={selectedQueueIds}
          queueNames={selectedQueueNames}
          onClose={() => setClosingAll(false)}
        />
      )}
    </section>
  );
}
