import { Button, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { MenuPopover, EmptyState, ErrorCard, LoadingState, formatRelativeTime, useTranslation } from '@guiche/web-sdk';
import { truncate } from '../lib/text.js';
import { TICKETS_NS } from '../i18n/register.js';
import { useTicketNotifications } from './useTicketNotifications.js';

/** The top bar's notifications: unread tickets, newest first; a click opens the conversation. */
export function TicketNotifications() {
  const { t } = useTranslation(TICKETS_NS);
  const navigate = useNavigate();
  const query = useTicketNotifications();
  const tickets = query.data ?? [];
  const count = tickets.length;

  let content;
  if (query.isPending) content = <LoadingState label={t('notifications.loading')} />;
  else if (query.isError) content = <ErrorCard message={t('notifications.error')} onRetry={() => void query.refetch()} />;
  else if (!count) content = <EmptyState icon="notifications" title={t('notifications.empty')} description={t('notifications.emptyHint')} />;
  else
    content = (
      <Menu aria-label={t('notifications.title')} data-testid="notifications-list">
        {tickets.map((ticket) => (
          <MenuItem
            key={ticket.id}
            className="tk-notifications__item"
            icon="chat"
            text={
              <span>
                <strong>{truncate(ticket.contact.name)}</strong>
                <br />
                <span className="bp6-text-muted">{truncate(ticket.lastMessage)}</span>
              </span>
            }
            label={formatRelativeTime(ticket.lastMessageAt ?? ticket.updatedAt)}
            labelElement={
              <Tag round intent="success" aria-label={t('notifications.unread', { count: ticket.unreadMessages ?? 0 })}>
                {ticket.unreadMessages}
              </Tag>
            }
            onClick={() => navigate(`/tickets/${ticket.uuid}`)}
            data-testid="notification-item"
          />
        ))}
      </Menu>
    );

  const askPermission = () => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
  };

  return (
    <MenuPopover placement="bottom-end" content={<div className="tk-notifications">{content}</div>} onOpening={askPermission}>
      <Button variant="minimal" icon="notifications" aria-label={`${t('notifications.title')}${count ? ` (${count})` : ''}`} title={t('notifications.title')} data-testid="notifications-button">
        {count > 0 && (
          <Tag round intent="danger" className="tk-notifications__badge" data-testid="notifications-count">
            {count}
          </Tag>
        )}
      </Button>
    </MenuPopover>
  );
}
