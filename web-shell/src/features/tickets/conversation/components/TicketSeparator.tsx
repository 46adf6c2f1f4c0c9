import { Link } from 'react-router';
import type { EarlierTicket } from '@guiche/contracts';
import { formatDateTime, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Props {
  ticketId: number;
  /** The open ticket (its stretch starts below the earlier ones). */
  current: boolean;
  ticket: EarlierTicket | undefined;
}

/** Names the ticket a stretch of the conversation belongs to: number, queue, agent and dates, with a link. */
export function TicketSeparator({ ticketId, current, ticket }: Props) {
  const { t } = useTranslation(NS);
  if (current || !ticket) {
    return (
      <li className="cv-ticket-separator cv-ticket-separator--current" role="separator" data-testid="ticket-separator" data-ticket-id={ticketId}>
        <span>{t('history.current', { id: ticketId })}</span>
      </li>
    );
  }
  const parts = [
    t('history.ticket', { id: ticket.id }),
    ticket.queue ? t('history.queue', { name: ticket.queue.name }) : t('history.noQueue'),
    ticket.user ? t('history.user', { name: ticket.user.name }) : t('history.noUser'),
    t('history.period', { from: formatDateTime(ticket.createdAt), to: formatDateTime(ticket.updatedAt) }),
  ];
  return (
    <li className="cv-ticket-separator" role="separator" data-testid="ticket-separator" data-ticket-id={ticketId}>
      <span style={ticket.queue ? { borderLeftColor: ticket.queue.color } : undefined}>
        {parts.join(' · ')} <Link to={`/tickets/${ticket.uuid}`}>{t('history.open')}</Link>
      </span>
    </li>
  );
}
