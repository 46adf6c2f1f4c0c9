import { Button, Card, Intent } from '@blueprintjs/core';
import { useDraggable } from '@dnd-kit/core';
import { useNavigate } from 'react-router';
import { contactNumberText, useTranslation } from '@guiche/web-sdk';
import type { KanbanTicket } from '../api/kanban-api';
import { NS } from '../i18n/register';

interface Props {
  ticket: KanbanTicket;
  lane: number;
  laneName: string;
}

export function cardDragId(lane: number, ticketId: number): string {
  return `card-${lane}-${ticketId}`;
}

/** A card: contact name, number, last message and "Ver Ticket"; dragged with the mouse or the keyboard. */
export function KanbanCard({ ticket, lane, laneName }: Props) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: cardDragId(lane, ticket.id), data: { ticket, lane } });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('cardLabel', { name: ticket.contact.name, lane: laneName })}
      className={`kb-card-wrap${isDragging ? ' kb-dragging' : ''}`}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
    >
      <KanbanCardBody ticket={ticket} onOpen={() => navigate(`/tickets/${ticket.uuid}`)} viewLabel={t('viewTicket')} noMessage={t('noMessage')} />
    </div>
  );
}

interface BodyProps {
  ticket: KanbanTicket;
  onOpen?(): void;
  viewLabel: string;
  noMessage: string;
}

export function KanbanCardBody({ ticket, onOpen, viewLabel, noMessage }: BodyProps) {
  return (
    <Card className="kb-card" compact>
      <div className="kb-card-name">{ticket.contact.name}</div>
      <div className="kb-card-number">{contactNumberText(ticket.contact)}</div>
      <div className="kb-card-message">{ticket.lastMessage || noMessage}</div>
      <Button
        size="small"
        intent={Intent.PRIMARY}
        variant="outlined"
        text={viewLabel}
        onClick={onOpen}
        // The button is not a drag handle: its keys and presses are its own.
        onPointerDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        data-testid="kanban-view-ticket"
      />
    </Card>
  );
}
