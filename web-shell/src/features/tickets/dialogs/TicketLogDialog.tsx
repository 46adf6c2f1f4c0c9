import { Button, Classes, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Dialog, EmptyState, ErrorCard, formatDateTime, LoadingState, TagChip, useTranslation } from '@guiche/web-sdk';
import { fetchTicketLog } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';
import type { Ticket } from '../api/types.js';
import { TICKETS_NS } from '../i18n/register.js';

/** The ticket history (GET /tickets-log/:id): who did what, in which queue, when. */
export function TicketLogDialog({ ticket, onClose }: { ticket: Ticket | null; onClose(): void }) {
  const { t, i18n } = useTranslation(TICKETS_NS);
  const log = useQuery({
    queryKey: ticketKeys.log(ticket?.id ?? 0),
    queryFn: () => fetchTicketLog(ticket!.id),
    enabled: ticket !== null,
    staleTime: 0,
    meta: { silent: true },
  });
  const typeLabel = (type: string) => (i18n.exists(`${TICKETS_NS}:log.types.${type}`) ? t(`log.types.${type}`) : type);

  let body;
  if (log.isPending) body = <LoadingState label={t('log.loading')} />;
  else if (log.isError) body = <ErrorCard message={t('log.error')} onRetry={() => void log.refetch()} />;
  else if (!log.data.length) body = <EmptyState icon="history" title={t('log.empty')} />;
  else
    body = (
      <ul className="tk-log" data-testid="ticket-log">
        {log.data.map((entry) => (
          <li key={entry.id} className="tk-log__entry">
            <span className="tk-log__type">{typeLabel(entry.type)}</span>
            <span className={Classes.TEXT_MUTED}>
              {entry.user?.name ?? t('log.system')}
              {entry.queue ? ` · ${entry.queue.name}` : ''}
            </span>
            {entry.closeReason && (
              <span data-testid="ticket-log-close-reason" title={t('log.closeReason')}>
                <TagChip name={entry.closeReason.name} color={entry.closeReason.color} />
              </span>
            )}
            <time className={Classes.TEXT_MUTED} dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('log.title')} icon="history">
      <DialogBody>{body}</DialogBody>
      <DialogFooter actions={<Button text={t('log.close')} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}
