import { Spinner } from '@blueprintjs/core';
import { EmptyState, ErrorCard, LoadingState, useTranslation } from '@guiche/web-sdk';
import type { Ticket } from '../api/types.js';
import { TICKETS_NS } from '../i18n/register.js';
import { TicketRow, TICKET_ROW_HEIGHT } from './TicketRow.js';
import { VirtualList } from './VirtualList.js';

interface Props {
  tickets: Ticket[];
  status: 'pending' | 'error' | 'success';
  fetching: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage(): void;
  retry(): void;
  selectedUuid: string | undefined;
  showOwner: boolean;
  presence: Map<number, string>;
  onAccept(ticket: Ticket): void;
  testId: string;
}

/** One list's states: loading, error, empty, or the windowed rows with the next page at 100 px. */
export function TicketListBody(props: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const { tickets, status, hasNextPage, fetchingNextPage } = props;
  if (status === 'pending') return <LoadingState label={t('list.loading')} />;
  if (status === 'error' && tickets.length === 0) return <ErrorCard message={t('list.error')} onRetry={props.retry} />;
  if (tickets.length === 0) return <EmptyState icon="inbox" title={t('list.empty')} description={t('list.emptyHint')} />;
  return (
    <VirtualList
      items={tickets}
      rowHeight={TICKET_ROW_HEIGHT}
      itemKey={(ticket) => ticket.id}
      label={t('list.label')}
      testId={props.testId}
      onNearEnd={() => {
        if (hasNextPage && !fetchingNextPage) props.fetchNextPage();
      }}
      renderRow={(ticket) => (
        <TicketRow
          ticket={ticket}
          selected={ticket.uuid === props.selectedUuid}
          showOwner={props.showOwner}
          presence={props.presence.get(ticket.id)}
          onAccept={props.onAccept}
        />
      )}
      footer={
        fetchingNextPage ? (
          <div className="tk-list__more" role="status">
            <Spinner size={20} aria-label={t('list.loadingMore')} />
          </div>
        ) : null
      }
    />
  );
}
