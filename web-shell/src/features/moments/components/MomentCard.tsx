import { Card, H5, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { MomentTicket } from '@guiche/contracts';
import { Avatar, formatDateTime, readableOn, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

export interface MomentCardProps {
  title: string;
  count: number;
  tickets: MomentTicket[];
  online?: boolean;
  testId: string;
  pending?: boolean;
}

/** One agent's open tickets (or the pending ones) with their count. */
export function MomentCard({ title, count, tickets, online, testId, pending }: MomentCardProps) {
  const { t } = useTranslation(NS);
  return (
    <Card className={`mo-card ${pending ? 'mo-card--pending' : ''}`} data-testid={testId}>
      <header className="mo-card__head">
        <Avatar name={title} url={null} size={32} />
        <H5 className="mo-card__title">{title}</H5>
        {online !== undefined && <span className={`db-dot ${online ? 'db-dot--on' : ''}`} title={online ? t('online') : t('offline')} />}
        <Tag round intent={pending ? 'warning' : 'primary'} data-testid={`${testId}-count`}>{count}</Tag>
      </header>
      <div className="mo-card__sub">{t('count', { count })}</div>
      <ul className="mo-list">
        {tickets.map((ticket) => (
          <li key={ticket.id} data-testid={`moment-ticket-${ticket.id}`}>
            <Link to={`/tickets/${ticket.uuid}`} aria-label={t('open', { name: ticket.contact.name })} className="mo-ticket">
              <span className="mo-ticket__name">{ticket.contact.name}</span>
              <Tag minimal={false} style={{ background: ticket.queue.color, color: readableOn(ticket.queue.color) }}>
                {ticket.queue.id === 0 ? t('noQueue') : ticket.queue.name}
              </Tag>
              <span className="mo-ticket__last">{ticket.lastMessage.slice(0, 30)}</span>
              <span className="mo-ticket__time">{formatDateTime(ticket.updatedAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {count > tickets.length && <div className="mo-card__sub">{t('more', { count: count - tickets.length })}</div>}
    </Card>
  );
}
