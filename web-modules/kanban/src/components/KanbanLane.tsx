import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useDroppable } from '@dnd-kit/core';
import { readableOn, useTranslation } from '@guiche/web-sdk';
import { useLane } from '../hooks/useLane';
import { NS } from '../i18n/register';
import { KanbanCard } from './KanbanCard';

interface Props {
  lane: number;
  name: string;
  color: string;
}

export function laneDropId(lane: number): string {
  return `lane-${lane}`;
}

/** A lane: its coloured header with the loaded count, its cards, "load more" while the server has more. */
export function KanbanLane({ lane, name, color }: Props) {
  const { t } = useTranslation(NS);
  const cards = useLane(lane);
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane), data: { lane, name } });
  return (
    <section ref={setNodeRef} className={`kb-lane${isOver ? ' kb-over' : ''}`} data-testid="kanban-lane" data-lane-id={lane} aria-label={name}>
      <header className="kb-lane-header" style={{ background: color, color: readableOn(color) }}>
        <span className="kb-lane-name">{name}</span>
        <span className="kb-lane-count" data-testid="kanban-lane-count">
          {cards.tickets.length}
          {cards.hasNextPage ? '+' : ''}
        </span>
      </header>
      <div className="kb-lane-cards">
        {cards.status === 'pending' && <Spinner size={24} aria-label={t('loading')} />}
        {cards.status === 'error' && cards.tickets.length === 0 && (
          <NonIdealState icon="error" description={t('error')} action={<Button text={t('retry')} onClick={() => void cards.refetch()} />} />
        )}
        {cards.status === 'success' && cards.tickets.length === 0 && <p className="kb-empty">{t('empty')}</p>}
        {cards.tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} lane={lane} laneName={name} />
        ))}
        {cards.hasNextPage && (
          <Button variant="minimal" fill text={t('loadMore')} loading={cards.isFetchingNextPage} onClick={() => void cards.fetchNextPage()} data-testid="kanban-load-more" />
        )}
      </div>
    </section>
  );
}
