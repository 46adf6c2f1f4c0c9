import { Link } from 'react-router';
import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, LoadingState, useTranslation } from '@guiche/web-sdk';
import { drawerKeys, fetchEarlierTickets } from '../api.js';
import { NS } from '../i18n/register.js';

/** The contact's earlier tickets (every connection, as far as the user reads them), each a link. */
export function EarlierTickets({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation(NS);
  const query = useQuery({ queryKey: drawerKeys.earlier(ticketId), queryFn: () => fetchEarlierTickets(ticketId) });
  return (
    <section className="cd-section" aria-labelledby="cd-earlier-title">
      <h4 id="cd-earlier-title" className="cd-section__title">
        {t('earlier.title')}
      </h4>
      {query.isPending ? (
        <LoadingState label={t('earlier.loading')} />
      ) : !query.data?.length ? (
        <p className="cd-muted">{t('earlier.empty')}</p>
      ) : (
        <ul className="cd-earlier" data-testid="earlier-tickets">
          {query.data.map((ticket) => (
            <li key={ticket.id} data-ticket-id={ticket.id}>
              <Link to={`/tickets/${ticket.uuid}`}>{t('earlier.item', { id: ticket.id, date: formatDate(ticket.createdAt) })}</Link>{' '}
              <Tag minimal style={ticket.queue ? { borderLeft: `3px solid ${ticket.queue.color}` } : undefined}>
                {ticket.queue?.name ?? t('earlier.noQueue')}
              </Tag>{' '}
              <span className="cd-muted">
                {[t(`earlier.status.${ticket.status}`, { defaultValue: ticket.status }), ticket.user?.name, ticket.connection].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
