import { useMemo, useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { ErrorCard, LoadingState, PageHeader, useTranslation } from '@guiche/web-sdk';
import { DEFAULT_LANE, type KanbanTicket } from '../api/kanban-api';
import { KanbanCardBody } from '../components/KanbanCard';
import { KanbanLane } from '../components/KanbanLane';
import { KanbanTagDialog } from '../components/KanbanTagDialog';
import { useBoardEvents } from '../hooks/useBoardEvents';
import { useKanbanTagMutations } from '../hooks/useKanbanTags';
import { useLanes } from '../hooks/useLanes';
import { useMoveCard } from '../hooks/useMoveCard';
import { NS } from '../i18n/register';
import { laneCoordinates } from '../lib/keyboard-lanes';

const DEFAULT_LANE_COLOR = '#5F6B7C';

/** The pointer decides when it is over a lane; the keyboard (no pointer) by the card's rectangle. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

type DragData = { ticket: KanbanTicket; lane: number };

/** /Kanban (outreach-config.md §2): a default lane plus one coloured lane per kanban tag. */
export default function KanbanPage() {
  const { t } = useTranslation(NS);
  const lanes = useLanes();
  const laneIds = useMemo(() => new Set((lanes.data ?? []).map((l) => l.id)), [lanes.data]);
  useBoardEvents(laneIds);
  const move = useMoveCard(lanes.data ?? []);
  const mutations = useKanbanTagMutations();
  const [adding, setAdding] = useState(false);
  const [dragged, setDragged] = useState<KanbanTicket | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneCoordinates }),
  );

  const all = useMemo(
    () => [{ id: DEFAULT_LANE, name: t('defaultLane'), color: DEFAULT_LANE_COLOR }, ...(lanes.data ?? []).map((l) => ({ id: l.id, name: l.name, color: l.color }))],
    [lanes.data, t],
  );
  const nameOf = (lane: unknown) => all.find((l) => l.id === lane)?.name ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('picked', { name: (active.data.current as DragData).ticket.contact.name }),
    onDragOver: ({ active, over }) => (over ? t('over', { name: (active.data.current as DragData).ticket.contact.name, lane: nameOf(over.data.current?.lane) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dropped', { name: (active.data.current as DragData).ticket.contact.name, lane: nameOf(over.data.current?.lane) }) : undefined),
    onDragCancel: ({ active }) => t('cancelled', { name: (active.data.current as DragData).ticket.contact.name }),
  };

  function onDragStart(event: DragStartEvent) {
    setDragged((event.active.data.current as DragData).ticket);
  }

  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    const from = event.active.data.current as DragData | undefined;
    const to = event.over?.data.current?.lane as number | undefined;
    if (!from || to === undefined || to === from.lane) return;
    move.mutate({ ticket: from.ticket, to, toName: nameOf(to) });
  }

  if (lanes.status === 'pending') return <LoadingState />;
  if (lanes.status === 'error') return <ErrorCard message={t('error')} onRetry={() => void lanes.refetch()} />;
  return (
    <div className="kb-page" data-testid="kanban-page">
      <PageHeader title={t('title')}>
        <Button icon="add-column-right" intent={Intent.PRIMARY} text={t('addLane')} onClick={() => setAdding(true)} data-testid="kanban-add-lane" />
      </PageHeader>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragHint') } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div className="kb-board" data-testid="kanban-board">
          {all.map((lane) => (
            <KanbanLane key={lane.id} lane={lane.id} name={lane.name} color={lane.color} />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragged ? <KanbanCardBody ticket={dragged} viewLabel={t('viewTicket')} noMessage={t('noMessage')} /> : null}</DragOverlay>
      </DndContext>
      <KanbanTagDialog isOpen={adding} onSubmit={(input) => mutations.create.mutateAsync(input)} onSaved={() => setAdding(false)} onClose={() => setAdding(false)} />
    </div>
  );
}
