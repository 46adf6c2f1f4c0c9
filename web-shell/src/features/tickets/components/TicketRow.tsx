import { memo } from 'react';
import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime, useTranslation } from '@guiche/web-sdk';
import type { Ticket } from '../api/types.js';
import { plainPreview, tagSummary, truncate } from '../lib/text.js';
import { kanbanLane, plainTags } from '../lib/ticket-tags.js';
import { TICKETS_NS } from '../i18n/register.js';
import { SlaCountdown } from '../../sla/components/SlaCountdown.js';

export const TICKET_ROW_HEIGHT = 84;

interface Props {
  ticket: Ticket;
  selected: boolean;
  showOwner: boolean;
  presence?: string;
  onAccept?(ticket: Ticket): void;
}

/**
 * One ticket of the list (inbox.md §2): contact name and last message cut at 30 characters, one tag
 * plus a count (the ticket's plain tags, as its drawer's picker sets them), its Kanban lane apart,
 * the owner for admins, the unread count and when it last moved.
 */
export const TicketRow = memo(function TicketRow({ ticket, selected, showOwner, presence, onAccept }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const tags = plainTags(ticket.tags);
  const lane = kanbanLane(ticket.tags);
  const { first, more } = tagSummary(tags);
  const unread = ticket.unreadMessages ?? 0;
  const picture = ticket.contact.urlPicture || ticket.contact.profilePicUrl;
  const when = ticket.lastMessageAt ?? ticket.updatedAt;
  const presenceText = presence === 'composing' ? t('list.presenceComposing') : presence === 'recording' ? t('list.presenceRecording') : null;

  return (
    <div className={`tk-row${selected ? ' tk-row--selected' : ''}`} data-testid="ticket-row" data-ticket-id={ticket.id} data-status={ticket.status}>
      <span className="tk-row__queue" style={{ background: ticket.queue?.color ?? '#8f99a8' }} title={ticket.queue?.name ?? t('list.noQueue')} />
      <Link className="tk-row__link" to={`/tickets/${ticket.uuid}`} aria-current={selected ? 'page' : undefined}>
        {picture ? (
          <img className="tk-row__avatar" src={picture} alt="" />
        ) : (
          <span className="tk-row__avatar tk-row__avatar--initial" aria-hidden="true">
            {Array.from(ticket.contact.name || '?')[0]?.toUpperCase()}
          </span>
        )}
        <span className="tk-row__main">
          <span className="tk-row__line">
            <strong className="tk-row__name" title={ticket.contact.name}>
              {truncate(ticket.contact.name)}
            </strong>
            <time className={`tk-row__time ${Classes.TEXT_MUTED}`} dateTime={String(when ?? '')} title={formatDateTime(when)}>
              {formatRelativeTime(when)}
            </time>
          </span>
          <span className={`tk-row__message${presenceText ? ' tk-row__message--presence' : ''}`}>
            {presenceText ?? (ticket.lastMessage ? truncate(plainPreview(ticket.lastMessage)) : <span className={Classes.TEXT_MUTED}>{t('list.noMessage')}</span>)}
          </span>
          <span className="tk-row__tags">
            {ticket.isGroup && <Tag minimal>{t('list.group')}</Tag>}
            <SlaCountdown sla={ticket.sla} status={ticket.status} />
            {first && (
              <Tag minimal round style={{ background: first.color, color: '#fff' }} title={tags.map((tag) => tag.name).join(', ')} data-testid="ticket-row-tag">
                {truncate(first.name, 14)}
              </Tag>
            )}
            {more > 0 && (
              <Tag minimal round title={tags.slice(1).map((tag) => tag.name).join(', ')}>
                {t('list.moreTags', { count: more })}
              </Tag>
            )}
            {lane && (
              <Tag minimal icon="column-layout" title={t('list.kanbanLane', { name: lane.name })} data-testid="ticket-row-lane">
                {t('list.kanbanChip', { name: truncate(lane.name, 12) })}
              </Tag>
            )}
            {showOwner && ticket.user && (
              <Tag minimal intent={Intent.PRIMARY} icon="person" data-testid="ticket-owner" title={t('list.owner', { name: ticket.user.name })}>
                {truncate(ticket.user.name, 14)}
              </Tag>
            )}
          </span>
        </span>
        {unread > 0 && (
          <span className="tk-row__unread" data-testid="ticket-unread" aria-label={t('list.unreadCount', { count: unread })}>
            {unread}
          </span>
        )}
      </Link>
      {ticket.status === 'pending' && onAccept && (
        <Button className="tk-row__accept" size="small" intent={Intent.SUCCESS} text={t('actions.accept')} onClick={() => onAccept(ticket)} data-testid="ticket-accept" />
      )}
    </div>
  );
});
